// infrastructure → the REST API: the RestApi, gateway errors in our JSON error shape, removed routes, and one
// nested stack per route group (lib/route-stack.ts) holding a function per row of shared/routes.ts; then one
// deployment of them all, its stage, the firewall and the API's alarms.
import { createHash } from 'node:crypto';
import { Annotations, CfnOutput, Size, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  Deployment,
  EndpointType,
  LogGroupLogDestination,
  type Method,
  MockIntegration,
  PassthroughBehavior,
  ResponseType,
  RestApi,
  Stage,
} from 'aws-cdk-lib/aws-apigateway';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { referenceRoutes } from '#shared/api/reference-routes';
import { rateLimitedMessage, stageThrottle } from '#shared/http/rate-limit';
import { errorBody as errorBodyOf } from '#shared/http/response';
import {
  connectivityRoutes,
  type RemovedRouteDefinition,
  type RouteDefinition,
  removedRoutes,
  routes as routeTable,
  routesForStage,
} from '#shared/routes';
import { addAlarm, alarmPeriod as period, alarmThresholds } from '#lib/alarms';
import type { FunctionWithLogGroup } from '#lib/function-with-log-group';
import { type RouteGroup, type RouteResources, RouteStack, routeGroupOf } from '#lib/route-stack';
import { apiUrlOutputKey } from '#lib/stack-outputs';
import { resourcePrefix, type StageSettings } from '#lib/stage';

export interface ApiProps {
  stage: StageSettings;
  resources: RouteResources;
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

/** As every JSON answer of the functions (shared/http/response.ts): never cached, never sniffed. */
const jsonAnswerHeaders = {
  'Content-Type': "'application/json'",
  'Cache-Control': "'no-store, no-cache, must-revalidate, max-age=0, private'",
  Pragma: "'no-cache'",
  'X-Content-Type-Options': "'nosniff'",
};

const removedResponseHeaderFlags = Object.fromEntries(Object.keys(jsonAnswerHeaders).map((name) => [`method.response.header.${name}`, true]));

/** 410 with the documented body, from API Gateway itself: no function, no cold start, no cost per call. */
export const removedIntegration = (removed: RemovedRouteDefinition): MockIntegration =>
  new MockIntegration({
    passthroughBehavior: PassthroughBehavior.WHEN_NO_TEMPLATES,
    requestTemplates: { 'application/json': '{"statusCode": 410}' },
    integrationResponses: [
      {
        statusCode: '410',
        responseParameters: Object.fromEntries(Object.entries(jsonAnswerHeaders).map(([name, value]) => [`method.response.header.${name}`, value])),
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

/**
 * What the deployed API serves: methods and paths, removed routes and gateway responses. A change to any of them
 * makes a new API Gateway deployment (the methods live in nested stacks, where CDK cannot see them change).
 */
export const apiFingerprint = (served: readonly RouteDefinition[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        routes: served.map(({ method, path, operation, auth }) => [method, path, operation, auth]),
        removed: removedRoutes,
        gatewayResponses: gatewayResponses.map(({ type, code, message }) => [type.responseType, code, message]),
      }),
    )
    .digest('hex');

export class Api extends Construct {
  public readonly restApi: RestApi;
  public readonly functions: Record<string, FunctionWithLogGroup> = {};
  public readonly routeStacks: Partial<Record<RouteGroup, RouteStack>> = {};

  public constructor(scope: Construct, id: string, { stage, resources, routes: definitions = routeTable }: ApiProps) {
    super(scope, id);
    const routes = routesForStage(definitions, stage.name);

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: resourcePrefix(stage),
      description: 'Partner eSIM booking API',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: false,
      // Pages and JSON alike are gzip-compressed for clients that ask (Accept-Encoding) once above 1 KiB.
      minCompressionSize: Size.kibibytes(1),
      // The deployment below waits for every route stack.
      deploy: false,
    });
    for (const response of gatewayResponses) {
      this.restApi.addGatewayResponse(response.type.responseType, {
        type: response.type,
        statusCode: 'statusCode' in response ? response.statusCode : undefined,
        responseHeaders: jsonAnswerHeaders,
        templates: { 'application/json': errorBody(response.code, response.message) },
      });
    }
    const methods: Method[] = [];
    for (const removed of removedRoutes) {
      const method = this.restApi.root.resourceForPath(removed.path).addMethod(removed.method, removedIntegration(removed), {
        methodResponses: [{ statusCode: '410', responseParameters: removedResponseHeaderFlags }],
      });
      for (const id of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        Validations.of(method).acknowledge({
          id,
          reason: 'A removed endpoint: API Gateway itself answers 410 Gone with a pointer to its replacement.',
        });
      }
      methods.push(method);
    }
    for (const conflict of conflictingPathVariables([...routes, ...removedRoutes])) {
      Annotations.of(this).addError(`shared/routes.ts cannot be deployed: ${conflict}`);
    }
    const removedSegments = new Set(removedRoutes.map((removed) => removed.path.split('/')[1]));
    for (const route of routes.filter((r) => removedSegments.has(r.path.split('/')[1]))) {
      Annotations.of(this).addError(`${route.path} shares its first path segment with a removed route: API Gateway would get the resource twice`);
    }

    // Every stage but production also serves the API reference (/openapi, /openapi.json); a stage provisioning over
    // ES2+ also serves the SM-DP+'s notification route, one provisioning through eSIM Go its usage callback.
    const served = [...routes, ...(stage.name === 'production' ? [] : referenceRoutes), ...connectivityRoutes(stage.connectivity)];
    const groups = new Map<RouteGroup, RouteDefinition[]>();
    for (const route of served) groups.set(routeGroupOf(route), [...(groups.get(routeGroupOf(route)) ?? []), route]);
    for (const [group, groupRoutes] of groups) {
      const routeStack = new RouteStack(this, group, {
        stage,
        restApiId: this.restApi.restApiId,
        rootResourceId: this.restApi.restApiRootResourceId,
        routes: groupRoutes,
        resources,
      });
      this.routeStacks[group] = routeStack;
      Object.assign(this.functions, routeStack.functions);
      methods.push(...routeStack.methods);
    }

    const deployment = new Deployment(this, 'Deployment', { api: this.restApi, description: 'Every route of shared/routes.ts' });
    deployment.addToLogicalId(apiFingerprint(served));
    for (const method of methods) deployment.node.addDependency(method);
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: stage.logRetention, removalPolicy: stage.removalPolicy });
    this.restApi.deploymentStage = new Stage(this, 'Stage', {
      deployment,
      stageName: apiStageName,
      tracingEnabled: true,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
      // Every method, all partners together: a safety net above what one client address may send (decision F42).
      throttlingRateLimit: stageThrottle.requestsPerSecond,
      throttlingBurstLimit: stageThrottle.burst,
    });

    Validations.of(this.restApi).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason: 'Handlers validate requests (valibot) so that invalid input gets our JSON error shape; a gateway validator would not.',
    });
    Validations.of(this.restApi.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG6',
      reason:
        'Execution logs need the account-wide API Gateway CloudWatch role, which no single stage stack owns; access logs and X-Ray traces are on.',
    });
    this.alarms(resources);

    new CfnOutput(this, 'Url', { description: 'Base URL of the partner API (ends in /api/)', value: this.restApi.url }).overrideLogicalId(
      apiUrlOutputKey,
    );
  }

  /** 5xx rate and p99 latency of the whole API. */
  private alarms({ alarmTopic }: RouteResources): void {
    const api = this.restApi;
    const requests = api.metricCount({ period, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: `IF(requests >= ${alarmThresholds.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period,
      label: 'API 5xx %',
    });
    addAlarm(this, 'Api5xxRate', alarmTopic, {
      metric: errorRate,
      threshold: alarmThresholds.api5xxPercent,
      description: 'More than 1% of API responses are 5xx.',
    });
    const latency = new MathExpression({
      expression: `IF(requests >= ${alarmThresholds.apiLatencyMinimumRequests}, latency, 0)`,
      usingMetrics: { requests, latency: api.metricLatency({ period, statistic: 'p99' }) },
      period,
      label: 'API p99 latency (ms)',
    });
    addAlarm(this, 'ApiLatencyP99', alarmTopic, {
      metric: latency,
      threshold: alarmThresholds.apiP99LatencyMs,
      description: `API p99 latency above 2 s for 15 minutes, judged from ${alarmThresholds.apiLatencyMinimumRequests} requests in five minutes.`,
      evaluationPeriods: 3,
    });
  }
}
