// api docs → builds the OpenAPI 3.1 document from the route table, the operation registry and the valibot schemas.
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { componentSchemas, eventSchemaName } from '#shared/api/components';
import { exampleEvent } from '#shared/api/examples';
import { operations, type JsonOperation, type OperationDoc, type PageOperation, type Parameter } from '#shared/api/operations';
import { packageTypes } from '#shared/domain/schema-fields';
import { errorCodes, type ErrorCode } from '#shared/errors';
import { webhookEventNames, optInOnlyEvents } from '#shared/events/catalog';
import { errorBody } from '#shared/http/response';
import { headerRefs, noStoreHeaderRefs, responseHeaders } from '#shared/api/response-headers';
import { withRules } from '#shared/api/schema-rules';
import { removedRoutes, routes, type AuthMode, type RouteDefinition } from '#shared/routes';

/** Every path partners can call: the route table, plus the removed endpoints the gateway itself answers with 410. */
export const documentedRoutes: readonly RouteDefinition[] = [
  ...routes,
  ...removedRoutes.map(({ operation, method, path }): RouteDefinition => ({ operation, method, path, entry: '', auth: 'public' })),
];
import { webhookHeaders } from '#shared/webhooks/signing';
import { TEST_EVENT_NAME } from '#shared/domain/webhook-schemas';

type Json = Record<string, unknown>;

/** The interface version of the specification this service implements (decision F15: one version). */
export const API_VERSION = '2.1.0';

const componentRef = (name: string) => `#/components/schemas/${name}`;

/** Said wherever the package types are listed (spec, Package types): the enum itself cannot mark one value deprecated. */
export const packageTypeNote =
  '`time-limited` is DEPRECATED: do not use it in new integrations; use `data-limited` with a short `package_duration`. ' +
  'Existing integrations keep working (a write of it answers a `Warning: 299` header); the type may be removed in a future version.';

const isPackageTypeList = (options: unknown): boolean =>
  Array.isArray(options) && options.length === packageTypes.length && packageTypes.every((type) => options.includes(type));

// Checks, transforms and custom schemas have no JSON Schema form; their rules are in the descriptions.
const conversion: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'output',
  errorMode: 'ignore',
  overrideRef: ({ referenceId }) => componentRef(referenceId),
  // Length bounds in characters and the text rules (schema-fields.ts) are checks that carry their JSON Schema form.
  overrideAction: ({ valibotAction, jsonSchema }) => {
    const { characters, jsonSchema: rule } = valibotAction as { characters?: { minLength?: number; maxLength?: number }; jsonSchema?: Json };
    return characters || rule ? { ...jsonSchema, ...characters, ...rule } : undefined;
  },
  // A description of the field's own (a pipe's) still replaces this one.
  overrideSchema: ({ valibotSchema, jsonSchema }) =>
    valibotSchema.type === 'picklist' && isPackageTypeList((valibotSchema as { options?: unknown }).options)
      ? { ...jsonSchema, description: packageTypeNote }
      : undefined,
};

const toSchema = (schema: v.GenericSchema): Json => {
  const name = Object.entries(componentSchemas).find(([, candidate]) => candidate === schema)?.[0];
  if (name) return { $ref: componentRef(name) };
  const { $schema: _schema, $defs: _defs, ...json } = toJsonSchema(schema, { ...conversion, definitions: componentSchemas }) as Json;
  return json;
};

const partnerAuthErrors: ErrorCode[] = [
  'missing_credentials',
  'repeated_credentials',
  'invalid_timestamp',
  'timestamp_out_of_range',
  'invalid_api_key',
  'invalid_signature',
  'signature_reused',
];

/** Errors any operation of an auth mode can answer; a new mode must say which (the type check asks). */
const authErrors: Record<AuthMode, ErrorCode[]> = {
  partner: partnerAuthErrors,
  reporter: partnerAuthErrors,
  public: [],
  'public-page': [],
  'traveler-session': [],
  smdp: [],
  esimgo: [],
  'portal-session': [],
};
const authSecurity: Record<AuthMode, Json[] | undefined> = {
  partner: undefined, // the document-wide requirement
  reporter: [{ ReporterApiKey: [], ReporterTimestamp: [], ReporterSignature: [] }],
  public: [],
  'public-page': [],
  'traveler-session': [{ TravelerSession: [] }],
  smdp: [],
  esimgo: [],
  'portal-session': [{ PortalSession: [] }],
};
const bodyErrors: ErrorCode[] = ['validation_error', 'payload_too_large', 'unsupported_media_type'];
/** What the gateway or the runtime can answer before or instead of any function: a URL it cannot read, oversized headers, throttling, a failure. */
const everyOperationErrors: ErrorCode[] = ['bad_request', 'rate_limited', 'request_header_fields_too_large', 'internal_error'];

const errorResponses = (codes: ErrorCode[]): Json => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\`: ${errorCodes[code].description}`).join('\n\n'),
          headers: { ...noStoreHeaderRefs, ...(status === 429 || list.includes('provider_unavailable') ? headerRefs('Retry-After') : {}) },
          content: {
            'application/json': {
              schema: { $ref: componentRef('ErrorResponse') },
              examples: Object.fromEntries(list.map((code) => [code, { value: errorBody(code, errorCodes[code].description) }])),
            },
          },
        },
      ]),
  );
};

const parameter = ({ example, routeName: _routeName, ...rest }: Parameter): Json => ({ ...rest, ...(example === undefined ? {} : { example }) });

const jsonOperation = (route: RouteDefinition, doc: JsonOperation): Json => ({
  operationId: route.operation,
  summary: doc.summary,
  description: doc.description,
  tags: [doc.tag],
  ...(doc.deprecated ? { deprecated: true } : {}),
  ...(authSecurity[route.auth] ? { security: authSecurity[route.auth] } : {}),
  ...(doc.parameters ? { parameters: doc.parameters.map(parameter) } : {}),
  ...(doc.request
    ? {
        requestBody: {
          required: !doc.request.optional,
          content: { 'application/json': { schema: toSchema(doc.request.schema), example: doc.request.example } },
        },
      }
    : {}),
  responses: {
    ...(doc.response
      ? {
          [String(doc.response.status)]: {
            description: doc.response.description,
            headers: { ...noStoreHeaderRefs, ...doc.response.headers },
            content: { 'application/json': { schema: toSchema(doc.response.schema), example: doc.response.example } },
          },
        }
      : {}),
    ...errorResponses([
      ...(doc.request ? (doc.request.bodyRefusals ?? bodyErrors) : []),
      ...authErrors[route.auth],
      ...doc.errors,
      ...everyOperationErrors,
    ]),
  },
});

/** Responses of one status from several sources (a page and the JSON errors): one description, every content type. */
const mergeResponses = (...sets: Json[]): Json => {
  const merged: Record<string, Json> = {};
  for (const set of sets) {
    for (const [status, response] of Object.entries(set) as Array<[string, Json]>) {
      const before = merged[status];
      merged[status] = before
        ? {
            ...before,
            description: `${before.description}\n\n${response.description}`,
            ...(before.headers || response.headers ? { headers: { ...(before.headers as Json), ...(response.headers as Json) } } : {}),
            content: { ...(before.content as Json | undefined), ...(response.content as Json | undefined) },
          }
        : response;
    }
  }
  return merged;
};

/** An HTML page whose function fails answers an error page of its own (shared/web/page-handler.ts). */
const pageFailure = 'Something failed on our side: an error page (the failure is logged).';

const pageResponses = (doc: PageOperation): Json => {
  const contentType = doc.contentType ?? 'text/html';
  const answers: Record<string, string | undefined> = { ...doc.answers, ...(contentType === 'text/html' ? { 500: pageFailure } : {}) };
  return Object.fromEntries(
    Object.entries(answers).map(([status, description]) => [
      status,
      status === '303'
        ? { description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } }
        : status === '200' || contentType === 'text/html'
          ? { description, content: { [contentType]: { schema: { type: 'string' } } } }
          : { description },
    ]),
  );
};

const pageOperation = (route: RouteDefinition, doc: PageOperation): Json => ({
  operationId: route.operation,
  summary: doc.summary,
  description: doc.description,
  tags: [doc.tag],
  ...(authSecurity[route.auth] ? { security: authSecurity[route.auth] } : {}),
  ...(doc.parameters ? { parameters: doc.parameters.map(parameter) } : {}),
  responses: mergeResponses(pageResponses(doc), errorResponses(everyOperationErrors)),
});

/** Operations of the route table that the registry does not document, and entries no route has. */
export const registryMismatches = (table: readonly RouteDefinition[] = documentedRoutes, registry: Registry = operations) => ({
  undocumented: table.map((route) => route.operation).filter((name) => !(name in registry)),
  withoutRoute: Object.keys(registry).filter((name) => !table.some((route) => route.operation === name)),
});

type Registry = Record<string, OperationDoc>;

/**
 * The path of a route as the document writes it. API Gateway's greedy `{name+}` is no OpenAPI syntax: the document names
 * it `{name}` (it spans slashes there). A path parameter its registry entry renames (`routeName`) takes the entry's name:
 * the gateway allows one variable name per level, so `/bookings/{id}/updatePackageSpecifications` is the spec's
 * `/bookings/{booking_id}/updatePackageSpecifications`.
 */
export const documentPath = (route: Pick<RouteDefinition, 'path' | 'operation'>, registry: Registry = operations): string =>
  (registry[route.operation]?.parameters ?? []).reduce(
    (path, { in: place, name, routeName }) => (place === 'path' && routeName ? path.replace(`{${routeName}}`, `{${name}}`) : path),
    route.path.replace(/\{([^}]+)\+\}/g, '{$1}'),
  );

const paths = (table: readonly RouteDefinition[], registry: Registry): Json => {
  const { undocumented } = registryMismatches(table, registry);
  if (undocumented.length > 0) {
    throw new Error(`Document these operations in shared/api/operations.ts: ${undocumented.join(', ')}`);
  }
  const result: Record<string, Json> = {};
  for (const route of table) {
    const doc = registry[route.operation]!;
    const path = documentPath(route, registry);
    result[path] ??= {};
    const item = result[path] as Record<string, Json>;
    item[route.method.toLowerCase()] = doc.kind === 'page' ? pageOperation(route, doc) : jsonOperation(route, doc);
  }
  return result;
};

const deliveryHeader = (name: string, description: string, example: string, required = true): Json => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
  example,
});

/** The headers of a delivery (docs/webhooks.md): the auth header always, signature and timestamp only when a secret is set. */
const deliveryHeaders = (example: { event_id: string; delivery_id: string }): Json[] => [
  deliveryHeader(
    'x-api-key',
    'Your API key, on every delivery, so your endpoint can tell the service from anyone else. `x-api-key` with no prefix unless you ' +
      'change it: PUT /webhooks/endpoint `auth_header_name` gives the header another name (e.g. `Authorization`, which then replaces ' +
      'this one) and `auth_header_prefix` puts text before the key (e.g. `Bearer `).',
    'pk_4f0c2a9e1b7d3c5a8e6f0b2d',
    false,
  ),
  deliveryHeader(
    webhookHeaders.signature,
    'Only when a signing secret is configured (POST /webhooks/endpoint/signing-secret); absent otherwise. One or more comma-separated ' +
      '`sha256=<hex>`: HMAC-SHA256 of `{x-service-timestamp}.{raw body}` with your signing secret. Accept when any matches.',
    'sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    false,
  ),
  deliveryHeader(
    webhookHeaders.timestamp,
    'Only when a signing secret is configured, with x-service-signature. Signing time in epoch seconds; reject deliveries older ' +
      'than your tolerance (about 5 minutes).',
    '1796549400',
    false,
  ),
  deliveryHeader(webhookHeaders.eventId, 'Same as `event_id` of the body.', example.event_id),
  deliveryHeader(webhookHeaders.deliveryId, 'Same as `delivery_id` of the body.', example.delivery_id),
];

/** The test delivery of POST /webhooks/endpoint/test, documented beside the events so receivers know to expect it. */
const testDelivery = (): Json => ({
  post: {
    operationId: 'onWebhookTest',
    summary: TEST_EVENT_NAME,
    description:
      'Sent only when you call POST /webhooks/endpoint/test, with the same headers as every delivery (signed when a signing secret is ' +
      'configured). Verify it, answer 2xx, and do not process it as an event: its name is none of the 12 events and its event_id starts ' +
      'with `webhook.test:`.',
    tags: ['Webhooks'],
    security: [],
    parameters: deliveryHeaders({
      event_id: 'webhook.test:0d6f7f4e-52c1-4c55-9a3e-5f7a1f0c9b11',
      delivery_id: 'dlv_test_8a2e41f0b6c94d1f9e3a7c5b2d0f6e18',
    }),
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: componentRef('WebhookTestEvent') } } } },
    responses: { '200': { description: 'Any 2xx: your endpoint works; the answer is reported back to the test call.' } },
  },
});

const webhooks = (): Json => ({
  ...eventWebhooks(),
  [TEST_EVENT_NAME]: testDelivery(),
});

const eventWebhooks = (): Json =>
  Object.fromEntries(
    webhookEventNames.map((event) => {
      const name = eventSchemaName(event);
      const example = exampleEvent(event);
      return [
        event,
        {
          post: {
            operationId: `on${name}`,
            summary: event,
            description:
              `Sent as a POST to your webhook URL.${optInOnlyEvents.has(event) ? ` Opt-in: turn on \`webhook_settings.events.${event.replaceAll('.', '_')}\`.` : ''} ` +
              'Verify the signature over the raw body before parsing (see the SDK’s verifyWebhook).',
            tags: ['Webhooks'],
            security: [],
            parameters: deliveryHeaders(example),
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: componentRef(`${name}Event`) }, example } },
            },
            responses: {
              '200': { description: 'Any 2xx: delivered.' },
              '400': { description: 'Any 4xx other than 429: rejected for good, not retried.' },
              '429': { description: 'Retried with exponential backoff (up to 12 attempts).' },
              '500': { description: '5xx, a time-out or an unreachable endpoint: retried with exponential backoff (up to 12 attempts).' },
            },
          },
        },
      ];
    }),
  );

const securitySchemes = {
  ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Your public API key.' },
  Timestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'x-timestamp',
    description: 'Current Unix time in milliseconds, as digits. Must be within 5 minutes of server time.',
  },
  Signature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-signature',
    description:
      'Lowercase hex HMAC-SHA256, keyed with your API secret, of `x-timestamp` + HTTP method + path with its query string, ' +
      'no separators, e.g. `1700000000000GET/bookings?perPage=10`. The path may carry the `/api` prefix or not. ' +
      'Sign every request anew: a signature is accepted once.',
  },
};

/** Reporters sign like partners, with their own credentials: the same headers, another key and secret. */
const reporterSchemes = Object.fromEntries(
  Object.entries(securitySchemes).map(([name, scheme]) => [
    `Reporter${name}`,
    { ...scheme, description: `${scheme.description} With the reporter's credentials (POST /ingest/facts only).` },
  ]),
);

const portalSession = {
  type: 'apiKey',
  in: 'cookie',
  name: 'portal',
  description: 'The partner portal session (HttpOnly, SameSite=Lax; `__Host-portal` over HTTPS), set by GET /portal/start.',
};

const travelerSession = {
  type: 'apiKey',
  in: 'cookie',
  name: 'session',
  description: 'The traveler web app session (HttpOnly, SameSite=Lax; `__Host-session` over HTTPS), set by GET /app/start.',
};

const description = `Give travelers eSIM data packages: bookings with promo codes and package queues, and signed webhooks about the traveler's eSIM lifecycle.

## Authentication
Every partner request carries three headers: \`x-api-key\`, \`x-timestamp\` (Unix milliseconds) and \`x-signature\`:
lowercase hex HMAC-SHA256 of \`x-timestamp + METHOD + path?query\` keyed with your API secret. The SDK (\`@esim-booking/sdk\`) signs for you.
These need none: the public promo code claim (POST /promo-codes/claim/{uuid}), the traveler web app and portal pages (a link or a
session cookie) and the removed endpoints; reporters sign POST /ingest/facts the same way with their own credentials.

## Envelope and errors
Answers are \`{ "success": true, "message": "…", "data": … }\`, sent with \`Cache-Control: no-store\` headers: never cache them. Errors are \`{ "success": false, "message": "…", "data": {}, "error": { "code": "…", "details": [{ "path", "message" }] } }\`; branch on \`error.code\`.

## Webhooks
Events are POSTed to your URL, signed with \`x-service-signature\` over \`{x-service-timestamp}.{raw body}\`; see the Webhooks section.`;

const tagDescriptions: Record<string, string> = {
  Bookings: 'Create, read, list and delete bookings.',
  'Promo codes': 'Change the package of promo codes that are not redeemed yet.',
  Removed: 'Endpoints removed in 2.1.0; they answer 410 Gone.',
  Catalog: 'Destinations, their packages, and eSIM device compatibility.',
  Ingestion: 'Facts reported by the network, the eSIM platform and the payment provider (reporter credentials).',
  'Native app': 'Calls your native app makes for a traveler: dashboard, redemption, classic grants.',
  Sandbox: 'Play traveler-side steps for testing; not served in production.',
  'Traveler web app': 'The WebView sign-in URL and the server-rendered traveler pages.',
  Webhooks: 'Events the service sends to your webhook URL.',
};

/**
 * The whole document; deterministic, so the checked-in copy can be compared with a fresh one. The route table and
 * registry are parameters for tests only.
 */
export const buildOpenApiDocument = (table: readonly RouteDefinition[] = documentedRoutes, registry: Registry = operations): Json => ({
  openapi: '3.1.0',
  info: {
    title: 'Partner eSIM Booking API',
    version: API_VERSION,
    description,
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [
    { url: '/api', description: 'The environment serving this document' },
    { url: 'http://127.0.0.1:3000/api', description: 'Local runtime (`npm start`)' },
  ],
  security: [{ ApiKey: [], Timestamp: [], Signature: [] }],
  tags: [...new Set([...table.map((route) => registry[route.operation]?.tag), 'Webhooks'])]
    .filter((name): name is string => name !== undefined)
    .map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
  paths: paths(table, registry),
  webhooks: webhooks(),
  components: {
    securitySchemes: { ...securitySchemes, ...reporterSchemes, TravelerSession: travelerSession, PortalSession: portalSession },
    headers: responseHeaders,
    schemas: Object.fromEntries(
      Object.entries(toJsonSchemaDefs(componentSchemas, conversion)).map(([name, schema]) => [name, withRules(name, schema as Json)]),
    ),
  },
});
