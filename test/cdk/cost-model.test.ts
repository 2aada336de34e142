// test → the cost model counts what the production stage deploys: its alarms, dashboard, keys, firewall rules,
// polled queues, the publisher's batching, function memory and log retention are read from the synthesized templates.
import { deployment } from '#test/bench/cost-model';
import { type Synthesized, synthesized } from '#test/support/synthesized-stage';

describe('Cost model against the production stage', () => {
  let production: Synthesized;

  beforeAll(() => {
    production = synthesized('production');
  });

  it('prices the fixed resources the stage deploys, and counts the publisher as its stream mapping batches', () => {
    const [webAcl] = production.ofType('AWS::WAFv2::WebACL');
    const sqsMappings = production
      .ofType('AWS::Lambda::EventSourceMapping')
      .filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue'));

    const alarms = production.ofType('AWS::CloudWatch::Alarm');
    const alarmMetrics = alarms.reduce(
      (count, alarm) => count + (alarm.Properties.Metrics ? alarm.Properties.Metrics.filter((metric: any) => metric.MetricStat).length : 1),
      0,
    );
    const publisher = production
      .ofType('AWS::Lambda::EventSourceMapping')
      .filter((mapping) => JSON.stringify(mapping.Properties.FilterCriteria ?? {}).includes('outbox'));

    expect(alarms).toHaveLength(deployment.alarms);
    expect(alarmMetrics).toBe(deployment.alarmMetrics);
    expect(publisher).toHaveLength(1);
    expect(publisher[0]!.Properties.MaximumBatchingWindowInSeconds ?? 0).toBe(deployment.publisherBatchingWindowSeconds);
    expect(production.ofType('AWS::CloudWatch::Dashboard')).toHaveLength(deployment.dashboards);
    expect(production.ofType('AWS::KMS::Key')).toHaveLength(deployment.kmsKeys);
    expect(webAcl!.Properties.Rules).toHaveLength(deployment.wafRules);
    expect(sqsMappings).toHaveLength(deployment.polledQueues);
  });

  it('bills every function at the model memory, and keeps logs as long as the model stores them', () => {
    const functions = production.ofType('AWS::Lambda::Function');
    const logGroups = production.ofType('AWS::Logs::LogGroup');

    expect(new Set(functions.map((fn) => fn.Properties.MemorySize))).toEqual(new Set([deployment.lambdaMemoryGb * 1024]));
    expect(new Set(logGroups.map((group) => Math.round(group.Properties.RetentionInDays / 30)))).toEqual(new Set([deployment.logRetentionMonths]));
  });
});
