// The OpenAPI document: current, valid for an independent linter, one operation per route, examples that match.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import * as v from 'valibot';
import { componentSchemas } from '#shared/api/components';
import { exampleEvent } from '#shared/api/examples';
import { buildOpenApiDocument, documentedRoutes, documentPath, registryMismatches } from '#shared/api/openapi-document';
import { operations } from '#shared/api/operations';
import { DEFAULT_PACKAGE_TYPE, defaultDurationDays } from '#shared/domain/package-specification';
import { TEST_EVENT_NAME } from '#shared/domain/webhook-schemas';
import { webhookEventNames } from '#shared/events/catalog';
import { webhookEnvelopeSchema } from '#shared/events/event-schemas';
import type { OperationName } from '#shared/routes';
import { openApiDocument } from '#test/support/contract';

const checkedIn = readFileSync(resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8');

describe('OpenAPI document', () => {
  const fresh = buildOpenApiDocument();

  it('is current: docs/openapi.json equals what npm run openapi writes', () => {
    // Assess
    expect(`${JSON.stringify(fresh, null, 2)}\n` === checkedIn ? 'current' : 'stale: run `npm run openapi` and commit docs/openapi.json').toBe(
      'current',
    );
  });

  it('has an operation for every route of the route table and a route for every operation', () => {
    // Act
    const { undocumented, withoutRoute } = registryMismatches(documentedRoutes);

    // Assess
    expect({ undocumented, withoutRoute }).toEqual({ undocumented: [], withoutRoute: [] });
    const documented = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(documentedRoutes.map((route) => `${route.method} ${documentPath(route)}`).sort());
  });

  it("writes the update calls' path with the spec's {booking_id} while the route table keeps API Gateway's {id}", () => {
    // Prepare
    const updates = documentedRoutes.filter((route) => route.operation.startsWith('updatePackageSpecification'));

    // Act
    const paths = updates.map((route) => [route.path, documentPath(route)]);

    // Assess
    expect(paths).toEqual([
      ['/bookings/{id}/updatePackageSpecifications', '/bookings/{booking_id}/updatePackageSpecifications'],
      ['/bookings/{id}/updatePackageSpecification/{uuid}', '/bookings/{booking_id}/updatePackageSpecification/{uuid}'],
    ]);
    for (const [, path] of paths) {
      expect(openApiDocument.paths[path!].put.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
        path!.endsWith('{uuid}') ? ['booking_id', 'uuid'] : ['booking_id'],
      );
    }
    expect(Object.keys(openApiDocument.paths)).toEqual(expect.arrayContaining(['/bookings/{id}', '/bookings/{id}/byExternalBookingId']));
  });

  it('keys the registry by the operation names of the route table, so the type check refuses a name no route has', () => {
    // Prepare: npm test type-checks before jest runs, so a widened name type fails there
    // @ts-expect-error 'noSuchOperation' is not an operation of the route table
    const unknown: OperationName = 'noSuchOperation';
    const known: OperationName = 'getBooking';

    // Assess
    expect(operations[unknown]).toBeUndefined();
    expect(operations[known].summary).toBe('Get a booking');
  });

  it('passes the Redocly recommended ruleset with no errors and no warnings but operations that never answer 2xx having none', async () => {
    // Prepare: the removed endpoints (410), the sign-in links and the redeem form (303), and the web app's not-found page (404).
    const config = await createConfig({ extends: ['recommended'] });
    const never2xx = ['~1countries', '~1app~1start/', '~1app~1redeem/', '~1portal~1start/', '~1app~1{proxy}/'].map((path) => `#/paths/${path}`);

    // Act
    const problems = await lintFromString({ source: checkedIn, absoluteRef: 'openapi.json', config });

    // Assess
    const without2xx = (problem: (typeof problems)[number]) =>
      problem.ruleId === 'operation-2xx-response' && never2xx.some((prefix) => problem.location[0]?.pointer?.startsWith(prefix));
    const reported = problems
      .filter((problem) => !without2xx(problem))
      .map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(reported).toEqual([]);
  });

  it('lists every webhook event with its data schema and an example the schema accepts', () => {
    // Assess
    expect(Object.keys(openApiDocument.webhooks).sort()).toEqual([...webhookEventNames, TEST_EVENT_NAME].sort());
    for (const event of webhookEventNames) {
      const result = v.safeParse(webhookEnvelopeSchema(event), exampleEvent(event));
      expect({ event, issues: result.issues?.map((issue) => issue.message) }).toEqual({ event, issues: undefined });
    }
  });

  it('marks the signature headers of a delivery optional (only with a signing secret) and describes the auth header', () => {
    // Assess
    for (const name of [...webhookEventNames, TEST_EVENT_NAME]) {
      const headers = Object.fromEntries(
        (openApiDocument.webhooks[name].post.parameters as Array<{ name: string; required: boolean; description: string }>).map((header) => [
          header.name,
          header,
        ]),
      );
      expect({ name, signature: headers['x-service-signature']?.required, timestamp: headers['x-service-timestamp']?.required }).toEqual({
        name,
        signature: false,
        timestamp: false,
      });
      expect(headers['x-service-signature']?.description).toMatch(/^Only when a signing secret is configured/);
      expect(headers['x-api-key']?.description).toMatch(/auth_header_name.*auth_header_prefix/s);
      expect(headers['x-service-event-id']?.required).toBe(true);
    }
  });

  it('says time-limited is deprecated wherever the package types are listed', () => {
    // Prepare
    const lists: Array<{ enum?: unknown; description?: string }> = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        if ((node as { enum?: unknown[] }).enum?.includes('time-limited')) lists.push(node);
        Object.values(node).forEach(collect);
      }
    };

    // Act
    collect(openApiDocument);

    // Assess
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter((list) => !list.description?.includes('`time-limited` is DEPRECATED'))).toEqual([]);
  });

  it("documents the package specification defaults the service applies and the update call's requirements by type", () => {
    // Prepare
    const { PackageSpecificationEntry: entry, PromoPackageSpecification: update } = openApiDocument.components.schemas;

    // Assess
    expect(entry.properties.package_type.default).toBe(DEFAULT_PACKAGE_TYPE);
    expect(entry.properties.package_duration.description).toContain(
      `${defaultDurationDays['data-limited']} for \`data-limited\`, ${defaultDurationDays.starter} for \`starter\` and \`time-limited\``,
    );
    expect([defaultDurationDays.starter, defaultDurationDays.unlimited]).toEqual([defaultDurationDays['time-limited'], null]);
    expect(update.description).toMatch(/^At least one of package_id or package_type is required\./);
    expect(update.properties.package_duration.description).toContain(`default ${defaultDurationDays['data-limited']}`);
    expect(operations.updatePackageSpecifications.description).toContain('needs package_id or package_type');
    expect(operations.updatePackageSpecification.description).toContain('needs package_id or package_type');
  });

  it('has examples that the valibot schemas accept: request and response of every JSON operation', () => {
    // Assess
    for (const [name, doc] of Object.entries(operations)) {
      if (doc.kind !== 'json') continue;
      if (doc.request) expect({ name, request: v.safeParse(doc.request.schema, doc.request.example).success }).toEqual({ name, request: true });
      if (doc.response) expect({ name, response: v.safeParse(doc.response.schema, doc.response.example).success }).toEqual({ name, response: true });
    }
  });

  it('documents a page route (web app) as text/html and names the operations a merged route table lacks', () => {
    // Prepare
    const page = { operation: 'travelerPage', method: 'GET', path: '/t/{token}', entry: 'functions/t.ts', auth: 'public' } as const;
    const registry = {
      ...operations,
      travelerPage: { kind: 'page', summary: 'Traveler page', description: 'HTML.', tag: 'Traveler pages', answers: { 200: 'The page.' } } as const,
    };

    // Act
    const document = buildOpenApiDocument([...documentedRoutes, page], registry) as any;
    const missing = () => buildOpenApiDocument([...documentedRoutes, { ...page, operation: 'newOperation' }]);

    // Assess
    expect(Object.keys(document.paths['/t/{token}'].get.responses['200'].content)).toEqual(['text/html']);
    expect(document.paths['/t/{token}'].get.security).toEqual([]);
    expect(missing).toThrow('Document these operations in shared/api/operations.ts: newOperation');
  });

  it('lists what every operation can answer (a URL or headers the gateway cannot read) and the statuses the pages answer', () => {
    // Prepare
    const statusesOf = (path: string, method: string) => Object.keys(openApiDocument.paths[path][method].responses);

    // Assess
    for (const [path, item] of Object.entries(openApiDocument.paths as Record<string, Record<string, { responses: Record<string, any> }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        expect({ path, method, statuses: Object.keys(operation.responses) }).toEqual({
          path,
          method,
          statuses: expect.arrayContaining(['400', '431', '429', '500']),
        });
        expect(Object.keys(operation.responses['400'].content['application/json'].examples)).toContain('bad_request');
      }
    }
    expect(statusesOf('/app/start', 'get')).toEqual(['303', '400', '410', '429', '431', '500']);
    expect(statusesOf('/app/shop/checkout', 'post')).toEqual(['200', '400', '401', '403', '404', '429', '431', '500']);
    expect(statusesOf('/promo-codes/claim/{uuid}', 'get')).toEqual(['200', '400', '404', '429', '431', '500']);
    expect(statusesOf('/portal', 'get')).toEqual(['200', '400', '401', '429', '431', '500']);
    expect(Object.keys(openApiDocument.paths['/app/start'].get.responses['400'].content)).toEqual(['text/html', 'application/json']);
  });

  it('declares the no-store headers on every JSON answer, Retry-After on every 429, and only headers it defines', () => {
    // Prepare
    type Response = { headers?: Record<string, { $ref?: string }>; content?: Record<string, unknown> };
    const jsonAnswers = Object.values(openApiDocument.paths as Record<string, Record<string, { responses: Record<string, Response> }>>)
      .flatMap((item) => Object.values(item))
      .flatMap(({ responses }) => Object.entries(responses))
      .filter(([, response]) => response.content?.['application/json']);
    const defined = Object.keys(openApiDocument.components.headers);

    // Assess
    expect(jsonAnswers.length).toBeGreaterThan(200);
    expect(jsonAnswers.filter(([, response]) => !response.headers?.['Cache-Control'])).toEqual([]);
    expect(jsonAnswers.filter(([status, response]) => status === '429' && !response.headers?.['Retry-After'])).toEqual([]);
    const references = jsonAnswers.flatMap(([, response]) => Object.values(response.headers ?? {}).map((header) => header.$ref));
    expect(references.filter((ref) => !defined.includes(String(ref).replace('#/components/headers/', '')))).toEqual([]);
    expect(openApiDocument.components.headers['Cache-Control'].example).toMatch(/^no-store/);
  });

  it('tells partners which calls need no signature, and types every package_duration as an integer', () => {
    // Prepare
    const durations: unknown[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        const duration = (node as { properties?: { package_duration?: unknown } }).properties?.package_duration;
        if (duration) durations.push(duration);
        // Under `not`, a field's schema says what it must not be (shared/api/schema-rules.ts: sent as null).
        for (const [key, value] of Object.entries(node)) if (key !== 'not') collect(value);
      }
    };

    // Act
    collect(openApiDocument);

    // Assess
    expect(openApiDocument.info.description).toContain('These need none: the public promo code claim (POST /promo-codes/claim/{uuid})');
    expect(durations.length).toBeGreaterThan(5);
    expect(durations.filter((duration) => !JSON.stringify(duration).includes('"type":"integer"'))).toEqual([]);
  });

  it('names every component schema it references', () => {
    // Prepare
    const refs = [...checkedIn.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);

    // Assess
    expect(refs.filter((name) => !(name! in componentSchemas))).toEqual([]);
  });
});
