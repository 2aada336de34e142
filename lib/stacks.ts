// infrastructure → the stacks of one stage, split by how they change: data (table, keys, alarm topic), event
// pipeline, partner API (with its route groups as nested stacks) and monitoring (the dashboard).
import { SmdpNotificationDomain, smdpNotificationDomainFromContext } from '#lib/smdp-notification-domain';
import { CfnOutput, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { backgroundFunctions } from '#shared/events/pipeline';
import type { RouteDefinition } from '#shared/routes';
import { addAlarm, alarmPeriod as period, alarmThresholds } from '#lib/alarms';
import { Api } from '#lib/api';
import { Data } from '#lib/data';
import { Events } from '#lib/events';
import { Firewall } from '#lib/firewall';
import { Monitoring } from '#lib/monitoring';
import { PipelineQueues } from '#lib/pipeline-queues';
import { opsOutputs } from '#lib/stack-outputs';
import { resourcePrefix, type StageSettings } from '#lib/stage';

/**
 * CDK context value (`-c alarmEmail=oncall@example.com`) that subscribes an address to the alarm topic. The
 * subscription is retained: a later deploy without the value (a rollback, a hotfix) leaves on-call subscribed rather
 * than unsubscribing them; an address is removed in the SNS console or by the link in each notification.
 */
export const alarmEmailContextKey = 'alarmEmail';

interface StageStackProps extends StackProps {
  stage: StageSettings;
}

/** Outputs the ops CLI reads (lib/stack-outputs.ts), under their fixed keys. */
const addOpsOutputs = (stack: Stack, values: Partial<Record<keyof typeof opsOutputs, string>>): void => {
  for (const [name, value] of Object.entries(values)) {
    const { key } = opsOutputs[name as keyof typeof opsOutputs];
    new CfnOutput(stack, key, { value }).overrideLogicalId(key);
  }
};

/** What must outlive every other stack: the table, the KMS keys, and the topic on-call subscribes to. */
export class DataStack extends Stack {
  public readonly data: Data;
  public readonly alarmTopic: Topic;

  public constructor(scope: Construct, id: string, props: StageStackProps) {
    const { stage, ...stackProps } = props;
    super(scope, id, { ...stackProps, terminationProtection: stage.terminationProtection });
    this.data = new Data(this, 'Data', { stage });
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      topicName: `${resourcePrefix(stage)}-alarms`,
      displayName: `eSIM booking ${stage.name} alarms`,
      enforceSSL: true,
    });
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and metrics only, no customer data; CloudWatch cannot publish to a topic under the AWS managed SNS key.',
    });
    const email: unknown = this.node.tryGetContext(alarmEmailContextKey);
    if (typeof email === 'string' && email !== '') {
      this.alarmTopic.addSubscription(new EmailSubscription(email)).applyRemovalPolicy(RemovalPolicy.RETAIN);
    }
    addOpsOutputs(this, { tableName: this.data.table.tableName, secretKeyId: this.data.secretKey.keyArn });
  }
}

/** Outbox stream → publisher → bus → rules → queues → dispatcher and email sender, the sweeper, and their alarms. */
export class PipelineStack extends Stack {
  public readonly queues: PipelineQueues;
  public readonly events: Events;

  public constructor(scope: Construct, id: string, props: StageStackProps & { dataStack: DataStack }) {
    const { stage, dataStack, ...stackProps } = props;
    super(scope, id, { ...stackProps, terminationProtection: stage.terminationProtection });
    const { data, alarmTopic } = dataStack;
    this.queues = new PipelineQueues(this, 'Queues', { stage });
    this.events = new Events(this, 'Events', { stage, table: data.table, secretKey: data.secretKey, queues: this.queues, alarmTopic });

    for (const [name, queue] of Object.entries(this.queues.deadLetterQueues)) {
      addAlarm(this, `${name}Depth`, alarmTopic, {
        metric: queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: name }),
        threshold: alarmThresholds.deadLetterMessages,
        description: `${name} holds messages: see docs/operations.md.`,
      });
    }
    for (const fn of this.streamConsumers) {
      addAlarm(this, `${fn.node.id}IteratorAge`, alarmTopic, {
        metric: fn.metric('IteratorAge', { period, statistic: 'Maximum', label: `${fn.node.id} iterator age` }),
        threshold: alarmThresholds.streamIteratorAgeMs,
        description: 'The outbox publisher is behind the table stream.',
      });
    }
    for (const [name, rule] of Object.entries(this.events.rules)) {
      addAlarm(this, `${name}TargetFailures`, alarmTopic, {
        metric: new Metric({
          namespace: 'AWS/Events',
          metricName: 'FailedInvocations',
          dimensionsMap: { EventBusName: this.queues.bus.eventBusName, RuleName: rule.ruleName },
          period,
          statistic: 'Sum',
          label: `${name} failed invocations`,
        }),
        threshold: alarmThresholds.ruleTargetFailures,
        description: `EventBridge could not deliver ${name} events to its target.`,
      });
    }
    const { queues } = this;
    addOpsOutputs(this, {
      webhookQueueUrl: queues.webhookQueue.queueUrl,
      webhookDeadLetterQueueUrl: queues.webhookDeadLetterQueue.queueUrl,
      emailQueueUrl: queues.emailQueue.queueUrl,
      emailDeadLetterQueueUrl: queues.emailDeadLetterQueue.queueUrl,
      streamFailureQueueUrl: queues.streamFailureQueue.queueUrl,
      eventTargetDeadLetterQueueUrl: queues.eventTargetDeadLetterQueue.queueUrl,
      eventBusName: queues.bus.eventBusName,
    });
  }

  /** Functions fed by the table stream. */
  public get streamConsumers() {
    return backgroundFunctions.filter((fn) => fn.trigger === 'tableStream').map((fn) => this.events.functions[fn.operation]!);
  }
}

/** The partner API and the traveler web app: the RestApi, its route stacks, its stage and the firewall in front. */
export class ApiStack extends Stack {
  public readonly api: Api;
  public readonly firewall: Firewall;
  /** Stages that provision over ES2+: where the SM-DP+ sends notifications (mutual TLS). */
  public readonly smdpDomain?: SmdpNotificationDomain;

  public constructor(scope: Construct, id: string, props: StageStackProps & { dataStack: DataStack; routes?: readonly RouteDefinition[] }) {
    const { stage, dataStack, routes, ...stackProps } = props;
    super(scope, id, { ...stackProps, terminationProtection: stage.terminationProtection });
    const { data, alarmTopic } = dataStack;
    this.api = new Api(this, 'Api', {
      stage,
      routes,
      resources: { table: data.table, secretKey: data.secretKey, tokenKey: data.tokenKey, alarmTopic },
    });
    this.firewall = new Firewall(this, 'Firewall', { stage, api: this.api.restApi });
    if (stage.connectivity === 'es2plus') {
      this.smdpDomain = new SmdpNotificationDomain(this, 'SmdpNotificationDomain', {
        api: this.api.restApi,
        settings: smdpNotificationDomainFromContext(this),
      });
    }
  }
}

/** The dashboard of the whole stage and the table's throttle alarm; changes most often and holds nothing. */
export class MonitoringStack extends Stack {
  public readonly monitoring: Monitoring;

  public constructor(
    scope: Construct,
    id: string,
    props: StageStackProps & { dataStack: DataStack; pipelineStack: PipelineStack; apiStack: ApiStack },
  ) {
    const { stage, dataStack, pipelineStack, apiStack, ...stackProps } = props;
    super(scope, id, { ...stackProps, terminationProtection: stage.terminationProtection });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      alarmTopic: dataStack.alarmTopic,
      apiName: apiStack.api.restApi.restApiName,
      table: dataStack.data.table,
      bus: pipelineStack.queues.bus,
      deadLetterQueues: pipelineStack.queues.deadLetterQueues,
      streamConsumers: pipelineStack.streamConsumers,
      rules: pipelineStack.events.rules,
    });
  }
}
