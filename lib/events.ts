// infrastructure → the event pipeline: outbox stream → publisher → bus → rules → webhook queue → dispatcher, email
// queue → email sender, and the sweeper.
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { envNames } from '#shared/config';
import {
  type BackgroundFunctionDefinition,
  backgroundFunctions,
  emailQueueSettings,
  type EventRuleDefinition,
  eventRules,
  outboxStreamFilter,
  webhookQueueSettings,
} from '#shared/events/pipeline';
import { emailSettingsFromContext } from '#lib/email';
import { FunctionWithLogGroup, type FunctionWithLogGroupProps } from '#lib/function-with-log-group';
import type { PipelineQueues } from '#lib/pipeline-queues';
import type { StageSettings } from '#lib/stage';

export interface EventsProps {
  stage: StageSettings;
  /** The table whose stream carries the outbox; the dispatcher and the sweeper read and write it. */
  table: ITable;
  secretKey: IKey;
  queues: PipelineQueues;
  alarmTopic: ITopic;
}

interface Trigger {
  props: Pick<FunctionWithLogGroupProps, 'timeout'>;
  wire: (fn: FunctionWithLogGroup, definition: BackgroundFunctionDefinition) => void;
}

/** Only outbox items, and only when they are written: updates and deletes of the item are not events. */
export const outboxFilterCriteria = FilterCriteria.filter(structuredClone(outboxStreamFilter) as Record<string, unknown>);

/** How long and how often the bus retries handing an event to its queue before the target's dead-letter queue. */
export const ruleTargetRetry = { maxEventAge: Duration.hours(24), retryAttempts: 185 } as const;

export class Events extends Construct {
  public readonly functions: Record<string, FunctionWithLogGroup> = {};
  /** The bus rules that feed queues, by name. */
  public readonly rules: Record<string, Rule> = {};

  public constructor(scope: Construct, id: string, { stage, table, secretKey, queues, alarmTopic }: EventsProps) {
    super(scope, id);

    const triggers: Record<BackgroundFunctionDefinition['trigger'], Trigger> = {
      tableStream: {
        props: { timeout: Duration.seconds(30) },
        wire: (fn) => {
          fn.bindEventBus({ bus: queues.bus });
          fn.live.addEventSource(
            new DynamoEventSource(table, {
              startingPosition: StartingPosition.TRIM_HORIZON,
              filters: [outboxFilterCriteria],
              reportBatchItemFailures: true,
              bisectBatchOnError: true,
              retryAttempts: 10,
              onFailure: new SqsDlq(queues.streamFailureQueue),
            }),
          );
          fn.acknowledge(
            'AwsSolutions-IAM5[Resource::*]',
            'X-Ray trace writes and dynamodb:ListStreams (granted with the stream event source) accept only Resource "*".',
          );
        },
      },
      webhookQueue: {
        props: { timeout: Duration.seconds(webhookQueueSettings.dispatcherTimeoutSeconds) },
        wire: (fn) => {
          fn.bindTable({ table, accessMode: 'readWrite' });
          fn.bindSecretKey({ key: secretKey, accessMode: 'decrypt' });
          fn.bindQueue({ queue: queues.webhookQueue, envName: envNames.webhookQueueUrl, accessMode: 'changeVisibility' });
          fn.bindQueue({ queue: queues.webhookDeadLetterQueue, envName: envNames.webhookDeadLetterQueueUrl, accessMode: 'send' });
          fn.live.addEventSource(
            new SqsEventSource(queues.webhookQueue, {
              batchSize: webhookQueueSettings.batchSize,
              reportBatchItemFailures: true,
              // A backlog or a DLQ redrive can never take the account's concurrency from the API.
              maxConcurrency: webhookQueueSettings.maxConcurrency,
            }),
          );
        },
      },
      emailQueue: {
        props: { timeout: Duration.seconds(emailQueueSettings.senderTimeoutSeconds) },
        wire: (fn) => {
          // Least privilege: ses:SendEmail as the sender identity; no table, no key (the message is in the event).
          fn.bindEmail(emailSettingsFromContext(this));
          fn.live.addEventSource(
            new SqsEventSource(queues.emailQueue, {
              batchSize: emailQueueSettings.batchSize,
              reportBatchItemFailures: true,
              maxConcurrency: emailQueueSettings.maxConcurrency,
            }),
          );
        },
      },
      schedule: {
        // Finishes before the next run starts.
        props: { timeout: Duration.seconds(50) },
        wire: (fn, definition) => {
          // Due schedules are found through gsi2 (shared/storage/schedule-store.ts).
          fn.bindTable({ table, accessMode: 'readWrite', indexes: ['gsi2'] });
          // Only the reconciliation reaches the provider; the sweeps read and write the table alone.
          if (definition.provisions) fn.bindProvisioning({ stage, secretKey });
          new Rule(this, `${fn.node.id}Schedule`, {
            schedule: Schedule.rate(Duration.minutes(1)),
            targets: [new LambdaFunction(fn.live)],
          });
        },
      },
    };

    for (const definition of backgroundFunctions) {
      const { props, wire } = triggers[definition.trigger];
      const fn = new FunctionWithLogGroup(this, definition.operation, {
        entry: definition.entry,
        description: definition.description,
        stage,
        alarmTopic,
        ...props,
      });
      wire(fn, definition);
      this.functions[definition.operation] = fn;
    }

    const ruleTargets: Record<EventRuleDefinition['target'], IQueue> = { webhookQueue: queues.webhookQueue, emailQueue: queues.emailQueue };
    for (const rule of eventRules) {
      this.rules[rule.name] = new Rule(this, rule.name, {
        eventBus: queues.bus,
        description: rule.description,
        eventPattern: { source: rule.pattern.source, detailType: rule.pattern['detail-type'] },
        targets: [new SqsQueue(ruleTargets[rule.target], { ...ruleTargetRetry, deadLetterQueue: queues.eventTargetDeadLetterQueue })],
      });
    }
  }
}
