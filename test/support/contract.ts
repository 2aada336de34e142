// test support → contract checks: every response and webhook body the tests see must match docs/openapi.json.
// The checked-in document is read once per test file; test/unit/openapi.test.ts proves it is current.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { documentPath } from '#shared/api/openapi-document';
import { routeMatcher } from '#bin/local/api-gateway';
import { routes } from '#shared/routes';

type Json = Record<string, any>;

export const openApiDocument: Json = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8'));

/**
 * Every object schema that lists its properties gets `unevaluatedProperties: false` for the tests: a response
 * member the document does not describe is a contract failure here, while partners' own validators stay lenient.
 */
const closeObjects = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const copy: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closeObjects(value)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.unevaluatedProperties = false;
  return copy;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(closeObjects(openApiDocument) as Json, 'openapi');

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const compiled = new Map<string, ValidateFunction>();
const validatorAt = (path: string[]): ValidateFunction => {
  const ref = `openapi#/${pointer(...path)}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`No schema at ${ref}`);
    compiled.set(ref, validate);
  }
  return validate;
};

const explain = (validate: ValidateFunction, body: unknown): string =>
  `${(validate.errors ?? [])
    .slice(0, 8)
    .map((error) => `  ${error.instancePath || '(body)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`)
    .join('\n')}\nBody: ${JSON.stringify(body).slice(0, 600)}`;

const match = routeMatcher(routes);

/** Throws a readable error when the response does not match what the document says for this request. */
export const assertResponseMatchesContract = (method: string, fullPath: string, status: number, body: unknown): void => {
  const path = fullPath.split('?')[0]!.replace(/^\/api(?=\/|$)/, '') || '/';
  const route = match(method, path);
  const where = route ? `${method} ${route.route.path}` : `${method} ${path} (no route)`;
  const responsePath = route ? ['paths', documentPath(route.route), method.toLowerCase(), 'responses', String(status)] : undefined;
  const response = responsePath?.reduce<Json | undefined>((node, key) => node?.[key], openApiDocument);
  if (route && !response) {
    throw new Error(`Contract: ${where} answered ${status}, a status the OpenAPI document does not list for this operation.`);
  }
  const content = response?.content?.['application/json'];
  // A documented answer that is not JSON (an HTML page) has no body schema to check.
  if (response && !content) return;
  const validate = content
    ? validatorAt([...responsePath!, 'content', 'application/json', 'schema'])
    : validatorAt(['components', 'schemas', 'ErrorResponse']);
  if (!validate(body)) {
    throw new Error(`Contract: the ${status} answer of ${where} does not match docs/openapi.json:\n${explain(validate, body)}`);
  }
  const code = (body as Json | undefined)?.error?.code;
  const documentedCodes = content?.examples ? Object.keys(content.examples) : undefined;
  if (code && documentedCodes && !documentedCodes.includes(code)) {
    throw new Error(`Contract: ${where} answered ${status} ${code}; the document lists ${documentedCodes.join(', ')} for this status.`);
  }
};

/** Throws a readable error when a webhook body does not match the document's `webhooks` entry of its event. */
export const assertWebhookMatchesContract = (body: Json): void => {
  const event = String(body?.event);
  if (!openApiDocument.webhooks?.[event]) throw new Error(`Contract: webhook event "${event}" is not in docs/openapi.json.`);
  const validate = validatorAt(['webhooks', event, 'post', 'requestBody', 'content', 'application/json', 'schema']);
  if (!validate(body)) throw new Error(`Contract: the ${event} webhook body does not match docs/openapi.json:\n${explain(validate, body)}`);
};
