// test → invariants of the deployed stack that operations relies on: least privilege, removed routes without
// functions, queue sizing against the retry policy, alarms, limits. Asserted as rules, not repeated constants.
import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { envNames } from '#shared/config';
import { eventRules } from '#shared/events/pipeline';
import { partnerRateLimit } from '#shared/http/rate-limit';
import { removedRoutes } from '#shared/routes';
import { indexes } from '#shared/storage/table-definition';
import { managedRuleGroups } from '#lib/firewall';
import { MAX_ATTEMPTS, nextDelaySeconds } from '#shared/webhooks/retry-policy';
import { alarmThresholds } from '#lib/alarms';
import { FunctionWithLogGroup } from '#lib/function-with-log-group';
import { deployPastFiringAlarmsContextKey } from '#lib/gradual-deployment';
import type { StageName } from '#lib/stage';
import { type Resource, synthesized as synthesizeStage } from '#test/support/synthesized-stage';

const synthesize = (stageName: StageName) => {
  const s = synthesizeStage(stageName, { context: { alarmEmail: 'oncall@example.com' } });
  const { apiStack, pipelineStack, dataStack } = s.stage;
  return { ...s, api: apiStack.api, firewall: apiStack.firewall, pipeline: pipelineStack, data: dataStack.data, alarmTopic: dataStack.alarmTopic };
};

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

const statementsOf = (resources: readonly Resource[]): Statement[] =>
  resources
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy')
    .flatMap((resource) => resource.Properties.PolicyDocument.Statement as Statement[]);

const actionsOf = (statement: Statement): string[] => [statement.Action].flat();

describe('Stack invariants (production)', () => {
  let synthesized: ReturnType<typeof synthesize>;

  beforeAll(() => {
    synthesized = synthesize('production');
  });

  describe('Least privilege', () => {
    it('allows dynamodb:Scan or dynamodb:* in no IAM policy statement', () => {
      // Act
      const statements = statementsOf(synthesized.allResources());
      const dynamoActions = statements.flatMap(actionsOf).filter((action) => action.toLowerCase().startsWith('dynamodb:'));

      // Assess
      expect(dynamoActions.length).toBeGreaterThan(0);
      expect(dynamoActions.filter((action) => /^dynamodb:(scan|\*)$/i.test(action) || action.includes('*'))).toEqual([]);
    });

    it('lets read-only routes write nothing but single-use signature items', () => {
      // Prepare
      const { api, ref, resourcesOf } = synthesized;
      const readOnly = Object.values(api.functions).filter((fn) => fn.node.id === 'getBooking' || fn.node.id === 'listBookings');

      // Act
      const writes = readOnly.flatMap((fn) =>
        Object.values(resourcesOf(fn))
          .filter((resource) => resource.Type === 'AWS::IAM::Policy' && resource.Properties.Roles[0].Ref === ref(fn.role!))
          .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
          .filter((statement) => actionsOf(statement).some((action) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(action))),
      );

      // Assess
      expect(readOnly).toHaveLength(2);
      expect(writes).toHaveLength(2);
      for (const statement of writes) {
        expect(statement).toMatchObject({
          Action: 'dynamodb:PutItem',
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SIGNATURE#*#*'] } },
        });
      }
    });

    it('refuses the local-only private-URL switch on any function at synth', () => {
      // Prepare
      const fn = Object.values(synthesized.api.functions)[0]!;

      // Act / Assess
      expect(fn).toBeInstanceOf(FunctionWithLogGroup);
      expect(() => fn.addEnvironment(envNames.webhookAllowPrivateUrls, 'true')).toThrow('refused in the deployed stage');
      expect(() => fn.addEnvironment('SOME_SETTING', 'true')).not.toThrow();
    });
  });

  describe('Removed routes', () => {
    it.each(removedRoutes.map((route) => [route.path, route] as const))('%s is answered 410 by API Gateway itself', (_path, route) => {
      // Prepare
      const resources = synthesized.allResources();

      // Act
      const methods = resources.filter((resource) => resource.Type === 'AWS::ApiGateway::Method' && resource.Properties.Integration?.Type === 'MOCK');
      const method = methods.find(
        (m) => JSON.parse(m.Properties.Integration.IntegrationResponses[0].ResponseTemplates['application/json']).message === route.message,
      );

      // Assess
      expect(methods).toHaveLength(removedRoutes.length);
      expect(method?.Properties.HttpMethod).toBe(route.method);
      const response = method?.Properties.Integration.IntegrationResponses[0];
      expect(response.StatusCode).toBe('410');
      expect(JSON.parse(response.ResponseTemplates['application/json'])).toEqual({
        success: false,
        message: route.message,
        data: {},
        error: { code: 'endpoint_removed', details: [] },
      });
      expect(response.ResponseParameters['method.response.header.Cache-Control']).toContain('no-store');
    });

    it('runs no function for a removed route', () => {
      // Act
      const descriptions = synthesized.ofType('AWS::Lambda::Function').map((resource) => String(resource.Properties.Description));

      // Assess
      expect(descriptions.length).toBeGreaterThan(0);
      expect(descriptions.filter((description) => description.includes('/countries'))).toEqual([]);
    });
  });

  describe('Queues against the retry policy', () => {
    const queueOf = (queue: IConstruct) => synthesized.resourcesOf(queue)[synthesized.ref(queue)]!.Properties;
    const dispatcherTimeout = () => {
      const dispatcher = synthesized.pipeline.events.functions.dispatchWebhooks!;
      return synthesized.resourcesOf(dispatcher)[synthesized.ref(dispatcher)]!.Properties.Timeout as number;
    };

    it('keeps a webhook message invisible for at least 6 times the dispatcher timeout', () => {
      // Prepare
      const { pipeline } = synthesized;

      // Act
      const timeout = dispatcherTimeout();
      const visibility = queueOf(pipeline.queues.webhookQueue).VisibilityTimeout as number;

      // Assess
      expect(visibility).toBeGreaterThanOrEqual(6 * timeout);
    });

    it('dead-letters by receive count only above the attempt limit, so the dispatcher decides', () => {
      expect(queueOf(synthesized.pipeline.queues.webhookQueue).RedrivePolicy.maxReceiveCount).toBeGreaterThan(MAX_ATTEMPTS);
    });

    it('retains a webhook message longer than the longest possible backoff of all attempts', () => {
      // Prepare: the longest wait of every step (full jitter, a 429 asking for days), plus each attempt's run.
      const { queues } = synthesized.pipeline;
      const timeout = dispatcherTimeout();
      const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
        nextDelaySeconds({ attempt: index + 1, status: 429, retryAfterHeader: String(7 * 24 * 3600), random: () => 1 }),
      );
      const longest = waits.reduce((sum, wait) => sum + wait, 0) + MAX_ATTEMPTS * timeout;

      // Act
      const retention = queueOf(queues.webhookQueue).MessageRetentionPeriod as number;

      // Assess
      expect(retention).toBeGreaterThan(longest);
      expect(queueOf(queues.webhookDeadLetterQueue).MessageRetentionPeriod).toBeGreaterThan(retention);
    });

    it('gives the bus rule target its own dead-letter queue and retry policy', () => {
      // Prepare
      const { ref, templateOf, pipeline } = synthesized;

      // Assess
      templateOf(pipeline).hasResourceProperties('AWS::Events::Rule', {
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [ref(pipeline.queues.webhookQueue), 'Arn'] },
            DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ref(pipeline.queues.eventTargetDeadLetterQueue), 'Arn'] } },
            RetryPolicy: { MaximumEventAgeInSeconds: 24 * 3600, MaximumRetryAttempts: 185 },
          }),
        ],
      });
    });
  });

  describe('Alarms and dashboard', () => {
    /** Each alarm with its one metric, whether CloudFormation holds it inline or as a labelled metric stat. */
    const alarms = () =>
      synthesized.ofType('AWS::CloudWatch::Alarm').map(({ Properties, stack }) => {
        const stat = Properties.Metrics?.length === 1 ? Properties.Metrics[0].MetricStat.Metric : undefined;
        return { stack, Properties: { ...Properties, ...stat } };
      });

    it('wires every alarm, in whichever stack, to the alarm topic of the data stack, firing and recovering', () => {
      // Prepare
      const { ref, templateOf, alarmTopic } = synthesized;
      const topicOutputs = Object.entries(templateOf(alarmTopic).findOutputs('*'))
        .filter(([, output]) => JSON.stringify(output.Value) === JSON.stringify({ Ref: ref(alarmTopic) }))
        .map(([name]) => name);
      const topic = { 'Fn::GetStackOutput': { StackName: alarmTopic.stack.stackName, Region: { Ref: 'AWS::Region' }, OutputName: topicOutputs[0] } };

      // Act
      const all = alarms();

      // Assess
      expect(topicOutputs).toHaveLength(1);
      expect(new Set(all.map((alarm) => alarm.stack)).size).toBeGreaterThan(3);
      for (const alarm of all) {
        expect(alarm.Properties.AlarmActions).toEqual([topic]);
        expect(alarm.Properties.OKActions).toEqual([topic]);
      }
    });

    it('ends every alarm description with a runbook link to an anchor that exists in docs/operations.md', () => {
      // Prepare: GitHub's anchors: each heading lowercased, punctuation dropped, spaces as '-'; and every <a id>.
      const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
      const headings = [...operations.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
        heading!
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/\s/g, '-'),
      );
      const anchors = new Set([...headings, ...[...operations.matchAll(/<a id="([^"]+)"><\/a>/g)].map(([, id]) => id!)]);

      // Act
      const links = alarms().map((alarm) => String(alarm.Properties.AlarmDescription).match(/ Runbook: docs\/operations\.md#([\w-]+)$/)?.[1]);

      // Assess
      expect(links.length).toBeGreaterThan(90);
      expect(links.filter((link) => link === undefined)).toEqual([]);
      expect([...new Set(links)].filter((link) => !anchors.has(link!))).toEqual([]);
      expect(links).toEqual(expect.arrayContaining(['function-errors', 'function-throttles', 'tablethrottles', 'providererrors']));
    });

    it('subscribes the e-mail address from the CDK context to the topic, and keeps it when a later deploy omits it', () => {
      // Assess: retained, so a deploy without -c alarmEmail (a rollback, a hotfix) leaves on-call subscribed
      synthesized.templateOf(synthesized.alarmTopic).hasResource('AWS::SNS::Subscription', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: { Protocol: 'email', Endpoint: 'oncall@example.com', TopicArn: { Ref: synthesized.ref(synthesized.alarmTopic) } },
      });
    });

    it.each([
      ['webhook', (s: ReturnType<typeof synthesize>) => s.pipeline.queues.webhookDeadLetterQueue],
      ['email', (s: ReturnType<typeof synthesize>) => s.pipeline.queues.emailDeadLetterQueue],
      ['stream failure', (s: ReturnType<typeof synthesize>) => s.pipeline.queues.streamFailureQueue],
      ['bus target', (s: ReturnType<typeof synthesize>) => s.pipeline.queues.eventTargetDeadLetterQueue],
    ])('alarms on the first message in the %s dead-letter queue', (_name, queueOf) => {
      // Prepare
      const queueName = { 'Fn::GetAtt': [synthesized.ref(queueOf(synthesized)), 'QueueName'] };

      // Act
      const matching = alarms().filter(
        (alarm) =>
          alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Properties.Dimensions) === JSON.stringify([{ Name: 'QueueName', Value: queueName }]),
      );

      // Assess
      expect(matching).toHaveLength(1);
      expect(matching[0]!.Properties).toMatchObject({
        Threshold: alarmThresholds.deadLetterMessages,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    });

    it("alarms on errors and throttles of every function, in the function's own stack", () => {
      // Prepare
      const functionIds = synthesized
        .ofType('AWS::Lambda::Function')
        .map(({ stack, logicalId }) => `${stack} ${logicalId}`)
        .sort();
      const watched = (metricName: string) =>
        alarms()
          .filter((alarm) => alarm.Properties.MetricName === metricName && alarm.Properties.Namespace === 'AWS/Lambda')
          .map((alarm) => `${alarm.stack} ${alarm.Properties.Dimensions[0].Value.Ref as string}`)
          .sort();

      // Assess
      expect(functionIds.length).toBeGreaterThan(5);
      expect(watched('Errors')).toEqual(functionIds);
      expect(watched('Throttles')).toEqual(functionIds);
    });

    it.each(['IteratorAge', 'Latency'])('alarms on %s', (metricName) => {
      // A metric alarmed on alone, or inside a metric math expression.
      const watches = (alarm: ReturnType<typeof alarms>[number]): string[] => [
        alarm.Properties.MetricName,
        ...(alarm.Properties.Metrics ?? []).map((m: { MetricStat?: { Metric: { MetricName: string } } }) => m.MetricStat?.Metric.MetricName),
      ];
      expect(alarms().filter((alarm) => watches(alarm).includes(metricName))).toHaveLength(1);
    });

    it('alarms on FailedInvocations of every bus rule (webhook and email delivery)', () => {
      expect(alarms().filter((alarm) => alarm.Properties.MetricName === 'FailedInvocations')).toHaveLength(eventRules.length);
    });

    it('alarms on the API 5xx rate, its p99 latency (only with enough requests to judge) and DynamoDB throttles with metric math', () => {
      // Act
      const expressions = alarms().flatMap((alarm) => (alarm.Properties.Metrics ?? []).map((m: { Expression?: string }) => m.Expression));

      // Assess
      expect(expressions).toEqual(
        expect.arrayContaining([
          expect.stringContaining('100 * errors / requests'),
          expect.stringMatching(/^IF\(requests >= \d+, latency, 0\)$/),
          expect.stringContaining('FILL(reads, 0)'),
        ]),
      );
    });

    it("counts every global secondary index's throttles in the table throttle alarm, which DynamoDB reports apart from the table's", () => {
      // Prepare
      type Query = {
        Id: string;
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string; Dimensions: Array<{ Name: string; Value: unknown }> } };
      };
      const indexNames = Object.values(indexes).map((index) => index.name);
      const throttleAlarm = alarms().find((alarm) => String(alarm.Properties.AlarmDescription).startsWith('DynamoDB throttled'))!;
      const queries: Query[] = throttleAlarm.Properties.Metrics;

      // Act
      const summed = queries.find((query) => query.Expression)!.Expression!;
      const watched = queries
        .filter((query) => query.MetricStat)
        .map(({ Id, MetricStat }) => ({
          id: Id,
          metric: MetricStat!.Metric.MetricName,
          index: MetricStat!.Metric.Dimensions.find((dimension) => dimension.Name === 'GlobalSecondaryIndexName')?.Value ?? null,
        }));

      // Assess: the table and each index, reads and writes, each summed once
      expect(indexNames.length).toBeGreaterThan(0);
      expect(watched).toHaveLength(2 * (indexNames.length + 1));
      for (const index of [null, ...indexNames]) {
        for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
          const query = watched.find((candidate) => candidate.index === index && candidate.metric === metric);
          expect({ index, metric, summed: query && summed.includes(`FILL(${query.id}, 0)`) }).toEqual({ index, metric, summed: true });
        }
      }
    });

    it("alarms on the connectivity provider's error rate once two calls failed, counting an outcome without calls as zero", () => {
      // Prepare: CloudWatch's IF and FILL, to evaluate the alarm's metric math on the outcomes of one period
      const provider = alarms().find(
        (alarm) =>
          String(alarm.Properties.AlarmName ?? '').includes('ProviderErrors') || alarm.Properties.AlarmDescription?.includes('provider calls failed'),
      );
      const queries: Array<{ Id: string; Expression?: string; ReturnData?: boolean }> = provider?.Properties.Metrics ?? [];
      const asScript = (expression: string) => expression.replace(/FILL\((\w+), 0\)/g, '($1 ?? 0)');
      const alarmValue = (counts: Record<string, number>): number => {
        const values: Record<string, number | undefined> = { ...counts };
        const IF = (condition: boolean, then: number, otherwise: number) => (condition ? then : otherwise);
        const evaluate = (id: string): number => {
          const query = queries.find((candidate) => candidate.Id === id)!;
          if (!query.Expression) return values[id] as number;
          const names = [...new Set(query.Expression.match(/\b[a-z]\w*\b/g))].filter((name) => queries.some((q) => q.Id === name));
          const inputs = names.map((name) => (queries.find((q) => q.Id === name)?.Expression ? evaluate(name) : values[name]));
          return new Function('IF', ...names, `return ${asScript(query.Expression)};`)(IF, ...inputs) as number;
        };
        return evaluate(queries.find((query) => query.ReturnData !== false)!.Id);
      };
      const pages = (counts: Record<string, number>) => alarmValue(counts) >= provider!.Properties.Threshold;

      // Assess: a share of the calls, not a count; one refusal alone pages no one; an outcome without calls counts 0
      expect(queries.filter((query) => query.ReturnData !== false)).toHaveLength(1);
      expect(pages({ refused: 1, success: 2 })).toBe(false);
      expect(pages({ refused: 1 })).toBe(false);
      expect(pages({ unreachable: 2 })).toBe(true);
      expect(pages({ refused: 1, protocol: 1, success: 18 })).toBe(true);
      expect(pages({ unreachable: 2, success: 30 })).toBe(false);
      expect(pages({ success: 50 })).toBe(false);
    });

    it('shows the same signals on one dashboard per stage, every function found by its name', () => {
      // Act
      const dashboards = synthesized.ofType('AWS::CloudWatch::Dashboard');
      const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);

      // Assess
      expect(dashboards).toHaveLength(1);
      expect(dashboards[0]!.Properties.DashboardName).toBe('esim-booking-production');
      for (const signal of [
        'ApproximateNumberOfMessagesVisible',
        'IteratorAge',
        'FailedInvocations',
        '5XXError',
        'Latency',
        'Throttles',
        'Errors',
        'ReadThrottleEvents',
        'WebhookAttempts',
        'AuthenticationRefused',
        'BookingsCreated',
        'OutboxPublishFailures',
      ]) {
        expect(body).toContain(signal);
      }
      expect(body).toContain('FunctionName=\\\\\\"esim-booking-production-\\\\\\"');
    });
  });

  describe('Gradual deployments', () => {
    it('shifts every function of production through a live alias with a canary, rolled back by its errors and latency alarms', () => {
      // Act
      const unguarded: string[] = [];
      for (const { label: stack } of synthesized.templates) {
        const resources = synthesized.allResources().filter((resource) => resource.stack === stack);
        const byId = Object.fromEntries(resources.map((resource) => [resource.logicalId, resource]));
        for (const fn of resources.filter((resource) => resource.Type === 'AWS::Lambda::Function')) {
          const alias = resources.find((r) => r.Type === 'AWS::Lambda::Alias' && r.Properties.FunctionName.Ref === fn.logicalId);
          const group = resources.find(
            (r) =>
              r.Type === 'AWS::CodeDeploy::DeploymentGroup' &&
              alias &&
              (alias as { UpdatePolicy?: any }).UpdatePolicy?.CodeDeployLambdaAliasUpdate?.DeploymentGroupName?.Ref === r.logicalId,
          );
          const alarmIds = (group?.Properties.AlarmConfiguration?.Alarms ?? []).map((a: { Name: { Ref: string } }) => a.Name.Ref);
          const metricOf = (id: string) => byId[id]?.Properties.Metrics?.[0]?.MetricStat?.Metric ?? byId[id]?.Properties;
          const rollsBackOn = (metric: string) =>
            alarmIds.some((id: string) => metricOf(id)?.MetricName === metric && metricOf(id)?.Dimensions[0].Value.Ref === fn.logicalId);
          const ok =
            alias?.Properties.Name === 'live' &&
            group?.Properties.DeploymentConfigName === 'CodeDeployDefault.LambdaCanary10Percent5Minutes' &&
            group.Properties.AutoRollbackConfiguration?.Events?.includes('DEPLOYMENT_STOP_ON_ALARM') &&
            rollsBackOn('Errors') &&
            rollsBackOn('Duration');
          if (!ok) unguarded.push(`${stack} ${fn.logicalId}`);
        }
      }

      // Assess
      expect(synthesized.ofType('AWS::Lambda::Function').length).toBeGreaterThan(30);
      expect(unguarded).toEqual([]);
    });

    it('skips the rollback alarm checks only in a deploy given -c deployPastFiringAlarms=true (a hotfix for a firing alarm)', () => {
      // Prepare
      const alarmChecks = (stage: Pick<typeof synthesized, 'ofType'>) =>
        new Set(stage.ofType('AWS::CodeDeploy::DeploymentGroup').map((group) => group.Properties.AlarmConfiguration?.Enabled));

      // Act
      const hotfix = synthesizeStage('staging', { context: { [deployPastFiringAlarmsContextKey]: 'true' } });

      // Assess
      expect(alarmChecks(synthesized)).toEqual(new Set([true]));
      expect(alarmChecks(hotfix)).toEqual(new Set([false]));
    });

    it('sends API traffic and queue, stream and schedule events to the live alias, never to $LATEST', () => {
      // Prepare
      const aliasIds = new Set(synthesized.ofType('AWS::Lambda::Alias').map((alias) => `${alias.stack} ${alias.logicalId}`));

      // Act
      const integrations = synthesized.ofType('AWS::ApiGateway::Method').filter((m) => m.Properties.Integration?.Type === 'AWS_PROXY');
      const mappings = synthesized.ofType('AWS::Lambda::EventSourceMapping');
      const scheduleTargets = synthesized.ofType('AWS::Events::Rule').filter((rule) => rule.Properties.ScheduleExpression);

      // Assess
      const aliasOf = (value: unknown) => JSON.stringify(value).match(/"Ref":"(\w+)"/)?.[1];
      expect(integrations.length).toBeGreaterThan(10);
      for (const method of integrations) expect(aliasIds).toContain(`${method.stack} ${aliasOf(method.Properties.Integration.Uri)}`);
      expect(mappings.length).toBeGreaterThan(2);
      for (const mapping of mappings) expect(aliasIds).toContain(`${mapping.stack} ${aliasOf(mapping.Properties.FunctionName)}`);
      for (const rule of scheduleTargets) expect(aliasIds).toContain(`${rule.stack} ${rule.Properties.Targets[0].Arn.Ref}`);
    });
  });

  describe('Limits', () => {
    const webAcl = () => synthesized.ofType('AWS::WAFv2::WebACL')[0]!.Properties;

    it('puts the web ACL in front of the API stage', () => {
      // Prepare
      const { templateOf, firewall, api, ref } = synthesized;
      const template = templateOf(firewall);

      // Assess
      template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
        ResourceArn: Match.anyValue(),
        WebACLArn: { 'Fn::GetAtt': [ref(firewall.webAcl), 'Arn'] },
      });
      expect(JSON.stringify(template.findResources('AWS::WAFv2::WebACLAssociation'))).toContain(`"Ref":"${ref(api.restApi.deploymentStage)}"`);
    });

    it('limits each partner API key on its own, per client address, answering 429 in the documented error shape', () => {
      // Act
      const { rules, customResponseBodies } = { rules: webAcl().Rules, customResponseBodies: webAcl().CustomResponseBodies };
      const perKey = rules.find((rule: { Name: string }) => rule.Name === 'PerPartnerApiKey');

      // Assess
      expect(perKey.Statement.RateBasedStatement).toEqual({
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'x-api-key', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }, { IP: {} }],
        Limit: partnerRateLimit.requestsPerWindow,
        EvaluationWindowSec: partnerRateLimit.windowSeconds,
      });
      expect(perKey.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: 'rateLimited' });
      expect(JSON.parse(customResponseBodies.rateLimited.Content)).toEqual({
        success: false,
        message: expect.any(String),
        data: {},
        error: { code: 'rate_limited', details: [] },
      });
    });

    it("keeps one partner, and one client address, below the stage-wide throttle, so neither can take every partner's share", () => {
      // Act
      const stage = synthesized.ofType('AWS::ApiGateway::Stage')[0]!.Properties;
      const stageRate = stage.MethodSettings[0].ThrottlingRateLimit as number;
      const perIpRule = webAcl().Rules.find((rule: any) => rule.Name === 'PerClientIp').Statement.RateBasedStatement;

      // Assess
      expect(partnerRateLimit.requestsPerWindow / partnerRateLimit.windowSeconds).toBeLessThan(stageRate);
      expect(perIpRule.Limit / perIpRule.EvaluationWindowSec).toBeLessThan(stageRate);
    });

    it('runs the AWS managed rule groups in production, without blocking valid large bodies', () => {
      // Act
      const managed = webAcl().Rules.filter((rule: any) => rule.Statement.ManagedRuleGroupStatement);

      // Assess
      expect(managed.map((rule: any) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual(managedRuleGroups.map((group) => group.name));
      const common = managed.find((rule: any) => rule.Name === 'AWSManagedRulesCommonRuleSet');
      expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    });

    it('bounds every queue-fed function with a maximum concurrency', () => {
      // Act
      const sqsMappings = synthesized
        .ofType('AWS::Lambda::EventSourceMapping')
        .filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue'));

      // Assess
      expect(sqsMappings.length).toBeGreaterThan(0);
      for (const mapping of sqsMappings) expect(mapping.Properties.ScalingConfig?.MaximumConcurrency).toBeGreaterThanOrEqual(2);
    });
  });
});
