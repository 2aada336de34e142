// docs/api.md and the OpenAPI document name the same refusals for each operation, with the same status.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { documentPath } from '#shared/api/openapi-document';
import { operations } from '#shared/api/operations';
import { errorCodes, type ErrorCode } from '#shared/errors';
import { routes, type OperationName } from '#shared/routes';
import { routeMatcher } from '#bin/local/api-gateway';
import { openApiDocument } from '#test/support/contract';

const apiReference = readFileSync(resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
const matchRoute = routeMatcher(routes);

const operationAt = /^(?:###\s+|-\s+`|\|\s+`)(GET|POST|PUT|DELETE) (\/[^\s`?]*)/;
const isErrorCode = (word: string): word is ErrorCode => Object.hasOwn(errorCodes, word);

/**
 * The text docs/api.md gives each operation: the section under a `### METHOD /path` heading, or, in a section
 * that covers several, the bullet or table row that starts with `` `METHOD /path` `` and its continuation lines.
 */
const textPerOperation = (markdown: string): Map<string, string> => {
  const texts = new Map<string, string>();
  let current: string | undefined;
  let sectionNamesOperation = false;
  for (const line of markdown.split('\n')) {
    const named = operationAt.exec(line);
    const operation = named ? matchRoute(named[1]!, named[2]!)?.route.operation : undefined;
    if (line.startsWith('#')) {
      sectionNamesOperation = operation !== undefined;
      current = operation;
    } else if (!sectionNamesOperation && (line.startsWith('- ') || line.startsWith('| '))) {
      current = operation;
    }
    if (current) texts.set(current, `${texts.get(current) ?? ''}\n${line}`);
  }
  return texts;
};

/** `409 package_queue_not_pending`, `409 | \`code\``, `409 \`a\`, \`b\``: each code with the status written before it. */
const refusalsIn = (text: string): string[] => {
  const refusals = new Set<string>();
  for (const line of text.split('\n')) {
    let status: number | undefined;
    for (const [, digits, word] of line.matchAll(/(?<![\w.])([45]\d\d)(?!\w)|([a-z][a-z0-9_]*)/g)) {
      if (digits) status = Number(digits);
      else if (word && isErrorCode(word)) refusals.add(`${status ?? errorCodes[word].status} ${word}`);
    }
  }
  return [...refusals];
};

const documentedRefusals = (operation: string): string[] => {
  const route = routes.find((candidate) => candidate.operation === operation)!;
  const responses = openApiDocument.paths[documentPath(route)][route.method.toLowerCase()].responses as Record<
    string,
    { content?: Record<string, { examples?: Record<string, unknown> }> }
  >;
  return Object.entries(responses).flatMap(([status, response]) =>
    Object.keys(response.content?.['application/json']?.examples ?? {}).map((code) => `${status} ${code}`),
  );
};

describe('Refusals in docs/api.md', () => {
  const texts = textPerOperation(apiReference);

  it('finds the operations it reads', () => {
    expect([...texts.keys()]).toEqual(expect.arrayContaining(['nativeRedeemPackage', 'createBooking', 'createRedirectToken']));
  });

  it.each([...texts.entries()])('%s: every refusal the reference names is in the OpenAPI document with that status', (operation, text) => {
    const refusals = refusalsIn(text);
    expect(refusals.filter((refusal) => !documentedRefusals(operation).includes(refusal))).toEqual([]);
  });

  // The sandbox steps share one list of refusals, documented once through the state machines of docs/lifecycle.md.
  const withOwnRefusals = [...texts.keys()].filter((operation) => !operation.startsWith('sandbox'));

  it('names in its Sandbox section every refusal a sandbox step can answer', () => {
    // Prepare
    const section = apiReference.slice(apiReference.indexOf('### Sandbox'), apiReference.indexOf('### Ingestion'));
    const stepCodes = new Set(
      Object.entries(operations).flatMap(([operation, doc]) => (operation.startsWith('sandbox') && 'errors' in doc ? doc.errors : [])),
    );

    // Assess
    const named = new Set(refusalsIn(section).map((refusal) => refusal.split(' ')[1]));
    expect([...stepCodes].filter((code) => !named.has(code))).toEqual([]);
  });

  it.each(withOwnRefusals)('%s: every refusal of its own the OpenAPI document lists is in the reference', (operation) => {
    const doc = operations[operation as OperationName];
    const own: ErrorCode[] = doc && 'errors' in doc ? doc.errors : [];
    const named = refusalsIn(texts.get(operation)!).map((refusal) => refusal.split(' ')[1]);
    expect(own.filter((code) => !named.includes(code))).toEqual([]);
  });
});
