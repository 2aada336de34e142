// infrastructure → alarms and one dashboard per stage: queues, stream, bus, every function, API and table.
// Thresholds and the on-call runbook: docs/operations.md.
import { Aspects, Duration, type IAspect, Stack, Validations } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { metricNames, metricsNamespace } from '#shared/observability';
import { serviceName } from '#lib/function-with-log-group';
import { resourcePrefix, type StageSettings } from '#lib/stage';

/** CDK context value (`-c alarmEmail=oncall@example.com`) that subscribes an address to the alarm topic. */
export const alarmEmailContextKey = 'alarmEmail';

/** Every threshold in one place; docs/operations.md explains each one and what to do. */
export const alarmThresholds = {
  /** Any message in a dead-letter queue needs a person. */
  deadLetterMessages: 1,
  /** The outbox publisher is this far behind the table stream. */
  streamIteratorAgeMs: 60_000,
  /** Errors of one function within five minutes. */
  functionErrors: 3,
  /** Failed connectivity provider calls (unreachable, refused, protocol) within five minutes. */
  providerErrors: 5,
  /** p99 of connectivity provider calls, three five-minute periods in a row. */
  providerP99LatencyMs: 3_000,
  /** Any throttled invocation. */
  functionThrottles: 1,
  /** Percentage of API responses that are 5xx, when at least `apiMinimumRequests` came in five minutes. */
  api5xxPercent: 1,
  apiMinimumRequests: 20,
  /** p99 of API Gateway's latency, three five-minute periods in a row. */
  apiP99LatencyMs: 2_000,
  /** Any throttled DynamoDB request. */
  tableThrottles: 1,
} as const;

const period = Duration.minutes(5);

export interface MonitoringProps {
  stage: StageSettings;
  api: RestApi;
  table: Table;
  /** Dead-letter queues: webhook deliveries, failed stream batches, failed bus-to-queue deliveries. */
  deadLetterQueues: Record<string, IQueue>;
  /** Functions fed by the table stream (iterator age). */
  streamConsumers: LambdaFunction[];
  /** Rules on the service's bus whose target invocations must not fail. */
  rules: Record<string, Rule>;
  bus: IEventBus;
}

export class Monitoring extends Construct {
  public readonly topic: Topic;
  public readonly dashboard: Dashboard;
  public readonly alarms: Alarm[] = [];
  private readonly functionErrors = new GraphWidget({ title: 'Function errors', width: 12, height: 8 });
  private readonly functionThrottles = new GraphWidget({ title: 'Function throttles', width: 12, height: 8 });

  public constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, api, table } = props;
    const prefix = resourcePrefix(stage);

    this.topic = new Topic(this, 'AlarmTopic', { topicName: `${prefix}-alarms`, displayName: `eSIM booking ${stage.name} alarms`, enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry alarm names and metrics only, no customer data; CloudWatch cannot publish to a topic under the AWS managed SNS key.',
    });
    const email: unknown = this.node.tryGetContext(alarmEmailContextKey);
    if (typeof email === 'string' && email !== '') this.topic.addSubscription(new EmailSubscription(email));

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: prefix });
    this.dashboard.addWidgets(
      new TextWidget({ markdown: `# eSIM booking service: ${stage.name}\nAlarms and runbook: docs/operations.md`, width: 24, height: 2 }),
    );

    // API: 5xx rate and p99 latency.
    const requests = api.metricCount({ period, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: `IF(requests >= ${alarmThresholds.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
      label: 'API 5xx %',
    });
    const latencyP99 = api.metricLatency({ period, statistic: 'p99' });
    this.alarm('Api5xxRate', errorRate, alarmThresholds.api5xxPercent, 'More than 1% of API responses are 5xx.');
    this.alarm('ApiLatencyP99', latencyP99, alarmThresholds.apiP99LatencyMs, 'API p99 latency above 2 s for 15 minutes.', 3);
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and errors', left: [requests, api.metricClientError({ period }), serverErrors], width: 8 }),
      new GraphWidget({ title: 'API 5xx %', left: [errorRate], width: 8 }),
      new GraphWidget({ title: 'API latency p99 (ms)', left: [latencyP99, api.metricIntegrationLatency({ period, statistic: 'p99' })], width: 8 }),
    );

    // Queues that hold what no code retries any more.
    const depths = Object.entries(props.deadLetterQueues).map(([name, queue]) => {
      const depth = queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: name });
      this.alarm(`${name}Depth`, depth, alarmThresholds.deadLetterMessages, `${name} holds messages: see docs/operations.md.`);
      return depth;
    });

    // Event pipeline: the stream's iterator age, failed rule targets, failed PutEvents.
    const iteratorAges = props.streamConsumers.map((fn) => {
      const age = fn.metric('IteratorAge', { period, statistic: 'Maximum', label: `${fn.node.id} iterator age` });
      this.alarm(`${fn.node.id}IteratorAge`, age, alarmThresholds.streamIteratorAgeMs, 'The outbox publisher is behind the table stream.');
      return age;
    });
    const failedInvocations = Object.entries(props.rules).map(([name, rule]) => {
      const failed = new Metric({
        namespace: 'AWS/Events',
        metricName: 'FailedInvocations',
        dimensionsMap: { EventBusName: props.bus.eventBusName, RuleName: rule.ruleName },
        period,
        statistic: 'Sum',
        label: `${name} failed invocations`,
      });
      this.alarm(`${name}TargetFailures`, failed, 1, `EventBridge could not deliver ${name} events to its target.`);
      return failed;
    });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Dead-letter queues (messages)', left: depths, width: 8 }),
      new GraphWidget({ title: 'Stream iterator age (ms)', left: iteratorAges, width: 8 }),
      new GraphWidget({
        title: 'Bus target failures and outbox publish failures',
        left: [...failedInvocations, this.custom(metricNames.outboxPublishFailures, 'Sum', stage)],
        width: 8,
      }),
    );

    // Webhooks and partners, from the functions' embedded metrics.
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Webhook attempts by outcome', left: [this.search(metricNames.webhookAttempts, 'outcome', stage)], width: 8 }),
      new GraphWidget({
        title: 'Webhook attempt latency (ms)',
        left: [this.custom(metricNames.webhookAttemptLatency, 'p50', stage), this.custom(metricNames.webhookAttemptLatency, 'p99', stage)],
        width: 8,
      }),
      new GraphWidget({
        title: 'Bookings created and authentication refusals',
        left: [this.custom(metricNames.bookingsCreated, 'Sum', stage)],
        right: [this.search(metricNames.authenticationRefused, 'code', stage)],
        width: 8,
      }),
    );

    // DynamoDB throttles (table and indexes).
    const throttles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
        writes: table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
      },
      period,
      label: 'Table throttle events',
    });
    this.alarm('TableThrottles', throttles, alarmThresholds.tableThrottles, 'DynamoDB throttled requests.');
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'DynamoDB throttle events', left: [throttles], width: 12 }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [table.metricConsumedReadCapacityUnits({ period }), table.metricConsumedWriteCapacityUnits({ period })],
        width: 12,
      }),
    );

    if (stage.connectivity !== 'simulated') this.watchProvider(stage);

    // Every function of the stack, including ones added later by any construct: found when the app synthesizes.
    Aspects.of(Stack.of(this)).add(new WatchEveryFunction(this));
    this.dashboard.addWidgets(this.functionErrors, this.functionThrottles);
  }

  /** Adds the errors and throttles alarms of one function and its lines on the dashboard. */
  public watchFunction(fn: LambdaFunction): void {
    const name = fn.node.id;
    const errors = fn.metricErrors({ period, statistic: 'Sum', label: name });
    const throttles = fn.metricThrottles({ period, statistic: 'Sum', label: name });
    this.alarm(`${name}Errors`, errors, alarmThresholds.functionErrors, `${name} failed at least 3 times in 5 minutes.`);
    this.alarm(`${name}Throttles`, throttles, alarmThresholds.functionThrottles, `${name} was throttled (reserved or account concurrency).`);
    this.functionErrors.addLeftMetric(errors);
    this.functionThrottles.addLeftMetric(throttles);
  }

  /** The connectivity provider: failed calls by outcome and call latency (shared/observability.ts recordProviderCall). */
  private watchProvider(stage: StageSettings): void {
    const failed = (outcome: string) =>
      new Metric({
        namespace: metricsNamespace,
        metricName: metricNames.providerCalls,
        dimensionsMap: { service: serviceName, stage: stage.name, outcome },
        period,
        statistic: 'Sum',
      });
    const errors = new MathExpression({
      expression: 'unreachable + refused + protocol',
      usingMetrics: { unreachable: failed('unreachable'), refused: failed('refused'), protocol: failed('protocol') },
      period,
      label: 'Provider errors',
    });
    const latency = new Metric({
      namespace: metricsNamespace,
      metricName: metricNames.providerCallLatency,
      dimensionsMap: { service: serviceName, stage: stage.name, provider: stage.connectivity },
      period,
      statistic: 'p99',
      label: 'Provider call p99',
    });
    this.alarm('ProviderErrors', errors, alarmThresholds.providerErrors, `The ${stage.connectivity} provider failed at least ${alarmThresholds.providerErrors} calls in 5 minutes.`);
    this.alarm('ProviderLatency', latency, alarmThresholds.providerP99LatencyMs, `p99 of ${stage.connectivity} provider calls is 3 s or more.`, 3);
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Provider calls by outcome', left: [this.search(metricNames.providerCalls, 'outcome', stage)], width: 12 }),
      new GraphWidget({ title: 'Provider call latency', left: [latency], width: 12 }),
    );
  }

  /** One alarm, at or above the threshold, notifying the topic when it fires and when it recovers. */
  private alarm(id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${description} Runbook: docs/operations.md#${id.toLowerCase()}`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private custom(metricName: string, statistic: string, stage: StageSettings): Metric {
    return new Metric({
      namespace: metricsNamespace,
      metricName,
      dimensionsMap: { service: serviceName, stage: stage.name },
      period,
      statistic,
      label: `${metricName} ${statistic}`,
    });
  }

  /** Every value of one dimension (outcome, code) as its own line. */
  private search(metricName: string, dimension: string, stage: StageSettings): MathExpression {
    return new MathExpression({
      expression: `SEARCH('{${metricsNamespace},service,stage,${dimension}} MetricName="${metricName}" stage="${stage.name}"', 'Sum', 300)`,
      usingMetrics: {},
      period,
      label: metricName,
    });
  }
}

class WatchEveryFunction implements IAspect {
  private readonly seen = new Set<LambdaFunction>();

  public constructor(private readonly monitoring: Monitoring) {}

  public visit(node: IConstruct): void {
    if (!(node instanceof LambdaFunction) || this.seen.has(node)) return;
    this.seen.add(node);
    this.monitoring.watchFunction(node);
  }
}
