// test support → a partner's HTTP client that signs like the spec tells partners to.
import { signedRequestHeaders, signRequest } from '#shared/auth/request-signing';
import { assertResponseMatchesContract } from '#test/support/contract';

export interface PartnerCredentialsForTest {
  api_key: string;
  api_secret?: string;
}

export interface SignedRequestOptions {
  body?: unknown;
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Override what is signed: another timestamp, method or path than the one sent. */
  sign?: { timestamp?: string; method?: string; path?: string; secret?: string };
  /** Leave out a header entirely. */
  omit?: Array<'x-api-key' | 'x-timestamp' | 'x-signature'>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** `checkContract: false` for clients of servers that are not ours (the benchmark's bare reference servers). */
export const signedClient = (baseUrl: string, partner: PartnerCredentialsForTest, { checkContract = true } = {}) => {
  const send = async <T = any>(method: string, path: string, options: SignedRequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...signedRequestHeaders(
        { apiKey: partner.api_key, secret: options.sign?.secret ?? partner.api_secret ?? '' },
        {
          timestamp: options.sign?.timestamp ?? String(Date.now()),
          method: options.sign?.method ?? method,
          path: options.sign?.path ?? path,
        },
      ),
      ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    for (const name of options.omit ?? []) delete headers[name];
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as T) : (undefined as T);
    // Every answer an integration test receives is checked against docs/openapi.json.
    if (checkContract) assertResponseMatchesContract(method, path, response.status, body);
    return { status: response.status, headers: response.headers, body };
  };
  return { send, signature: (parts: { timestamp: string; method: string; path: string }) => signRequest(partner.api_secret ?? '', parts) };
};
export type SignedClient = ReturnType<typeof signedClient>;

/** Starts every request at once, each signed in its own millisecond (one millisecond, one path: the same single-use signature). */
export const sendTogether = <T>(requests: Array<() => Promise<T>>): Promise<T[]> => {
  const sent: Array<Promise<T>> = [];
  for (const request of requests) {
    sent.push(request());
    // The request signed at or before this moment (synchronously, in its first step): the next one signs after it.
    const signedBy = Date.now();
    while (Date.now() <= signedBy) {
      // the next request waits for a later millisecond
    }
  }
  return Promise.all(sent);
};
