// infrastructure → the event pipeline: outbox stream → publisher → bus → rules → webhook queue → dispatcher, email
// queue → email sender, and the sweeper.
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
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
import type { Data } from '#lib/data';
import { emailSettingsFromContext } from '#lib/email';
import { FunctionWithLogGroup, type FunctionWithLogGroupProps } from '#lib/function-with-log-group';
import type { StageSettings } from '#lib/stage';

export interface EventsProps {
  stage: StageSettings;
  data: Data;
}

interface Trigger {
  props: Pick<FunctionWithLogGroupProps, 'timeout'>;
  wire: (fn: FunctionWithLogGroup) => void;
}

/** Only outbox items, and only when they are written: updates and deletes of the item are not events. */
export const outboxFilterCriteria = FilterCriteria.filter(structuredClone(outboxStreamFilter) as Record<string, unknown>);

/** How long and how often the bus retries handing an event to its queue before the target's dead-letter queue. */
export const ruleTargetRetry = { maxEventAge: Duration.hours(24), retryAttempts: 185 } as const;

export class Events extends Construct {
  public readonly functions: Record<string, FunctionWithLogGroup> = {};
  /** The bus rules that feed queues, by name. */
  public readonly rules: Record<string, Rule> = {};

  public constructor(scope: Construct, id: string, { stage, data }: EventsProps) {
    super(scope, id);

    const triggers: Record<BackgroundFunctionDefinition['trigger'], Trigger> = {
      tableStream: {
        props: { timeout: Duration.seconds(30) },
        wire: (fn) => {
          fn.bindEventBus({ bus: data.bus });
          fn.addEventSource(
            new DynamoEventSource(data.table, {
              startingPosition: StartingPosition.TRIM_HORIZON,
              filters: [outboxFilterCriteria],
              reportBatchItemFailures: true,
              bisectBatchOnError: true,
              retryAttempts: 10,
              onFailure: new SqsDlq(data.streamFailureQueue),
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
          fn.bindTable({ table: data.table, accessMode: 'readWrite' });
          fn.bindSecretKey({ key: data.secretKey, accessMode: 'decrypt' });
          fn.bindQueue({ queue: data.webhookQueue, envName: envNames.webhookQueueUrl, accessMode: 'changeVisibility' });
          fn.bindQueue({ queue: data.webhookDeadLetterQueue, envName: envNames.webhookDeadLetterQueueUrl, accessMode: 'send' });
          fn.addEventSource(
            new SqsEventSource(data.webhookQueue, {
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
          fn.addEventSource(
            new SqsEventSource(data.emailQueue, {
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
        wire: (fn) => {
          // Due schedules are found through gsi2 (shared/storage/schedule-store.ts).
          fn.bindTable({ table: data.table, accessMode: 'readWrite', indexes: ['gsi2'] });
          fn.bindProviderSecret(stage);
          new Rule(this, `${fn.node.id}Schedule`, {
            schedule: Schedule.rate(Duration.minutes(1)),
            targets: [new LambdaFunction(fn)],
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
        ...props,
      });
      wire(fn);
      this.functions[definition.operation] = fn;
    }

    const ruleTargets: Record<EventRuleDefinition['target'], IQueue> = { webhookQueue: data.webhookQueue, emailQueue: data.emailQueue };
    for (const rule of eventRules) {
      this.rules[rule.name] = new Rule(this, rule.name, {
        eventBus: data.bus,
        description: rule.description,
        eventPattern: { source: rule.pattern.source, detailType: rule.pattern['detail-type'] },
        targets: [new SqsQueue(ruleTargets[rule.target], { ...ruleTargetRetry, deadLetterQueue: data.eventTargetDeadLetterQueue })],
      });
    }
  }
}
