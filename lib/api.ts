// infrastructure → the REST API: one function per row of shared/routes.ts, gateway errors in our JSON error shape.
import { Annotations, CfnOutput, Size, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { referenceAssets, referenceRoutes } from '#shared/api/reference-routes';
import { rateLimitedMessage } from '#shared/http/rate-limit';
import { errorBody as errorBodyOf } from '#shared/http/response';
import {
  type AuthMode,
  type RemovedRouteDefinition,
  type RouteDefinition,
  type RouteResource,
  removedRoutes,
  routes as routeTable,
  routesForStage,
  tableAccessOf,
} from '#shared/routes';
import type { Data } from '#lib/data';
import { FunctionWithLogGroup } from '#lib/function-with-log-group';
import { apiUrlOutputKey } from '#lib/stack-outputs';
import { resourcePrefix, type StageSettings } from '#lib/stage';

export interface ApiProps {
  stage: StageSettings;
  data: Data;
  /** The routes to serve; the route table unless a test passes its own. Production leaves out sandbox routes. */
  routes?: readonly RouteDefinition[];
}

/** The base URL ends in /api. */
export const apiStageName = 'api';

/** `$context.error.messageString` is API Gateway's own message, already a quoted JSON string. */
const errorBody = (code: string, message: string): string =>
  `{"success":false,"message":${message},"data":{},"error":{"code":"${code}","details":[]}}`;

/** API Gateway's own answers (no function ran), in the error shape our functions use. */
export const gatewayResponses = [
  // API Gateway answers an unknown method or path with 403 "Missing Authentication Token".
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, statusCode: '404', code: 'route_not_found', message: '"Route not found"' },
  { type: ResponseType.THROTTLED, code: 'rate_limited', message: JSON.stringify(rateLimitedMessage) },
  { type: ResponseType.REQUEST_TOO_LARGE, code: 'payload_too_large', message: '"The request body is too large."' },
  { type: ResponseType.DEFAULT_4XX, code: 'bad_request', message: '$context.error.messageString' },
  // Never pass internal detail to clients.
  { type: ResponseType.DEFAULT_5XX, code: 'internal_error', message: '"Internal server error"' },
] as const;

const noStoreHeaders = {
  'Content-Type': "'application/json'",
  'Cache-Control': "'no-store, no-cache, must-revalidate, max-age=0, private'",
  Pragma: "'no-cache'",
};

const removedResponseHeaderFlags = Object.fromEntries(Object.keys(noStoreHeaders).map((name) => [`method.response.header.${name}`, true]));

/** 410 with the documented body, from API Gateway itself: no function, no cold start, no cost per call. */
export const removedIntegration = (removed: RemovedRouteDefinition): MockIntegration =>
  new MockIntegration({
    passthroughBehavior: PassthroughBehavior.WHEN_NO_TEMPLATES,
    requestTemplates: { 'application/json': '{"statusCode": 410}' },
    integrationResponses: [
      {
        statusCode: '410',
        responseParameters: Object.fromEntries(Object.entries(noStoreHeaders).map(([name, value]) => [`method.response.header.${name}`, value])),
        responseTemplates: { 'application/json': JSON.stringify(errorBodyOf('endpoint_removed', removed.message)) },
      },
    ],
  });

/** API Gateway rejects two variable path parts under one parent, e.g. /bookings/{id} next to /bookings/{booking_id}. */
export const conflictingPathVariables = (definitions: ReadonlyArray<Pick<RouteDefinition, 'path'>>): string[] => {
  const variablesByParent = new Map<string, Set<string>>();
  for (const { path } of definitions) {
    const parts = path.split('/').filter(Boolean);
    parts.forEach((part, index) => {
      if (!part.startsWith('{')) return;
      const parent = `/${parts.slice(0, index).join('/')}`;
      variablesByParent.set(parent, (variablesByParent.get(parent) ?? new Set()).add(part));
    });
  }
  return [...variablesByParent]
    .filter(([, variables]) => variables.size > 1)
    .map(([parent, variables]) => `${parent} has variable path parts ${[...variables].join(' and ')}: API Gateway allows one name per level`);
};

export class Api extends Construct {
  public readonly restApi: RestApi;
  public readonly functions: Record<string, FunctionWithLogGroup> = {};

  public constructor(scope: Construct, id: string, { stage, data, routes: definitions = routeTable }: ApiProps) {
    super(scope, id);
    const routes = routesForStage(definitions, stage.name);

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: stage.logRetention, removalPolicy: stage.removalPolicy });
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: resourcePrefix(stage),
      description: 'Partner eSIM booking API',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: false,
      // Pages and JSON alike are gzip-compressed for clients that ask (Accept-Encoding) once above 1 KiB.
      minCompressionSize: Size.kibibytes(1),
      deployOptions: {
        stageName: apiStageName,
        tracingEnabled: true,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        // Every method: 50 requests/s sustained, bursts up to 100 (per region, all partners together).
        throttlingRateLimit: 50,
        throttlingBurstLimit: 100,
      },
    });
    for (const response of gatewayResponses) {
      this.restApi.addGatewayResponse(response.type.responseType, {
        type: response.type,
        statusCode: 'statusCode' in response ? response.statusCode : undefined,
        responseHeaders: noStoreHeaders,
        templates: { 'application/json': errorBody(response.code, response.message) },
      });
    }

    const bindAuthentication: Record<AuthMode, (fn: FunctionWithLogGroup) => void> = {
      partner: (fn) => {
        fn.bindSignatureClaims({ table: data.table });
        fn.bindSecretKey({ key: data.secretKey, accessMode: 'decrypt' });
      },
      public: () => {},
      // Reporter, web page and session routes read and write the table by default (tableAccessOf).
      reporter: (fn) => fn.bindSecretKey({ key: data.secretKey, accessMode: 'decrypt' }),
      'public-page': () => {},
      'traveler-session': () => {},
      // The test delivery signs with the partner's webhook secret; rotation also encrypts (resources: secretEncryption).
      'portal-session': (fn) => fn.bindSecretKey({ key: data.secretKey, accessMode: 'decrypt' }),
    };
    const bindResource: Record<RouteResource, (fn: FunctionWithLogGroup) => void> = {
      table: () => {}, // tableAccessOf turns it into readWrite
      secretEncryption: (fn) => fn.bindSecretKey({ key: data.secretKey, accessMode: 'encryptDecrypt' }),
    };
    const authorizationReason: Record<AuthMode, string> = {
      partner: 'Partners sign every request with HMAC; the function verifies the signature with the partner secret (no authorizer can).',
      public:
        'Deliberately public: the web app stylesheet and 404 page, the API reference outside production, and the traveler promo code claim (no partner credentials exist on that side; throttled per code and per client address).',
      reporter: 'Reporters (network, eSIM platform, payments) sign every request with HMAC and their own credentials; the function verifies it.',
      'public-page':
        'A traveler web page anyone may open (redirect-token entry, promo-code claim form); tokens are signed and single-use, forms carry CSRF tokens.',
      'portal-session':
        'Authenticated by the partner portal session cookie (HttpOnly, SameSite=Lax), opened by a signed single-use link and checked by the function; forms carry CSRF tokens.',
      'traveler-session':
        'Authenticated by the traveler session cookie (HttpOnly, SameSite=Lax), checked by the function against the session item.',
    };

    // Every stage but production also serves the API reference (/openapi, /openapi.json).
    const served = stage.name === 'production' ? routes : [...routes, ...referenceRoutes];
    for (const route of served) {
      const fn = new FunctionWithLogGroup(this, route.operation, {
        entry: route.entry,
        description: `${route.method} ${route.path}`,
        stage,
        assets: referenceRoutes.includes(route) ? referenceAssets : undefined,
      });
      const access = tableAccessOf(route);
      // Authentication reads partner credentials, so every partner route reads the table at least.
      fn.bindTable({ table: data.table, accessMode: route.auth === 'partner' && access === 'none' ? 'read' : access, indexes: route.indexes });
      bindAuthentication[route.auth](fn);
      if (route.signsTokens) fn.bindTokenKey({ key: data.tokenKey });
      for (const resource of route.resources ?? []) bindResource[resource](fn);
      // No console test-invoke permission: one Lambda permission per method instead of two keeps the stack well
      // under CloudFormation's 500 resources.
      const integration = new LambdaIntegration(fn, { allowTestInvoke: false });
      const method = this.restApi.root.resourceForPath(route.path).addMethod(route.method, integration);
      for (const id of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        Validations.of(method).acknowledge({ id, reason: authorizationReason[route.auth] });
      }
      this.functions[route.operation] = fn;
    }
    for (const removed of removedRoutes) {
      const method = this.restApi.root.resourceForPath(removed.path).addMethod(removed.method, removedIntegration(removed), {
        methodResponses: [{ statusCode: '410', responseParameters: removedResponseHeaderFlags }],
      });
      for (const id of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        Validations.of(method).acknowledge({ id, reason: 'A removed endpoint: API Gateway itself answers 410 Gone with a pointer to its replacement.' });
      }
    }
    for (const conflict of conflictingPathVariables([...routes, ...removedRoutes])) {
      Annotations.of(this).addError(`shared/routes.ts cannot be deployed: ${conflict}`);
    }

    Validations.of(this.restApi).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason: 'Handlers validate requests (valibot) so that invalid input gets our JSON error shape; a gateway validator would not.',
    });
    Validations.of(this.restApi.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG6',
      reason: 'Execution logs need the account-wide API Gateway CloudWatch role, which no single stage stack owns; access logs and X-Ray traces are on.',
    });

    // One output with a stable name, instead of RestApi's own `Endpoint<hash>` output.
    this.restApi.node.tryRemoveChild('Endpoint');
    new CfnOutput(this, 'Url', { description: 'Base URL of the partner API (ends in /api/)', value: this.restApi.url }).overrideLogicalId(
      apiUrlOutputKey,
    );
  }
}
