// provider adapter → the ES2+ client (operator → SM-DP+, SGP.22 5.3): one method per function, the JSON request
// header on every call, `X-Admin-Protocol` both ways, and every answer's functionExecutionStatus read before
// its data (a `Failed` function still answers HTTP 200).
import * as v from 'valibot';
import {
  ADMIN_PROTOCOL,
  ADMIN_PROTOCOL_PATTERN,
  AnswerHeaderSchema,
  answerSchemas,
  es2PlusPaths,
  executed,
  type Es2PlusAnswer,
  type Es2PlusRequest,
  type OrderFunction,
  requestSchemas,
  type StatusCodeData,
} from '#shared/providers/es2plus/messages';
import { type Es2PlusTransport, TransportError } from '#shared/providers/es2plus/transport';
import { type ProviderCallObserver, type ProviderFailureKind, ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';

export const ES2PLUS_PROVIDER = 'es2plus';

/** A function the SM-DP+ ran and refused (`Failed`): its status code data says why (SGP.22 tables 24, 27, 30). */
export class Es2PlusRefusal extends ProviderUnavailableError {
  constructor(
    readonly operation: OrderFunction,
    readonly statusCodeData: StatusCodeData | undefined,
  ) {
    super({ kind: 'refused', provider: ES2PLUS_PROVIDER, operation, detail: describe(statusCodeData) });
  }

  /** SGP.22 subject/reason, e.g. `8.2.5/3.7` (no more profiles of the profile type). */
  get statusCode(): string {
    return this.statusCodeData ? `${this.statusCodeData.subjectCode}/${this.statusCodeData.reasonCode}` : 'none';
  }
}

const describe = (data: StatusCodeData | undefined): string =>
  data
    ? `subjectCode ${data.subjectCode}, reasonCode ${data.reasonCode}${data.message ? `: ${data.message.slice(0, 200)}` : ''}`
    : 'no status code data';

type Call<F extends OrderFunction> = Omit<Es2PlusRequest<F>, 'header'>;

export interface Es2PlusClient {
  downloadOrder(functionCallIdentifier: string, input: Call<'downloadOrder'>): Promise<Es2PlusAnswer<'downloadOrder'>>;
  confirmOrder(functionCallIdentifier: string, input: Call<'confirmOrder'>): Promise<Es2PlusAnswer<'confirmOrder'>>;
  cancelOrder(functionCallIdentifier: string, input: Call<'cancelOrder'>): Promise<Es2PlusAnswer<'cancelOrder'>>;
  releaseProfile(functionCallIdentifier: string, input: Call<'releaseProfile'>): Promise<Es2PlusAnswer<'releaseProfile'>>;
}

const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export const es2PlusClient = (input: {
  transport: Es2PlusTransport;
  functionRequesterIdentifier: string;
  observe: ProviderCallObserver;
  now?: () => number;
}): Es2PlusClient => {
  const now = input.now ?? (() => performance.now());

  const call = async <F extends OrderFunction>(operation: F, functionCallIdentifier: string, data: Call<F>): Promise<Es2PlusAnswer<F>> => {
    const message = v.parse(requestSchemas[operation], {
      header: { functionRequesterIdentifier: input.functionRequesterIdentifier, functionCallIdentifier },
      ...data,
    });
    const started = now();
    const fail = (kind: ProviderFailureKind, detail: string, error?: ProviderUnavailableError): never => {
      input.observe({ provider: ES2PLUS_PROVIDER, operation, outcome: kind, latencyMs: now() - started });
      throw error ?? new ProviderUnavailableError({ kind, provider: ES2PLUS_PROVIDER, operation, detail });
    };
    let exchange: Awaited<ReturnType<Es2PlusTransport['post']>>;
    try {
      exchange = await input.transport.post(
        es2PlusPaths[operation],
        { 'content-type': 'application/json', 'x-admin-protocol': ADMIN_PROTOCOL, accept: 'application/json' },
        JSON.stringify(message),
      );
    } catch (error) {
      if (error instanceof TransportError) return fail('unreachable', error.message);
      throw error;
    }
    if (exchange.status >= 500 || exchange.status === 429) return fail('unreachable', `HTTP ${exchange.status}`);
    if (exchange.status !== 200) return fail('protocol', `HTTP ${exchange.status}`);
    if (!ADMIN_PROTOCOL_PATTERN.test(headerValue(exchange.headers['x-admin-protocol']) ?? '')) {
      return fail('protocol', 'The answer has no X-Admin-Protocol: gsma/rsp/v2.x.y header');
    }
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return fail('protocol', 'The answer is not JSON');
    }
    const header = v.safeParse(AnswerHeaderSchema, body);
    if (!header.success) return fail('protocol', 'The answer has no valid functionExecutionStatus');
    const status = header.output.header.functionExecutionStatus;
    if (status.status === 'Expired') return fail('unreachable', 'The function expired at the SM-DP+');
    if (!executed(status)) return fail('refused', describe(status.statusCodeData), new Es2PlusRefusal(operation, status.statusCodeData));
    const answer = v.safeParse(answerSchemas[operation], body);
    if (!answer.success) return fail('protocol', `The ${operation} answer lacks its output data`);
    input.observe({ provider: ES2PLUS_PROVIDER, operation, outcome: 'success', latencyMs: now() - started });
    return answer.output as Es2PlusAnswer<F>;
  };

  return {
    downloadOrder: (id, data) => call('downloadOrder', id, data),
    confirmOrder: (id, data) => call('confirmOrder', id, data),
    cancelOrder: (id, data) => call('cancelOrder', id, data),
    releaseProfile: (id, data) => call('releaseProfile', id, data),
  };
};
