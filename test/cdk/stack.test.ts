// test → the CDK stack, synthesized from the shared definitions with bundling skipped, asserted against those definitions.
import { readFileSync } from 'node:fs';
import { App, type CfnElement, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { envNames } from '#shared/config';
import { emailRequestedEvent } from '#shared/events/email-request';
import { backgroundFunctions, emailQueueSettings, eventRules, outboxEntityType, webhookQueueSettings } from '#shared/events/pipeline';
import { apiUrlOutputKey, opsOutputKeys } from '#lib/stack-outputs';
import { type RouteDefinition, routes, tableAccessOf } from '#shared/routes';
import { referenceRoutes } from '#shared/api/reference-routes';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';
import { conflictingPathVariables } from '#lib/api';
import { makeSandboxRoute } from '#test/support/factories';
import { BookingServiceStack, stackName } from '#lib/booking-service-stack';
import { resourcePrefix, type StageName, stageSettings } from '#lib/stage';

/** Feature flags exactly as `cdk synth` sees them, and no esbuild runs. */
const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

const synthesize = (stageName: StageName, { withNag = false, routeList }: { withNag?: boolean; routeList?: readonly RouteDefinition[] } = {}) => {
  const app = new App({ context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [] } });
  const stage = stageSettings(stageName);
  const stack = new BookingServiceStack(app, stackName(stage), { stage, routes: routeList });
  if (withNag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const ref = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  return { app, stack, ref };
};

/** Full path (`/bookings/{id}`) of every API Gateway resource, by logical id. */
const resourcePaths = (template: Template): Map<string, string> => {
  const resources = template.findResources('AWS::ApiGateway::Resource');
  const pathOf = (logicalId: string): string => {
    const { ParentId, PathPart } = resources[logicalId]!.Properties;
    // The root resource is referenced as Fn::GetAtt RootResourceId, the others by Ref.
    return `${ParentId.Ref ? pathOf(ParentId.Ref) : ''}/${PathPart}`;
  };
  return new Map(Object.keys(resources).map((logicalId) => [logicalId, pathOf(logicalId)]));
};

describe('Stack: shared/routes.ts as API Gateway resources', () => {
  it('never declares two variable path parts under one parent (API Gateway rejects the deployment)', () => {
    // Prepare
    const route = (path: string): RouteDefinition => ({ operation: path, method: 'GET', path, entry: 'x.ts', auth: 'public' });
    const conflicting = [route('/a/{x}'), route('/a/{y}/b'), route('/a/static')];

    // Act
    const found = conflictingPathVariables(conflicting);

    // Assess
    expect(found).toEqual([expect.stringContaining('/a has variable path parts {x} and {y}')]);
    expect(conflictingPathVariables(routes)).toEqual([]);
  });
});

describe('Stack: EsimBooking (dev)', () => {
  let synthesized: ReturnType<typeof synthesize>;
  let template: Template;

  beforeAll(() => {
    synthesized = synthesize('dev');
    template = Template.fromStack(synthesized.stack);
  });

  describe('API', () => {
    it('serves the API reference outside production: /openapi, /openapi.json and the Redoc script, public', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const paths = resourcePaths(template);
      const methods = Object.values(template.findResources('AWS::ApiGateway::Method'));

      // Assess
      for (const route of referenceRoutes) {
        const method = methods.find(
          ({ Properties }) => paths.get(Properties.ResourceId.Ref) === route.path && Properties.HttpMethod === route.method,
        );
        expect({ path: route.path, authorization: method?.Properties.AuthorizationType }).toEqual({ path: route.path, authorization: 'NONE' });
        expect(JSON.stringify(method?.Properties.Integration.Uri)).toContain(ref(stack.api.functions[route.operation]!));
      }
    });

    it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s has its own function, integrated by proxy',
      (_name, route) => {
        // Prepare
        const { stack, ref } = synthesized;
        const fn = stack.api.functions[route.operation]!;
        const paths = resourcePaths(template);

        // Act
        const methods = Object.values(template.findResources('AWS::ApiGateway::Method')).filter(
          (method) =>
            method.Properties.HttpMethod === route.method && paths.get(method.Properties.ResourceId.Ref) === route.path,
        );

        // Assess
        expect(template.toJSON().Resources[ref(fn)].Type).toBe('AWS::Lambda::Function');
        expect(methods).toHaveLength(1);
        expect(methods[0]!.Properties.Integration).toEqual({
          Type: 'AWS_PROXY',
          IntegrationHttpMethod: 'POST',
          Uri: { 'Fn::Join': ['', expect.arrayContaining([{ 'Fn::GetAtt': [ref(fn), 'Arn'] }])] },
        });
        template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          FunctionName: { 'Fn::GetAtt': [ref(fn), 'Arn'] },
          Principal: 'apigateway.amazonaws.com',
        });
      },
    );

    it('gives every route a different function', () => {
      // Prepare
      const { stack, ref } = synthesized;

      // Act
      const logicalIds = routes.map((route) => ref(stack.api.functions[route.operation]!));

      // Assess
      expect(new Set(logicalIds).size).toBe(routes.length);
    });

    it('gives each route the table access it declares (or its auth mode\'s default), the secret key to partners and reporters, the MAC key to token routes', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const functions = template.findResources('AWS::Lambda::Function');
      const policies = Object.values(template.findResources('AWS::IAM::Policy'));
      const accessOf = (operation: string) => {
        const fn = stack.api.functions[operation]!;
        const environment: Record<string, unknown> = functions[ref(fn)]!.Properties.Environment.Variables;
        const statements = policies.find((policy) => policy.Properties.Roles[0].Ref === ref(fn.role!))!.Properties.PolicyDocument.Statement;
        const actions: string[] = statements.flatMap((statement: { Action: string | string[] }) => statement.Action);
        return {
          environment: [envNames.tableName, envNames.secretKeyId, envNames.tokenKeyId].filter((name) => name in environment),
          readsTable: actions.includes('dynamodb:GetItem'),
          updatesTable: actions.includes('dynamodb:UpdateItem'),
          decrypts: actions.includes('kms:Decrypt'),
          signsTokens: actions.includes('kms:GenerateMac') && actions.includes('kms:VerifyMac'),
        };
      };

      // Act
      const access = Object.fromEntries(routes.map((route) => [route.operation, accessOf(route.operation)]));

      // Assess
      const expected = (route: RouteDefinition) => {
        const declared = tableAccessOf(route);
        const access = route.auth === 'partner' && declared === 'none' ? 'read' : declared;
        const signed = route.auth === 'partner' || route.auth === 'reporter';
        return {
          environment: [envNames.tableName, ...(signed ? [envNames.secretKeyId] : []), ...(route.signsTokens ? [envNames.tokenKeyId] : [])],
          readsTable: access !== 'none',
          updatesTable: access === 'readWrite',
          decrypts: signed,
          signsTokens: Boolean(route.signsTokens),
        };
      };
      expect(access).toEqual(Object.fromEntries(routes.map((route) => [route.operation, expected(route)])));
    });

    it('lets only the email function send as the SES identity, with EMAIL_FROM set; no route sends email itself', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const policies = Object.values(template.findResources('AWS::IAM::Policy'));
      const functions = template.findResources('AWS::Lambda::Function');
      const sesStatements = (fn: { role?: unknown }) => {
        const statements = policies.find((policy) => policy.Properties.Roles[0].Ref === ref(fn.role as never))?.Properties.PolicyDocument.Statement ?? [];
        return statements.filter((statement: { Action: string | string[] }) => [statement.Action].flat().some((a) => a.startsWith('ses:')));
      };
      const sender = stack.events.functions.sendEmails!;

      // Act
      const routeSenders = routes.filter((route) => stack.api.functions[route.operation] && sesStatements(stack.api.functions[route.operation]!).length > 0);
      const statements = sesStatements(sender);
      const environment = functions[ref(sender)]!.Properties.Environment.Variables;

      // Assess
      expect(routeSenders).toEqual([]);
      expect(statements).toHaveLength(1);
      expect(statements[0].Action).toBe('ses:SendEmail');
      expect(JSON.stringify(statements[0].Resource)).toContain(':identity/example.com');
      expect(environment[envNames.emailFrom]).toBe('no-reply@example.com');
    });

    it('answers with our JSON error shape when no function runs', () => {
      // Prepare
      const expected = [
        { type: 'MISSING_AUTHENTICATION_TOKEN', statusCode: '404', code: 'route_not_found' },
        { type: 'THROTTLED', statusCode: undefined, code: 'rate_limited' },
        { type: 'REQUEST_TOO_LARGE', statusCode: undefined, code: 'payload_too_large' },
        { type: 'DEFAULT_4XX', statusCode: undefined, code: 'bad_request' },
        { type: 'DEFAULT_5XX', statusCode: undefined, code: 'internal_error' },
      ];

      // Act
      const responses = Object.values(template.findResources('AWS::ApiGateway::GatewayResponse')).map((r) => r.Properties);

      // Assess
      for (const { type, statusCode, code } of expected) {
        const response = responses.find((r) => r.ResponseType === type);
        expect(response).toBeDefined();
        expect(response.StatusCode).toBe(statusCode);
        expect(response.ResponseParameters).toEqual({
          'gatewayresponse.header.Content-Type': "'application/json'",
          'gatewayresponse.header.Cache-Control': "'no-store, no-cache, must-revalidate, max-age=0, private'",
          'gatewayresponse.header.Pragma': "'no-cache'",
        });
        const body = response.ResponseTemplates['application/json'].replace('$context.error.messageString', '"Forbidden"');
        expect(JSON.parse(body)).toEqual({ success: false, message: expect.any(String), data: {}, error: { code, details: [] } });
      }
    });

    it('deploys stage "api" with access logs, tracing, throttling and the URL as output', () => {
      // Prepare
      const { stack, ref } = synthesized;

      // Act
      const outputs = template.findOutputs(apiUrlOutputKey);

      // Assess
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: 'api',
        TracingEnabled: true,
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
        MethodSettings: [Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: Match.anyValue() })],
      });
      expect(JSON.stringify(outputs[apiUrlOutputKey]!.Value)).toContain(ref(stack.api.restApi.deploymentStage));
    });
  });

  describe('Outputs', () => {
    it('exports the table, secret key and every queue under the names the ops CLI reads', () => {
      // Prepare: one resource per ops output (the type makes a new output without a resource here fail to compile).
      const { stack, ref } = synthesized;
      const expected: Record<keyof typeof opsOutputKeys, Parameters<typeof ref>[0]> = {
        tableName: stack.data.table,
        secretKeyId: stack.data.secretKey,
        webhookQueueUrl: stack.data.webhookQueue,
        webhookDeadLetterQueueUrl: stack.data.webhookDeadLetterQueue,
        emailQueueUrl: stack.data.emailQueue,
        emailDeadLetterQueueUrl: stack.data.emailDeadLetterQueue,
      };

      // Act
      const outputs = template.findOutputs('*');

      // Assess
      for (const [name, resource] of Object.entries(expected) as Array<[keyof typeof opsOutputKeys, Parameters<typeof ref>[0]]>) {
        const key = opsOutputKeys[name];
        expect({ key, value: JSON.stringify(outputs[key]?.Value) }).toEqual({ key, value: expect.stringContaining(ref(resource)) });
      }
    });
  });

  describe('Functions', () => {
    it('runs every function on Node.js 24 arm64 with tracing, its own log group and our environment', () => {
      // Prepare
      const expectedCount = routes.length + referenceRoutes.length + backgroundFunctions.length;

      // Act
      const functions = Object.values(template.findResources('AWS::Lambda::Function'));

      // Assess
      expect(functions).toHaveLength(expectedCount);
      for (const { Properties } of functions) {
        expect(Properties).toMatchObject({
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          MemorySize: expect.any(Number),
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
          Environment: {
            Variables: {
              [envNames.stage]: 'dev',
              POWERTOOLS_SERVICE_NAME: expect.any(String),
            },
          },
        });
        // Source maps are resolved offline (docs/benchmarks.md); --enable-source-maps would cost every cold start.
        expect(Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
      }
      template.resourceCountIs('AWS::Logs::LogGroup', expectedCount + 1); // + API access logs
    });

    it('grants no AWS managed policy to any function role', () => {
      // Act
      const roles = Object.values(template.findResources('AWS::IAM::Role'));

      // Assess
      for (const role of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    });
  });

  describe('Table', () => {
    it('matches the shared table definition', () => {
      // Prepare
      const definition = tableDefinition(resourcePrefix(stageSettings('dev')));
      const keySchema = (partitionKey: string, sortKey: string) => [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ];

      // Act
      const tables = template.findResources('AWS::DynamoDB::Table');

      // Assess
      expect(Object.keys(tables)).toHaveLength(1);
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Delete',
        Properties: {
          TableName: definition.tableName,
          KeySchema: keySchema(definition.partitionKey, definition.sortKey),
          GlobalSecondaryIndexes: definition.globalIndexes.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' },
          })),
          TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
          StreamSpecification: { StreamViewType: streamViewType },
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: false,
        },
      });
    });
  });

  describe('Event pipeline', () => {
    it('routes each event rule pattern from the bus to its queue: partner events to webhooks, email requests to email', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const queues = { webhookQueue: stack.data.webhookQueue, emailQueue: stack.data.emailQueue };
      const arnOf = (target: keyof typeof queues) => ({ 'Fn::GetAtt': [ref(queues[target]), 'Arn'] });

      // Assess
      expect(eventRules.map((rule) => rule.target).sort()).toEqual(['emailQueue', 'webhookQueue']);
      for (const rule of eventRules) {
        template.hasResourceProperties('AWS::Events::Rule', {
          EventBusName: { Ref: ref(stack.data.bus) },
          EventPattern: Match.objectEquals({ ...rule.pattern }),
          Targets: [Match.objectLike({ Arn: arnOf(rule.target) })],
        });
        template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({
                Effect: 'Allow',
                Principal: { Service: 'events.amazonaws.com' },
                Action: Match.arrayWith(['sqs:SendMessage']),
                Resource: arnOf(rule.target),
              }),
            ]),
          },
        });
      }
      const webhookRule = eventRules.find((rule) => rule.target === 'webhookQueue')!;
      expect(webhookRule.pattern['detail-type']).not.toContain(emailRequestedEvent);
    });

    it('feeds the email function from the email queue (partial batch responses), with its dead-letter queue', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const sender = stack.events.functions.sendEmails!;
      const resources = template.toJSON().Resources;

      // Assess
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: ref(sender) },
        EventSourceArn: { 'Fn::GetAtt': [ref(stack.data.emailQueue), 'Arn'] },
        BatchSize: emailQueueSettings.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: emailQueueSettings.maxConcurrency },
      });
      expect(resources[ref(stack.data.emailQueue)].Properties).toMatchObject({
        VisibilityTimeout: emailQueueSettings.visibilityTimeoutSeconds,
        RedrivePolicy: {
          maxReceiveCount: emailQueueSettings.maxReceiveCount,
          deadLetterTargetArn: { 'Fn::GetAtt': [ref(stack.data.emailDeadLetterQueue), 'Arn'] },
        },
      });
      expect(emailQueueSettings.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * emailQueueSettings.senderTimeoutSeconds);
      expect(resources[ref(sender)].Properties.Environment.Variables[envNames.tableName]).toBeUndefined();
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmDescription: Match.stringLikeRegexp('^EmailDeadLetterQueue holds messages'),
      });
    });

    it('sizes the webhook queue and its dead-letter queue from webhookQueueSettings', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const days = (count: number) => count * 24 * 60 * 60;

      // Assess
      template.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: webhookQueueSettings.visibilityTimeoutSeconds,
        MessageRetentionPeriod: days(webhookQueueSettings.retentionDays),
        RedrivePolicy: {
          maxReceiveCount: webhookQueueSettings.maxReceiveCount,
          deadLetterTargetArn: { 'Fn::GetAtt': [ref(stack.data.webhookDeadLetterQueue), 'Arn'] },
        },
        SqsManagedSseEnabled: true,
      });
      expect(template.toJSON().Resources[ref(stack.data.webhookDeadLetterQueue)].Properties).toMatchObject({
        MessageRetentionPeriod: days(webhookQueueSettings.deadLetterRetentionDays),
      });
    });

    it('feeds the dispatcher from the webhook queue with partial batch responses', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const dispatcher = stack.events.functions.dispatchWebhooks!;

      // Assess
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: ref(dispatcher) },
        EventSourceArn: { 'Fn::GetAtt': [ref(stack.data.webhookQueue), 'Arn'] },
        BatchSize: webhookQueueSettings.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Timeout: webhookQueueSettings.dispatcherTimeoutSeconds,
        Environment: {
          Variables: Match.objectLike({
            [envNames.webhookQueueUrl]: { Ref: ref(stack.data.webhookQueue) },
            [envNames.webhookDeadLetterQueueUrl]: { Ref: ref(stack.data.webhookDeadLetterQueue) },
          }),
        },
      });
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: ref(dispatcher.role!) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: Match.arrayWith(['sqs:ChangeMessageVisibility']),
              Resource: { 'Fn::GetAtt': [ref(stack.data.webhookQueue), 'Arn'] },
            }),
            Match.objectLike({
              Action: Match.arrayWith(['sqs:SendMessage']),
              Resource: { 'Fn::GetAtt': [ref(stack.data.webhookDeadLetterQueue), 'Arn'] },
            }),
          ]),
        },
      });
    });

    it('passes only inserted outbox items from the table stream to the publisher', () => {
      // Prepare
      const { stack, ref } = synthesized;
      const publisher = stack.events.functions.publishOutbox!;

      // Act
      const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
        (resource) => resource.Properties.FunctionName.Ref === ref(publisher),
      );

      // Assess
      expect(mapping?.Properties).toMatchObject({
        EventSourceArn: { 'Fn::GetAtt': [ref(stack.data.table), 'StreamArn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: expect.any(Number),
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ref(stack.data.streamFailureQueue), 'Arn'] } } },
      });
      expect(mapping?.Properties.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern))).toEqual([
        { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [outboxEntityType] } } } },
      ]);
      template.hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ [envNames.eventBusName]: { Ref: ref(stack.data.bus) } }) },
      });
    });

    it('runs the sweeper every minute', () => {
      // Prepare
      const { stack, ref } = synthesized;

      // Assess
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(stack.events.functions.sweepBookingEvents!), 'Arn'] } })],
      });
    });
  });
});

describe('Stack: EsimBooking (production)', () => {
  let synthesized: ReturnType<typeof synthesize>;

  beforeAll(() => {
    synthesized = synthesize('production', { withNag: true });
  });

  it('passes cdk-nag AwsSolutions with no error-level finding', () => {
    // Prepare
    const { app } = synthesized;

    // Act
    const findings = new AwsSolutionsChecks().validateScope(app).violations;

    // Assess
    expect(findings.filter((finding) => finding.severity === 'error').map((finding) => finding.ruleName)).toEqual([]);
    expect(() => app.synth()).not.toThrow(); // the registered plugin fails synthesis on any finding
  });

  it('serves no API reference (the reference routes exist outside production only)', () => {
    // Act
    const paths = [...resourcePaths(Template.fromStack(synthesized.stack)).values()];

    // Assess
    expect(paths.filter((path) => path.startsWith('/openapi'))).toEqual([]);
    expect(referenceRoutes.filter((route) => synthesized.stack.api.functions[route.operation])).toEqual([]);
  });

  it('retains the table and protects it from deletion', () => {
    // Act
    const template = Template.fromStack(synthesized.stack);

    // Assess
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });
});

describe('Stack: sandbox routes', () => {
  // The route table's own sandbox routes, plus one made up here so the check holds even while the table has none.
  const routeList = [...routes, makeSandboxRoute()];
  const sandboxRoutes = routeList.filter((route) => route.sandbox);

  const deployed = (stageName: StageName) => {
    const { stack } = synthesize(stageName, { routeList });
    const template = Template.fromStack(stack);
    const paths = [...resourcePaths(template).values()];
    const descriptions = Object.values(template.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Description as string);
    return { stack, paths, descriptions };
  };

  it('leaves every sandbox route out of production: no /sandbox resource, no sandbox function', () => {
    // Act
    const { stack, paths, descriptions } = deployed('production');

    // Assess
    expect(paths.filter((path) => path.startsWith('/sandbox'))).toEqual([]);
    expect(descriptions.filter((description) => / \/sandbox/.test(description ?? ''))).toEqual([]);
    for (const route of sandboxRoutes) expect(stack.api.functions[route.operation]).toBeUndefined();
    for (const route of routes.filter((r) => !r.sandbox)) expect(stack.api.functions[route.operation]).toBeDefined();
  });

  it.each(['dev', 'staging'] as const)('deploys every sandbox route in %s', (stageName) => {
    // Act
    const { stack, paths, descriptions } = deployed(stageName);

    // Assess
    for (const route of sandboxRoutes) {
      expect(paths).toContain(route.path);
      expect(descriptions).toContain(`${route.method} ${route.path}`);
      expect(stack.api.functions[route.operation]).toBeDefined();
    }
  });

  it('keeps the local control endpoints out of every stage', () => {
    // Act
    const { paths } = deployed('dev');

    // Assess
    expect(paths.filter((path) => path.startsWith('/__local'))).toEqual([]);
  });
});

describe('Stack: CloudFormation limits', () => {
  it.each(['dev', 'production'] as const)('keeps the %s stack under the 500 resources CloudFormation allows', (stage) => {
    // Act
    const resources = Object.keys(Template.fromStack(synthesize(stage).stack).toJSON().Resources ?? {}).length;

    // Assess: each route costs about ten resources (function, role, policy, log group, method, permission, alarms).
    expect(resources).toBeLessThan(500);
  });
});
