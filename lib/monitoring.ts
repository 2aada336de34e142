// infrastructure → the stage's dashboard and its table alarm. Every other alarm lives in the stack of what it
// watches (lib/alarms.ts); thresholds and the on-call runbook: docs/operations.md.
import { Dashboard, GraphWidget, type IMetric, MathExpression, Metric, TextWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus, IRule } from 'aws-cdk-lib/aws-events';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { metricNames, metricsNamespace } from '#shared/observability';
import { indexes } from '#shared/storage/table-definition';
import { addAlarm, alarmPeriod as period, alarmThresholds } from '#lib/alarms';
import { functionNamePrefix, serviceName } from '#lib/function-with-log-group';
import { resourcePrefix, type StageSettings } from '#lib/stage';

export interface MonitoringProps {
  stage: StageSettings;
  alarmTopic: ITopic;
  /** The partner API's name (API Gateway metrics are keyed by it). */
  apiName: string;
  table: ITable;
  /** Dead-letter queues: webhook deliveries, emails, failed stream batches, failed bus-to-queue deliveries. */
  deadLetterQueues: Record<string, IQueue>;
  /** Functions fed by the table stream (iterator age). */
  streamConsumers: IFunction[];
  /** Rules on the service's bus whose target invocations must not fail. */
  rules: Record<string, IRule>;
  bus: IEventBus;
}

/**
 * Read and write throttle events of the table (`reads`, `writes`) and of each global secondary index of the table
 * definition (`gsi1Reads`, `gsi1Writes`, …), by metric math id.
 */
export const tableThrottleMetrics = (table: ITable): Record<string, IMetric> => {
  const metrics: Record<string, IMetric> = {
    reads: table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
    writes: table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
  };
  for (const { name } of Object.values(indexes)) {
    const dimensionsMap = { TableName: table.tableName, GlobalSecondaryIndexName: name };
    metrics[`${name}Reads`] = table.metric('ReadThrottleEvents', { period, statistic: 'Sum', dimensionsMap });
    metrics[`${name}Writes`] = table.metric('WriteThrottleEvents', { period, statistic: 'Sum', dimensionsMap });
  }
  return metrics;
};

export class Monitoring extends Construct {
  public readonly dashboard: Dashboard;

  public constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, table, apiName } = props;
    const prefix = resourcePrefix(stage);

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: prefix });
    this.dashboard.addWidgets(
      new TextWidget({ markdown: `# eSIM booking service: ${stage.name}\nAlarms and runbook: docs/operations.md`, width: 24, height: 2 }),
    );

    // API: requests, errors, 5xx rate and p99 latency (the alarms are in the API stack).
    const api = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiName: apiName }, period, statistic });
    const requests = api('Count', 'Sum');
    const serverErrors = api('5XXError', 'Sum');
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and errors', left: [requests, api('4XXError', 'Sum'), serverErrors], width: 8 }),
      new GraphWidget({
        title: 'API 5xx %',
        left: [
          new MathExpression({ expression: '100 * errors / requests', usingMetrics: { requests, errors: serverErrors }, period, label: 'API 5xx %' }),
        ],
        width: 8,
      }),
      new GraphWidget({ title: 'API latency p99 (ms)', left: [api('Latency', 'p99'), api('IntegrationLatency', 'p99')], width: 8 }),
    );

    // Event pipeline (alarmed in the pipeline stack).
    const depths = Object.entries(props.deadLetterQueues).map(([name, queue]) =>
      queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: name }),
    );
    const iteratorAges = props.streamConsumers.map((fn) => fn.metric('IteratorAge', { period, statistic: 'Maximum', label: 'Outbox iterator age' }));
    const failedInvocations = Object.entries(props.rules).map(
      ([name, rule]) =>
        new Metric({
          namespace: 'AWS/Events',
          metricName: 'FailedInvocations',
          dimensionsMap: { EventBusName: props.bus.eventBusName, RuleName: rule.ruleName },
          period,
          statistic: 'Sum',
          label: `${name} failed invocations`,
        }),
    );
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

    // DynamoDB throttles of the table and of each global secondary index: DynamoDB reports an index's throttles under
    // the index's own dimension, never in the table's metric. FILL: a period with read throttles only has no write
    // data point.
    const throttles = new MathExpression({
      expression: Object.keys(tableThrottleMetrics(table))
        .map((id) => `FILL(${id}, 0)`)
        .join(' + '),
      usingMetrics: tableThrottleMetrics(table),
      period,
      label: 'Table and index throttle events',
    });
    addAlarm(this, 'TableThrottles', props.alarmTopic, {
      metric: throttles,
      threshold: alarmThresholds.tableThrottles,
      description: 'DynamoDB throttled requests.',
    });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'DynamoDB throttle events', left: [throttles], width: 12 }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [table.metricConsumedReadCapacityUnits({ period }), table.metricConsumedWriteCapacityUnits({ period })],
        width: 12,
      }),
    );

    if (stage.connectivity !== 'simulated') this.watchProvider(stage, props.alarmTopic);

    // Every function of the stage, whichever stack holds it and however many there are: found by name, so a
    // new route needs no change here and no reference from this stack to the function's.
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Function errors', left: [this.functions('Errors', stage)], width: 12, height: 8 }),
      new GraphWidget({ title: 'Function throttles', left: [this.functions('Throttles', stage)], width: 12, height: 8 }),
    );
  }

  /** The connectivity provider: its error rate and call latency (shared/observability.ts recordProviderCall). */
  private watchProvider(stage: StageSettings, alarmTopic: ITopic): void {
    const failed = (outcome: string) =>
      new Metric({
        namespace: metricsNamespace,
        metricName: metricNames.providerCalls,
        dimensionsMap: { service: serviceName, stage: stage.name, outcome },
        period,
        statistic: 'Sum',
      });
    // FILL: an outcome without calls in a period has no data point, and arithmetic on a missing point has none.
    const errors = new MathExpression({
      expression: 'FILL(unreachable, 0) + FILL(refused, 0) + FILL(protocol, 0)',
      usingMetrics: { unreachable: failed('unreachable'), refused: failed('refused'), protocol: failed('protocol') },
      period,
      label: 'Provider errors',
    });
    const errorRate = new MathExpression({
      expression: `IF(errors >= ${alarmThresholds.providerMinimumFailures}, 100 * errors / (errors + FILL(success, 0)), 0)`,
      usingMetrics: { errors, success: failed('success') },
      period,
      label: 'Provider error %',
    });
    const latency = new Metric({
      namespace: metricsNamespace,
      metricName: metricNames.providerCallLatency,
      dimensionsMap: { service: serviceName, stage: stage.name, provider: stage.connectivity },
      period,
      statistic: 'p99',
      label: 'Provider call p99',
    });
    addAlarm(this, 'ProviderErrors', alarmTopic, {
      metric: errorRate,
      threshold: alarmThresholds.providerErrorPercent,
      description:
        `At least ${alarmThresholds.providerErrorPercent}% of ${stage.connectivity} provider calls failed in 5 minutes ` +
        `(at least ${alarmThresholds.providerMinimumFailures} failed calls).`,
    });
    addAlarm(this, 'ProviderLatency', alarmTopic, {
      metric: latency,
      threshold: alarmThresholds.providerP99LatencyMs,
      description: `p99 of ${stage.connectivity} provider calls is 3 s or more.`,
      evaluationPeriods: 3,
    });
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Provider calls by outcome', left: [this.search(metricNames.providerCalls, 'outcome', stage)], width: 12 }),
      new GraphWidget({ title: 'Provider call latency', left: [latency], width: 12 }),
    );
  }

  private functions(metricName: string, stage: StageSettings): IMetric {
    return new MathExpression({
      expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" FunctionName="${functionNamePrefix(stage)}"', 'Sum', 300)`,
      usingMetrics: {},
      period,
      label: metricName,
    });
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
