// test → invariants of the deployed stack that operations relies on: least privilege, removed routes without
// functions, queue sizing against the retry policy, alarms, limits. Asserted as rules, not repeated constants.
import { readFileSync } from 'node:fs';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { envNames } from '#shared/config';
import { removedRoutes } from '#shared/routes';
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
});
