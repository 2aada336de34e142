// infrastructure → every alarm threshold and the one way an alarm is made: at or above its threshold, notifying the
// stage's alarm topic when it fires and when it recovers. Alarms live in the stack of what they watch.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/** Every threshold in one place; docs/operations.md explains each one and what to do. */
export const alarmThresholds = {
  /** Any message in a dead-letter queue needs a person. */
  deadLetterMessages: 1,
  /** The outbox publisher is this far behind the table stream. */
  streamIteratorAgeMs: 60_000,
  /** Errors of one function within five minutes (also what rolls a gradual deployment back). */
  functionErrors: 3,
  /**
   * Share of connectivity provider calls that failed (unreachable, refused, protocol) within five minutes, once at
   * least `providerMinimumFailures` failed: a rate, so a provider failing every one of few calls alarms as one failing
   * a tenth of many, while one refusal alone (one order the provider turned down) pages no one.
   */
  providerErrorPercent: 10,
  providerMinimumFailures: 2,
  /** p99 of connectivity provider calls, three five-minute periods in a row. */
  providerP99LatencyMs: 3_000,
  /** Any throttled invocation. */
  functionThrottles: 1,
  /** p99 duration of one function, as a share of its time-out, within five minutes (also rolls a deployment back). */
  functionP99ShareOfTimeout: 0.8,
  /** Percentage of API responses that are 5xx, when at least `apiMinimumRequests` came in five minutes. */
  api5xxPercent: 1,
  apiMinimumRequests: 20,
  /** p99 of API Gateway's latency, three five-minute periods in a row. */
  apiP99LatencyMs: 2_000,
  /**
   * Requests in five minutes below which the p99 latency alarm does not judge: a test delivery waits up to 10 s for
   * the partner's own receiver, and with fewer requests one partner's slow receiver would be the p99 by itself.
   */
  apiLatencyMinimumRequests: 200,
  /** Any throttled DynamoDB request. */
  tableThrottles: 1,
  /** Any failed delivery from a bus rule to its target queue. */
  ruleTargetFailures: 1,
} as const;

export const alarmPeriod = Duration.minutes(5);

export interface AlarmDefinition {
  metric: IMetric;
  threshold: number;
  description: string;
  evaluationPeriods?: number;
  /** Its anchor in docs/operations.md when alarms share one section (every function's errors); else its id, lowercased. */
  runbook?: string;
}

/** One alarm; its description ends with its runbook anchor in docs/operations.md (a CDK test checks that each one exists). */
export const addAlarm = (scope: Construct, id: string, topic: ITopic, definition: AlarmDefinition): Alarm => {
  const alarm = new Alarm(scope, id, {
    metric: definition.metric,
    threshold: definition.threshold,
    evaluationPeriods: definition.evaluationPeriods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: `${definition.description} Runbook: docs/operations.md#${definition.runbook ?? id.toLowerCase()}`,
  });
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
};
