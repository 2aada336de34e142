// test → invariants of the deployed stack that operations relies on: least privilege, removed routes without
// functions, queue sizing against the retry policy, alarms, limits. Asserted as rules, not repeated constants.
import { readFileSync } from 'node:fs';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { envNames } from '#shared/config';
import { eventRules } from '#shared/events/pipeline';
import { partnerRateLimit } from '#shared/http/rate-limit';
import { removedRoutes } from '#shared/routes';
import { managedRuleGroups } from '#lib/firewall';
import { MAX_ATTEMPTS, nextDelaySeconds } from '#shared/webhooks/retry-policy';
import { BookingServiceStack, stackName } from '#lib/booking-service-stack';
import { FunctionWithLogGroup } from '#lib/function-with-log-group';
import { type StageName, stageSettings } from '#lib/stage';

const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

const synthesize = (stageName: StageName) => {
  const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], alarmEmail: 'oncall@example.com' } });
  const stack = new BookingServiceStack(app, stackName(stageSettings(stageName)), { stage: stageSettings(stageName) });
  const template = Template.fromStack(stack);
  const ref = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  return { stack, template, ref, resources: template.toJSON().Resources as Record<string, { Type: string; Properties: any }> };
};

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

const statementsOf = (resources: ReturnType<typeof synthesize>['resources']): Statement[] =>
  Object.values(resources)
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
      const statements = statementsOf(synthesized.resources);
      const dynamoActions = statements.flatMap(actionsOf).filter((action) => action.toLowerCase().startsWith('dynamodb:'));

      // Assess
      expect(dynamoActions.length).toBeGreaterThan(0);
      expect(dynamoActions.filter((action) => /^dynamodb:(scan|\*)$/i.test(action) || action.includes('*'))).toEqual([]);
    });

    it('lets read-only routes write nothing but single-use signature items', () => {
      // Prepare
      const { stack, ref, resources } = synthesized;
      const readOnly = Object.values(stack.api.functions).filter((fn) => fn.node.id === 'getBooking' || fn.node.id === 'listBookings');

      // Act
      const writes = readOnly.flatMap((fn) =>
        Object.values(resources)
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
      const fn = Object.values(synthesized.stack.api.functions)[0]!;

      // Act / Assess
      expect(fn).toBeInstanceOf(FunctionWithLogGroup);
      expect(() => fn.addEnvironment(envNames.webhookAllowPrivateUrls, 'true')).toThrow('refused in the deployed stage');
      expect(() => fn.addEnvironment('SOME_SETTING', 'true')).not.toThrow();
    });
  });

  describe('Removed routes', () => {
    it.each(removedRoutes.map((route) => [route.path, route] as const))('%s is answered 410 by API Gateway itself', (_path, route) => {
      // Prepare
      const { resources } = synthesized;

      // Act
      const methods = Object.values(resources).filter(
        (resource) => resource.Type === 'AWS::ApiGateway::Method' && resource.Properties.Integration?.Type === 'MOCK',
      );
      const method = methods.find((m) =>
        JSON.parse(m.Properties.Integration.IntegrationResponses[0].ResponseTemplates['application/json']).message === route.message,
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
      const descriptions = Object.values(synthesized.resources)
        .filter((resource) => resource.Type === 'AWS::Lambda::Function')
        .map((resource) => String(resource.Properties.Description));

      // Assess
      expect(descriptions.length).toBeGreaterThan(0);
      expect(descriptions.filter((description) => description.includes('/countries'))).toEqual([]);
    });
  });

  describe('Queues against the retry policy', () => {
    const queueOf = (queue: IConstruct) => synthesized.resources[synthesized.ref(queue)]!.Properties;

    it('keeps a webhook message invisible for at least 6 times the dispatcher timeout', () => {
      // Prepare
      const { stack, ref, resources } = synthesized;

      // Act
      const timeout = resources[ref(stack.events.functions.dispatchWebhooks!)]!.Properties.Timeout as number;
      const visibility = queueOf(stack.data.webhookQueue).VisibilityTimeout as number;

      // Assess
      expect(visibility).toBeGreaterThanOrEqual(6 * timeout);
    });

    it('dead-letters by receive count only above the attempt limit, so the dispatcher decides', () => {
      expect(queueOf(synthesized.stack.data.webhookQueue).RedrivePolicy.maxReceiveCount).toBeGreaterThan(MAX_ATTEMPTS);
    });

    it('retains a webhook message longer than the longest possible backoff of all attempts', () => {
      // Prepare: the longest wait of every step (full jitter, a 429 asking for days), plus each attempt's run.
      const { stack, ref, resources } = synthesized;
      const timeout = resources[ref(stack.events.functions.dispatchWebhooks!)]!.Properties.Timeout as number;
      const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
        nextDelaySeconds({ attempt: index + 1, status: 429, retryAfterHeader: String(7 * 24 * 3600), random: () => 1 }),
      );
      const longest = waits.reduce((sum, wait) => sum + wait, 0) + MAX_ATTEMPTS * timeout;

      // Act
      const retention = queueOf(stack.data.webhookQueue).MessageRetentionPeriod as number;

      // Assess
      expect(retention).toBeGreaterThan(longest);
      expect(queueOf(stack.data.webhookDeadLetterQueue).MessageRetentionPeriod).toBeGreaterThan(retention);
    });

    it('gives the bus rule target its own dead-letter queue and retry policy', () => {
      // Prepare
      const { stack, ref, template } = synthesized;

      // Assess
      template.hasResourceProperties('AWS::Events::Rule', {
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [ref(stack.data.webhookQueue), 'Arn'] },
            DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ref(stack.data.eventTargetDeadLetterQueue), 'Arn'] } },
            RetryPolicy: { MaximumEventAgeInSeconds: 24 * 3600, MaximumRetryAttempts: 185 },
          }),
        ],
      });
    });
  });

  describe('Alarms and dashboard', () => {
    /** Each alarm with its one metric, whether CloudFormation holds it inline or as a labelled metric stat. */
    const alarms = () =>
      Object.values(synthesized.resources)
        .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm')
        .map(({ Properties }) => {
          const stat = Properties.Metrics?.length === 1 ? Properties.Metrics[0].MetricStat.Metric : undefined;
          return { Properties: { ...Properties, ...stat } };
        });

    it('wires every alarm to the alarm topic, firing and recovering', () => {
      // Prepare
      const topic = { Ref: synthesized.ref(synthesized.stack.monitoring.topic) };

      // Act
      const all = alarms();

      // Assess
      expect(all.length).toBeGreaterThan(10);
      for (const alarm of all) {
        expect(alarm.Properties.AlarmActions).toEqual([topic]);
        expect(alarm.Properties.OKActions).toEqual([topic]);
      }
    });

    it('subscribes the e-mail address from the CDK context to the topic', () => {
      synthesized.template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'oncall@example.com',
        TopicArn: { Ref: synthesized.ref(synthesized.stack.monitoring.topic) },
      });
    });

    it.each([
      ['webhook', (s: ReturnType<typeof synthesize>) => s.stack.data.webhookDeadLetterQueue],
      ['stream failure', (s: ReturnType<typeof synthesize>) => s.stack.data.streamFailureQueue],
      ['bus target', (s: ReturnType<typeof synthesize>) => s.stack.data.eventTargetDeadLetterQueue],
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
      expect(matching[0]!.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    });

    it('alarms on errors and throttles of every function in the stack', () => {
      // Prepare
      const functionIds = Object.entries(synthesized.resources)
        .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
        .map(([logicalId]) => logicalId);
      const watched = (metricName: string) =>
        alarms()
          .filter((alarm) => alarm.Properties.MetricName === metricName && alarm.Properties.Namespace === 'AWS/Lambda')
          .map((alarm) => alarm.Properties.Dimensions[0].Value.Ref as string)
          .sort();

      // Assess
      expect(functionIds.length).toBeGreaterThan(5);
      expect(watched('Errors')).toEqual([...functionIds].sort());
      expect(watched('Throttles')).toEqual([...functionIds].sort());
    });

    it.each(['IteratorAge', 'Latency'])('alarms on %s', (metricName) => {
      expect(alarms().filter((alarm) => alarm.Properties.MetricName === metricName)).toHaveLength(1);
    });

    it('alarms on FailedInvocations of every bus rule (webhook and email delivery)', () => {
      expect(alarms().filter((alarm) => alarm.Properties.MetricName === 'FailedInvocations')).toHaveLength(eventRules.length);
    });

    it('alarms on the API 5xx rate and on DynamoDB throttles with metric math', () => {
      // Act
      const expressions = alarms().flatMap((alarm) => (alarm.Properties.Metrics ?? []).map((m: { Expression?: string }) => m.Expression));

      // Assess
      expect(expressions).toEqual(expect.arrayContaining([expect.stringContaining('100 * errors / requests'), 'reads + writes']));
    });

    it('shows the same signals on one dashboard per stage', () => {
      // Act
      const dashboards = Object.values(synthesized.resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard');
      const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);

      // Assess
      expect(dashboards).toHaveLength(1);
      expect(dashboards[0]!.Properties.DashboardName).toBe('esim-booking-production');
      for (const signal of ['ApproximateNumberOfMessagesVisible', 'IteratorAge', 'FailedInvocations', '5XXError', 'Latency', 'Throttles',
        'Errors', 'ReadThrottleEvents', 'WebhookAttempts', 'AuthenticationRefused', 'BookingsCreated', 'OutboxPublishFailures']) {
        expect(body).toContain(signal);
      }
    });
  });

  describe('Limits', () => {
    const webAcl = () => Object.values(synthesized.resources).find((resource) => resource.Type === 'AWS::WAFv2::WebACL')!.Properties;

    it('puts the web ACL in front of the API stage', () => {
      synthesized.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
        ResourceArn: Match.anyValue(),
        WebACLArn: { 'Fn::GetAtt': [synthesized.stack.getLogicalId(synthesized.stack.firewall.webAcl), 'Arn'] },
      });
      const [stageId] = Object.keys(synthesized.template.findResources('AWS::ApiGateway::Stage'));
      expect(JSON.stringify(synthesized.template.findResources('AWS::WAFv2::WebACLAssociation'))).toContain(`"Ref":"${stageId}"`);
    });

    it('limits each partner API key on its own, answering 429 in the documented error shape', () => {
      // Act
      const { rules, customResponseBodies } = { rules: webAcl().Rules, customResponseBodies: webAcl().CustomResponseBodies };
      const perKey = rules.find((rule: { Name: string }) => rule.Name === 'PerPartnerApiKey');

      // Assess
      expect(perKey.Statement.RateBasedStatement).toEqual({
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'x-api-key', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
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

    it('keeps one partner below the stage-wide throttle, so it cannot take every partner\'s share', () => {
      // Act
      const stage = Object.values(synthesized.resources).find((resource) => resource.Type === 'AWS::ApiGateway::Stage')!.Properties;
      const stageRate = stage.MethodSettings[0].ThrottlingRateLimit as number;

      // Assess
      expect(partnerRateLimit.requestsPerWindow / partnerRateLimit.windowSeconds).toBeLessThan(stageRate);
    });

    it('runs the AWS managed rule groups in production, without blocking valid large bodies', () => {
      // Act
      const managed = webAcl().Rules.filter((rule: any) => rule.Statement.ManagedRuleGroupStatement);

      // Assess
      expect(managed.map((rule: any) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual(managedRuleGroups.map((group) => group.name));
      const common = managed.find((rule: any) => rule.Name === 'AWSManagedRulesCommonRuleSet');
      expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
        { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      ]);
    });

    it('bounds every queue-fed function with a maximum concurrency', () => {
      // Act
      const sqsMappings = Object.values(synthesized.resources).filter(
        (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(resource.Properties.EventSourceArn).includes('Queue'),
      );

      // Assess
      expect(sqsMappings.length).toBeGreaterThan(0);
      for (const mapping of sqsMappings) expect(mapping.Properties.ScalingConfig?.MaximumConcurrency).toBeGreaterThanOrEqual(2);
    });
  });
});
