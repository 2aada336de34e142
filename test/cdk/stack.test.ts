// test → the stacks of a stage, synthesized from the shared definitions with bundling skipped, asserted against those definitions.
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { envNames } from '#shared/config';
import { emailRequestedEvent } from '#shared/events/email-request';
import { backgroundFunctions, emailQueueSettings, eventRules, outboxEntityType, webhookQueueSettings } from '#shared/events/pipeline';
import { apiUrlOutput, opsOutputs } from '#lib/stack-outputs';
import { type RouteDefinition, routes, tableAccessOf } from '#shared/routes';
import { referenceRoutes } from '#shared/api/reference-routes';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';
import { conflictingPathVariables } from '#lib/api';
import { makeSandboxRoute } from '#test/support/factories';
import { resourcePrefix, type StageName, stageSettings } from '#lib/stage';
import { methodsWithPaths, type Synthesized, synthesized as synthesize } from '#test/support/synthesized-stage';

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

describe('Stage: dev', () => {
  let synthesized: Synthesized;
  let api: Synthesized['stage']['apiStack']['api'];
  let pipeline: Synthesized['stage']['pipelineStack'];
  let data: Synthesized['stage']['dataStack']['data'];

  beforeAll(() => {
    synthesized = synthesize('dev');
    ({ api } = synthesized.stage.apiStack);
    pipeline = synthesized.stage.pipelineStack;
    ({ data } = synthesized.stage.dataStack);
  });

  describe('API', () => {
    it('serves the API reference outside production: /openapi, /openapi.json and the Redoc script, public', () => {
      // Prepare
      const { ref } = synthesized;
      const methods = methodsWithPaths(synthesized);

      // Assess
      for (const route of referenceRoutes) {
        const method = methods.find((m) => m.path === route.path && m.method.HttpMethod === route.method);
        expect({ path: route.path, authorization: method?.method.AuthorizationType }).toEqual({ path: route.path, authorization: 'NONE' });
        expect(JSON.stringify(method?.method.Integration.Uri)).toContain(ref(api.functions[route.operation]!));
      }
    });

    it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      "%s has its own function, integrated by proxy, in its route group's stack",
      (_name, route) => {
        // Prepare
        const { ref, templateOf, resourcesOf } = synthesized;
        const fn = api.functions[route.operation]!;

        // Act
        const methods = methodsWithPaths(synthesized).filter((m) => m.method.HttpMethod === route.method && m.path === route.path);

        // Assess
        expect(resourcesOf(fn)[ref(fn)]!.Type).toBe('AWS::Lambda::Function');
        expect(methods).toHaveLength(1);
        expect(methods[0]!.stack).toBe(fn.stack.node.path);
        expect(methods[0]!.method.Integration).toEqual({
          Type: 'AWS_PROXY',
          IntegrationHttpMethod: 'POST',
          Uri: { 'Fn::Join': ['', expect.arrayContaining([{ 'Fn::GetAtt': [ref(fn), 'Arn'] }])] },
        });
        templateOf(fn).hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          FunctionName: { 'Fn::GetAtt': [ref(fn), 'Arn'] },
          Principal: 'apigateway.amazonaws.com',
        });
      },
    );

    it('gives every route a different function, with one Lambda permission each', () => {
      // Act
      const functions = new Set(routes.map((route) => api.functions[route.operation]));
      const permissions = synthesized.ofType('AWS::Lambda::Permission').filter((p) => p.Properties.Principal === 'apigateway.amazonaws.com');

      // Assess
      expect(functions.size).toBe(routes.length);
      expect(permissions).toHaveLength(Object.keys(api.functions).length);
    });

    it("gives each route the table access it declares (or its auth mode's default), the secret key to partners and reporters, the MAC key to token routes", () => {
      // Prepare
      const { ref, resourcesOf } = synthesized;
      const accessOf = (operation: string) => {
        const fn = api.functions[operation]!;
        const resources = resourcesOf(fn);
        const environment: Record<string, unknown> = resources[ref(fn)]!.Properties.Environment.Variables;
        const statements = Object.values(resources).find((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles[0].Ref === ref(fn.role!))!
          .Properties.PolicyDocument.Statement;
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
        // Partner and reporter signatures, the portal's test delivery (it signs), secret rotation and the install
        // page's confirmation codes use the secret key.
        const signed =
          route.auth === 'partner' ||
          route.auth === 'reporter' ||
          route.auth === 'portal-session' ||
          Boolean(route.resources?.some((resource) => resource === 'secretEncryption' || resource === 'secretDecryption'));
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
      const { ref, resourcesOf } = synthesized;
      const sesStatements = (fn: (typeof api.functions)[string]) => {
        const policy = Object.values(resourcesOf(fn)).find((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles[0].Ref === ref(fn.role!));
        const statements = policy?.Properties.PolicyDocument.Statement ?? [];
        return statements.filter((statement: { Action: string | string[] }) => [statement.Action].flat().some((a) => a.startsWith('ses:')));
      };
      const sender = pipeline.events.functions.sendEmails!;

      // Act
      const routeSenders = routes.filter((route) => sesStatements(api.functions[route.operation]!).length > 0);
      const statements = sesStatements(sender);
      const environment = resourcesOf(sender)[ref(sender)]!.Properties.Environment.Variables;

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
      const responses = Object.values(synthesized.templateOf(api.restApi).findResources('AWS::ApiGateway::GatewayResponse')).map((r) => r.Properties);

      // Assess
      for (const { type, statusCode, code } of expected) {
        const response = responses.find((r) => r.ResponseType === type);
        expect(response).toBeDefined();
        expect(response.StatusCode).toBe(statusCode);
        expect(response.ResponseParameters).toEqual({
          'gatewayresponse.header.Content-Type': "'application/json'",
          'gatewayresponse.header.Cache-Control': "'no-store, no-cache, must-revalidate, max-age=0, private'",
          'gatewayresponse.header.Pragma': "'no-cache'",
          'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
        });
        const body = response.ResponseTemplates['application/json'].replace('$context.error.messageString', '"Forbidden"');
        expect(JSON.parse(body)).toEqual({ success: false, message: expect.any(String), data: {}, error: { code, details: [] } });
      }
    });

    it('deploys stage "api" with access logs, tracing, throttling and the URL as output, after every route stack', () => {
      // Prepare
      const { ref, templateOf, resourcesOf } = synthesized;
      const template = templateOf(api.restApi);

      // Act
      const outputs = template.findOutputs(apiUrlOutput.key);
      const deployment = Object.values(resourcesOf(api.restApi)).find((r) => r.Type === 'AWS::ApiGateway::Deployment') as { DependsOn?: string[] };
      const routeStacks = Object.values(api.routeStacks).map((routeStack) => ref(routeStack.nestedStackResource!));

      // Assess
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: 'api',
        TracingEnabled: true,
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
        MethodSettings: [Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: Match.anyValue() })],
      });
      expect(JSON.stringify(outputs[apiUrlOutput.key]!.Value)).toContain(ref(api.restApi.deploymentStage));
      expect(routeStacks.length).toBeGreaterThan(1);
      expect(deployment.DependsOn).toEqual(expect.arrayContaining(routeStacks));
    });
  });

  describe('Outputs', () => {
    it('exports the table, secret key and queues under the names the ops CLI reads, from the stacks it reads them', () => {
      // Prepare
      const { ref, templateOf } = synthesized;
      const expected = {
        tableName: data.table,
        secretKeyId: data.secretKey,
        webhookQueueUrl: pipeline.queues.webhookQueue,
        webhookDeadLetterQueueUrl: pipeline.queues.webhookDeadLetterQueue,
        emailQueueUrl: pipeline.queues.emailQueue,
        emailDeadLetterQueueUrl: pipeline.queues.emailDeadLetterQueue,
        streamFailureQueueUrl: pipeline.queues.streamFailureQueue,
        eventTargetDeadLetterQueueUrl: pipeline.queues.eventTargetDeadLetterQueue,
        eventBusName: pipeline.queues.bus,
      } as const;

      // Assess
      expect(Object.keys(expected).sort()).toEqual(Object.keys(opsOutputs).sort());
      for (const [name, resource] of Object.entries(expected)) {
        const { stack, key } = opsOutputs[name as keyof typeof opsOutputs];
        expect(resource.stack.stackName).toBe(`EsimBooking-dev-${stack}`);
        const outputs = templateOf(resource).findOutputs(key);
        expect(JSON.stringify(outputs[key]?.Value)).toContain(ref(resource));
      }
    });
  });

  describe('Functions', () => {
    it('runs every function on Node.js 24 arm64 with tracing, its own log group, its stage name and our environment', () => {
      // Prepare
      const expectedCount = routes.length + referenceRoutes.length + backgroundFunctions.length;

      // Act
      const functions = synthesized.ofType('AWS::Lambda::Function');

      // Assess
      expect(functions).toHaveLength(expectedCount);
      for (const { Properties } of functions) {
        expect(Properties).toMatchObject({
          FunctionName: expect.stringMatching(/^esim-booking-dev-\w+$/),
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
      expect(synthesized.ofType('AWS::Logs::LogGroup')).toHaveLength(expectedCount + 1); // + API access logs
    });

    it('grants no AWS managed policy to any function role', () => {
      // Act
      const roles = synthesized.ofType('AWS::IAM::Role');

      // Assess
      expect(roles.length).toBeGreaterThan(0);
      for (const role of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    });
  });

  describe('Table', () => {
    it('matches the shared table definition, in the data stack', () => {
      // Prepare
      const definition = tableDefinition(resourcePrefix(stageSettings('dev')));
      const keySchema = (partitionKey: string, sortKey: string) => [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ];

      // Act
      const tables = synthesized.ofType('AWS::DynamoDB::Table');

      // Assess
      expect(tables).toHaveLength(1);
      expect(tables[0]!.stack).toBe(synthesized.stage.dataStack.node.path);
      synthesized.templateOf(data.table).hasResource('AWS::DynamoDB::Table', {
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
      const { ref, templateOf } = synthesized;
      const template = templateOf(pipeline);
      const queues = { webhookQueue: pipeline.queues.webhookQueue, emailQueue: pipeline.queues.emailQueue };
      const arnOf = (target: keyof typeof queues) => ({ 'Fn::GetAtt': [ref(queues[target]), 'Arn'] });

      // Assess
      expect(eventRules.map((rule) => rule.target).sort()).toEqual(['emailQueue', 'webhookQueue']);
      for (const rule of eventRules) {
        template.hasResourceProperties('AWS::Events::Rule', {
          EventBusName: { Ref: ref(pipeline.queues.bus) },
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
      const { ref, templateOf, resourcesOf } = synthesized;
      const template = templateOf(pipeline);
      const sender = pipeline.events.functions.sendEmails!;
      const resources = resourcesOf(pipeline);

      // Assess
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: ref(sender) },
        EventSourceArn: { 'Fn::GetAtt': [ref(pipeline.queues.emailQueue), 'Arn'] },
        BatchSize: emailQueueSettings.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: emailQueueSettings.maxConcurrency },
      });
      expect(resources[ref(pipeline.queues.emailQueue)]!.Properties).toMatchObject({
        VisibilityTimeout: emailQueueSettings.visibilityTimeoutSeconds,
        RedrivePolicy: {
          maxReceiveCount: emailQueueSettings.maxReceiveCount,
          deadLetterTargetArn: { 'Fn::GetAtt': [ref(pipeline.queues.emailDeadLetterQueue), 'Arn'] },
        },
      });
      expect(emailQueueSettings.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * emailQueueSettings.senderTimeoutSeconds);
      expect(resources[ref(sender)]!.Properties.Environment.Variables[envNames.tableName]).toBeUndefined();
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmDescription: Match.stringLikeRegexp('^EmailDeadLetterQueue holds messages'),
      });
    });

    it('sizes the webhook queue and its dead-letter queue from webhookQueueSettings', () => {
      // Prepare
      const { ref, templateOf, resourcesOf } = synthesized;
      const days = (count: number) => count * 24 * 60 * 60;

      // Assess
      templateOf(pipeline).hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: webhookQueueSettings.visibilityTimeoutSeconds,
        MessageRetentionPeriod: days(webhookQueueSettings.retentionDays),
        RedrivePolicy: {
          maxReceiveCount: webhookQueueSettings.maxReceiveCount,
          deadLetterTargetArn: { 'Fn::GetAtt': [ref(pipeline.queues.webhookDeadLetterQueue), 'Arn'] },
        },
        SqsManagedSseEnabled: true,
      });
      expect(resourcesOf(pipeline)[ref(pipeline.queues.webhookDeadLetterQueue)]!.Properties).toMatchObject({
        MessageRetentionPeriod: days(webhookQueueSettings.deadLetterRetentionDays),
      });
    });

    it('feeds the dispatcher from the webhook queue with partial batch responses', () => {
      // Prepare
      const { ref, templateOf } = synthesized;
      const template = templateOf(pipeline);
      const dispatcher = pipeline.events.functions.dispatchWebhooks!;
      const { webhookQueue, webhookDeadLetterQueue } = pipeline.queues;

      // Assess
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: ref(dispatcher) },
        EventSourceArn: { 'Fn::GetAtt': [ref(webhookQueue), 'Arn'] },
        BatchSize: webhookQueueSettings.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Timeout: webhookQueueSettings.dispatcherTimeoutSeconds,
        Environment: {
          Variables: Match.objectLike({
            [envNames.webhookQueueUrl]: { Ref: ref(webhookQueue) },
            [envNames.webhookDeadLetterQueueUrl]: { Ref: ref(webhookDeadLetterQueue) },
          }),
        },
      });
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: ref(dispatcher.role!) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: Match.arrayWith(['sqs:ChangeMessageVisibility']),
              Resource: { 'Fn::GetAtt': [ref(webhookQueue), 'Arn'] },
            }),
            Match.objectLike({
              Action: Match.arrayWith(['sqs:SendMessage']),
              Resource: { 'Fn::GetAtt': [ref(webhookDeadLetterQueue), 'Arn'] },
            }),
          ]),
        },
      });
    });

    it('passes only inserted outbox items from the table stream (a weak reference to the data stack) to the publisher', () => {
      // Prepare
      const { ref, templateOf } = synthesized;
      const publisher = pipeline.events.functions.publishOutbox!;
      const dataOutputs = templateOf(data.table).findOutputs('*');

      // Act
      const mapping = Object.values(templateOf(pipeline).findResources('AWS::Lambda::EventSourceMapping')).find(
        (resource) => resource.Properties.FunctionName.Ref === ref(publisher),
      );
      const streamOutput = mapping?.Properties.EventSourceArn['Fn::GetStackOutput'];

      // Assess
      expect(streamOutput).toMatchObject({ StackName: 'EsimBooking-dev-Data' });
      expect(dataOutputs[streamOutput.OutputName]?.Value).toEqual({ 'Fn::GetAtt': [ref(data.table), 'StreamArn'] });
      expect(mapping?.Properties).toMatchObject({
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: expect.any(Number),
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ref(pipeline.queues.streamFailureQueue), 'Arn'] } } },
      });
      expect(mapping?.Properties.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern))).toEqual([
        { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [outboxEntityType] } } } },
      ]);
      templateOf(pipeline).hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ [envNames.eventBusName]: { Ref: ref(pipeline.queues.bus) } }) },
      });
    });

    it('runs the sweeper every minute', () => {
      // Prepare
      const { ref, templateOf } = synthesized;

      // Assess
      templateOf(pipeline).hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(pipeline.events.functions.sweepBookingEvents!), 'Arn'] } })],
      });
    });
  });
});

describe('Stage: production', () => {
  let synthesized: Synthesized;

  beforeAll(() => {
    synthesized = synthesize('production');
  });

  it('passes cdk-nag AwsSolutions with no error-level finding', () => {
    // Act
    const findings = new AwsSolutionsChecks().validateScope(synthesized.app).violations;

    // Assess
    expect(findings.filter((finding) => finding.severity === 'error').map((finding) => finding.ruleName)).toEqual([]);
  });

  it('serves no API reference (the reference routes exist outside production only)', () => {
    // Act
    const paths = methodsWithPaths(synthesized).map((m) => m.path);

    // Assess
    expect(paths.filter((path) => path.startsWith('/openapi'))).toEqual([]);
    expect(referenceRoutes.filter((route) => synthesized.stage.apiStack.api.functions[route.operation])).toEqual([]);
  });

  it('retains the table and protects it and every stack of the stage from deletion', () => {
    // Prepare
    const { dataStack, stacks } = synthesized.stage;

    // Act
    const template = synthesized.templateOf(dataStack.data.table);

    // Assess
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    // A stateless stack deleted by mistake is an outage until it is deployed again: each one is protected too.
    expect(stacks.filter((stack) => !stack.terminationProtection)).toEqual([]);
  });
});

describe('Stage: sandbox routes', () => {
  // The route table's own sandbox routes, plus one made up here so the check holds even while the table has none.
  const routeList = [...routes, makeSandboxRoute()];
  const sandboxRoutes = routeList.filter((route) => route.sandbox);

  const deployed = (stageName: StageName) => {
    const s = synthesize(stageName, { routes: routeList });
    const paths = methodsWithPaths(s).map((m) => m.path);
    const descriptions = s.ofType('AWS::Lambda::Function').map((fn) => fn.Properties.Description as string);
    return { api: s.stage.apiStack.api, paths, descriptions };
  };

  it('leaves every sandbox route out of production: no /sandbox resource, no sandbox function', () => {
    // Act
    const { api, paths, descriptions } = deployed('production');

    // Assess
    expect(paths.filter((path) => path.startsWith('/sandbox'))).toEqual([]);
    expect(descriptions.filter((description) => / \/sandbox/.test(description ?? ''))).toEqual([]);
    for (const route of sandboxRoutes) expect(api.functions[route.operation]).toBeUndefined();
    for (const route of routes.filter((r) => !r.sandbox)) expect(api.functions[route.operation]).toBeDefined();
  });

  it.each(['dev', 'staging'] as const)('deploys every sandbox route in %s', (stageName) => {
    // Act
    const { api, paths, descriptions } = deployed(stageName);

    // Assess
    for (const route of sandboxRoutes) {
      expect(paths).toContain(route.path);
      expect(descriptions).toContain(`${route.method} ${route.path}`);
      expect(api.functions[route.operation]).toBeDefined();
    }
  });

  it('keeps the local control endpoints out of every stage', () => {
    // Act
    const { paths } = deployed('dev');

    // Assess
    expect(paths.filter((path) => path.startsWith('/__local'))).toEqual([]);
  });
});
