// infrastructure → one group of routes of the REST API in a nested stack of its own: a function per route, its method
// and its one Lambda permission. The API stack owns the RestApi, its deployment and stage; this stack only adds
// methods under the path segments its group owns, so no two stacks ever create the same API Gateway resource.
import { NestedStack, Validations } from 'aws-cdk-lib';
import { LambdaIntegration, type Method, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { referenceAssets, referenceRoutes } from '#shared/api/reference-routes';
import { type AuthMode, type RouteDefinition, type RouteResource, tableAccessOf } from '#shared/routes';
import { FunctionWithLogGroup } from '#lib/function-with-log-group';
import type { StageSettings } from '#lib/stage';

/**
 * The nested stacks of the API, by how their routes change: partner operations, webhook self-service (API and
 * portal), in-app, web app, developer tools.
 */
export const routeGroups = ['PartnerRoutes', 'WebhookRoutes', 'InAppRoutes', 'WebAppRoutes', 'DeveloperRoutes'] as const;
export type RouteGroup = (typeof routeGroups)[number];

/**
 * Which group owns a route, by the first segment of its path: a whole subtree belongs to one group, so each
 * API Gateway resource is created by exactly one stack. Anything not listed is a partner operation.
 */
const groupBySegment: Readonly<Record<string, RouteGroup>> = {
  webhooks: 'WebhookRoutes',
  portal: 'WebhookRoutes',
  native: 'InAppRoutes',
  app: 'WebAppRoutes',
  sandbox: 'DeveloperRoutes',
  openapi: 'DeveloperRoutes',
  'openapi.json': 'DeveloperRoutes',
};

export const routeGroupOf = (route: Pick<RouteDefinition, 'path'>): RouteGroup => {
  const segment = route.path.split('/').find(Boolean) ?? '';
  return groupBySegment[segment] ?? 'PartnerRoutes';
};

export interface RouteResources {
  table: ITable;
  /** Decrypts partner and reporter secrets (signature checks). */
  secretKey: IKey;
  /** Signs and verifies traveler redirect tokens. */
  tokenKey: IKey;
  alarmTopic: ITopic;
}

export interface RouteStackProps {
  stage: StageSettings;
  restApiId: string;
  rootResourceId: string;
  routes: readonly RouteDefinition[];
  resources: RouteResources;
}

const authorizationReason: Record<AuthMode, string> = {
  partner: 'Partners sign every request with HMAC; the function verifies the signature with the partner secret (no authorizer can).',
  public:
    'Deliberately public: the web app stylesheet and 404 page, the API reference outside production, and the traveler promo code claim (no partner credentials exist on that side; throttled per code and per client address).',
  reporter: 'Reporters (network, eSIM platform, payments) sign every request with HMAC and their own credentials; the function verifies it.',
  'public-page':
    'A traveler web page anyone may open (redirect-token entry, promo-code claim form); tokens are signed and single-use, forms carry CSRF tokens.',
  'traveler-session': 'Authenticated by the traveler session cookie (HttpOnly, SameSite=Lax), checked by the function against the session item.',
  'portal-session':
    'Authenticated by the partner portal session cookie (HttpOnly, SameSite=Lax), opened by a signed single-use link and checked by the function; forms carry CSRF tokens.',
  smdp: 'An SM-DP+ over mutual TLS (custom domain truststore); the function admits only client certificates on the provider secret allow-list.',
  esimgo: 'eSIM Go signs every usage callback with HMAC-SHA256 of the raw body keyed with the API key; the function verifies it (no authorizer can).',
};

export class RouteStack extends NestedStack {
  public readonly functions: Record<string, FunctionWithLogGroup> = {};
  public readonly methods: Method[] = [];

  public constructor(scope: Construct, id: RouteGroup, props: RouteStackProps) {
    super(scope, id, { description: `eSIM booking ${props.stage.name}: ${id} of the partner API` });
    const { stage, resources } = props;
    const restApi = RestApi.fromRestApiAttributes(this, 'RestApi', { restApiId: props.restApiId, rootResourceId: props.rootResourceId });

    const bindAuthentication: Record<AuthMode, (fn: FunctionWithLogGroup) => void> = {
      partner: (fn) => {
        fn.bindSignatureClaims({ table: resources.table });
        fn.bindSecretKey({ key: resources.secretKey, accessMode: 'decrypt' });
      },
      public: () => {},
      // Reporter, web page and session routes read and write the table by default (tableAccessOf).
      reporter: (fn) => fn.bindSecretKey({ key: resources.secretKey, accessMode: 'decrypt' }),
      'public-page': () => {},
      'traveler-session': () => {},
      // Its client certificate was checked by the custom domain's truststore; the allow-list is in the provider secret.
      smdp: () => {},
      // The HMAC key is the API key in the provider secret, which every table-writing route may read.
      esimgo: () => {},
      // The test delivery signs with the partner's webhook secret; rotation also encrypts (resources: secretEncryption).
      'portal-session': (fn) => fn.bindSecretKey({ key: resources.secretKey, accessMode: 'decrypt' }),
    };
    const bindResource: Record<RouteResource, (fn: FunctionWithLogGroup) => void> = {
      table: () => {}, // tableAccessOf turns it into readWrite
      secretEncryption: (fn) => fn.bindSecretKey({ key: resources.secretKey, accessMode: 'encryptDecrypt' }),
      secretDecryption: (fn) => fn.bindSecretKey({ key: resources.secretKey, accessMode: 'decrypt' }),
      provider: (fn) => fn.bindProvisioning({ stage, secretKey: resources.secretKey }),
    };

    for (const route of props.routes) {
      const fn = new FunctionWithLogGroup(this, route.operation, {
        entry: route.entry,
        description: `${route.method} ${route.path}`,
        stage,
        alarmTopic: resources.alarmTopic,
        assets: referenceRoutes.includes(route) ? referenceAssets : undefined,
      });
      const access = tableAccessOf(route);
      // Authentication reads partner credentials, so every partner route reads the table at least.
      fn.bindTable({ table: resources.table, accessMode: route.auth === 'partner' && access === 'none' ? 'read' : access, indexes: route.indexes });
      bindAuthentication[route.auth](fn);
      if (route.signsTokens) fn.bindTokenKey({ key: resources.tokenKey });
      for (const resource of route.resources ?? []) bindResource[resource](fn);
      // One Lambda permission per function for the whole API (not one per method and stage, nor a test-invoke
      // one): fewer resources per route, and the function is reachable through this API only.
      const integration = new LambdaIntegration(fn.live, { scopePermissionToMethod: false });
      const method = restApi.root.resourceForPath(route.path).addMethod(route.method, integration);
      for (const id of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        Validations.of(method).acknowledge({ id, reason: authorizationReason[route.auth] });
      }
      this.functions[route.operation] = fn;
      this.methods.push(method);
    }
  }
}
