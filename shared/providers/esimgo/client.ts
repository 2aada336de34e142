// provider adapter → the eSIM Go API v2.5 client: HTTPS + JSON with `X-API-Key`, one method per call we use, every
// answer validated with the schemas in schemas.ts. Every call gives up after the timeout; only idempotent calls
// (GETs and `type: validate`) are repeated, a bounded number of times; a `transaction` is sent once.
import * as v from 'valibot';
import {
  API_KEY_HEADER,
  AssignmentsAnswerSchema,
  type Assignment,
  BundlesAnswerSchema,
  type BundlesAnswer,
  ErrorAnswerSchema,
  esimGoPaths,
  OrderListAnswerSchema,
  type OrderListAnswer,
  OrderRequestSchema,
  type TransactionAnswer,
  TransactionAnswerSchema,
  type ValidateAnswer,
  ValidateAnswerSchema,
} from '#shared/providers/esimgo/schemas';
import { type ProviderCallObserver, type ProviderFailureKind, ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';

export const ESIMGO_PROVIDER = 'esimgo';

export type EsimGoOperation = 'validateOrder' | 'placeOrder' | 'listOrders' | 'getAssignments' | 'listBundles';

/** eSIM Go answered and refused (HTTP 4xx other than 429, or a validation that is not `valid`): nothing was ordered. */
export class EsimGoRefusal extends ProviderUnavailableError {
  constructor(
    readonly operation: EsimGoOperation,
    readonly httpStatus: number,
    message: string,
  ) {
    super({ kind: 'refused', provider: ESIMGO_PROVIDER, operation, detail: `HTTP ${httpStatus}: ${message.slice(0, 200)}` });
  }
}

/** One bundle for one eSIM: a new one (no ICCID) or an existing one (its ICCID). */
export interface OrderLine {
  item: string;
  iccid?: string;
}

export interface EsimGoClient {
  /** `POST /orders` with `type: validate`: every check of a real order, nothing charged. */
  validateOrder(line: OrderLine): Promise<ValidateAnswer>;
  /** `POST /orders` with `type: transaction, assign: true`: charges the balance; sent once, never repeated. */
  placeOrder(line: OrderLine): Promise<TransactionAnswer>;
  /** `GET /orders?includeIccids=true&createdAt=gte:…&createdAt=lte:…`: the orders placed in a time window. */
  listOrders(window: { from: Date; to: Date }): Promise<OrderListAnswer>;
  /** `GET /esims/assignments?reference=…` with `Accept: application/json`: ICCID, matching id, SM-DP+ address. */
  assignments(reference: string): Promise<Assignment[]>;
  /** `GET /esims/{iccid}/bundles`: the bundles applied to an eSIM, their state and remaining data. */
  bundles(iccid: string): Promise<BundlesAnswer>;
}

export interface EsimGoClientOptions {
  /** `https://api.esim-go.com/v2.5` (no trailing slash needed). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  observe: ProviderCallObserver;
  /** Extra attempts of an idempotent call after a timeout, connection failure, 5xx or 429. */
  retries?: number;
  /** Milliseconds before the first repeat; doubled for each next one. */
  backoffMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Answers larger than this are not answers we asked for; reading stops there. */
const MAX_ANSWER_CHARS = 1024 * 1024;

interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  query?: Array<[string, string]>;
  body?: unknown;
}

export const esimGoClient = (options: EsimGoClientOptions): EsimGoClient => {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(base.hostname)) {
    throw new Error('The eSIM Go endpoint must be an https:// URL');
  }
  const prefix = base.href.replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 200;

  const once = async <T>(operation: EsimGoOperation, exchange: Exchange, schema: v.GenericSchema<unknown, T>): Promise<T> => {
    const started = now();
    const fail = (kind: ProviderFailureKind, detail: string, error?: ProviderUnavailableError): never => {
      options.observe({ provider: ESIMGO_PROVIDER, operation, outcome: kind, latencyMs: now() - started });
      throw error ?? new ProviderUnavailableError({ kind, provider: ESIMGO_PROVIDER, operation, detail });
    };
    const url = new URL(`${prefix}${exchange.path}`);
    for (const [name, value] of exchange.query ?? []) url.searchParams.append(name, value);
    const headers: Record<string, string> = { [API_KEY_HEADER]: options.apiKey, accept: 'application/json' };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    try {
      const response = await doFetch(url, {
        method: exchange.method,
        headers,
        body: exchange.body === undefined ? undefined : JSON.stringify(exchange.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return fail('unreachable', timedOut ? `No answer within ${options.timeoutMs} ms` : 'Connection failed');
    }
    if (text.length > MAX_ANSWER_CHARS) return fail('protocol', `The answer exceeds ${MAX_ANSWER_CHARS} characters`);
    if (status >= 500 || status === 429) return fail('unreachable', `HTTP ${status}`);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (status >= 400) return fail('refused', '', new EsimGoRefusal(operation, status, text));
      return fail('protocol', 'The answer is not JSON');
    }
    if (status >= 400) {
      const error = v.safeParse(ErrorAnswerSchema, body);
      return fail('refused', '', new EsimGoRefusal(operation, status, error.success ? error.output.message : ''));
    }
    if (status !== 200) return fail('protocol', `HTTP ${status}`);
    const answer = v.safeParse(schema, body);
    if (!answer.success) {
      const fields = [...new Set(answer.issues.map((issue) => v.getDotPath(issue) ?? '(root)'))].slice(0, 5);
      return fail('protocol', `The ${operation} answer does not match its schema at: ${fields.join(', ')}`);
    }
    options.observe({ provider: ESIMGO_PROVIDER, operation, outcome: 'success', latencyMs: now() - started });
    return answer.output;
  };

  /** Idempotent calls only: a timeout, connection failure, 5xx or 429 is tried again, `retries` times at most. */
  const repeated = async <T>(operation: EsimGoOperation, exchange: Exchange, schema: v.GenericSchema<unknown, T>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await once(operation, exchange, schema);
      } catch (error) {
        const again = error instanceof ProviderUnavailableError && error.failure.kind === 'unreachable' && attempt < retries;
        if (!again) throw error;
        await sleep(backoffMs * 2 ** attempt);
      }
    }
  };

  const orderBody = (type: 'validate' | 'transaction', line: OrderLine) =>
    v.parse(OrderRequestSchema, {
      type,
      assign: true,
      order: [{ type: 'bundle', quantity: 1, item: line.item, ...(line.iccid ? { iccids: [line.iccid] } : {}), allowReassign: false }],
    });

  return {
    async validateOrder(line) {
      const answer = await repeated(
        'validateOrder',
        { method: 'POST', path: esimGoPaths.orders, body: orderBody('validate', line) },
        ValidateAnswerSchema,
      );
      if (!answer.valid) throw new EsimGoRefusal('validateOrder', 200, `The order of ${line.item} is not valid`);
      return answer;
    },
    placeOrder: (line) =>
      once('placeOrder', { method: 'POST', path: esimGoPaths.orders, body: orderBody('transaction', line) }, TransactionAnswerSchema),
    listOrders: ({ from, to }) =>
      repeated(
        'listOrders',
        {
          method: 'GET',
          path: esimGoPaths.orders,
          query: [
            ['includeIccids', 'true'],
            ['createdAt', `gte:${from.toISOString()}`],
            ['createdAt', `lte:${to.toISOString()}`],
            ['page', '1'],
            ['limit', '100'],
          ],
        },
        OrderListAnswerSchema,
      ),
    assignments: (reference) =>
      repeated('getAssignments', { method: 'GET', path: esimGoPaths.assignments, query: [['reference', reference]] }, AssignmentsAnswerSchema),
    bundles: (iccid) => repeated('listBundles', { method: 'GET', path: esimGoPaths.bundles(iccid) }, BundlesAnswerSchema),
  };
};
