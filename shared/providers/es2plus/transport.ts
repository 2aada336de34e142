// provider adapter → the ES2+ transport (SGP.22 section 6): HTTPS POST of JSON over TLS 1.2+ with mutual
// authentication, the client certificate and the SM-DP+'s CA bundle from the stage's secret.
import { Agent, request } from 'node:https';

export interface MutualTlsCredentials {
  /** PEM client certificate (chain) the SM-DP+ knows us by. */
  certificate: string;
  /** PEM private key of that certificate. */
  privateKey: string;
  /** PEM CA bundle that signs the SM-DP+'s server certificate. */
  caBundle: string;
}

export interface JsonExchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Es2PlusTransport {
  post(path: string, headers: Record<string, string>, body: string): Promise<JsonExchange>;
}

/** The transport gave up: connection refused or reset, TLS failure, or no answer within the timeout. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Answers larger than this are not ES2+ answers; reading stops there. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** One keep-alive agent per function instance: the mutual TLS handshake is paid once, not per call. */
export const mutualTlsTransport = (input: { baseUrl: string; credentials: MutualTlsCredentials; timeoutMs: number }): Es2PlusTransport => {
  const base = new URL(input.baseUrl);
  if (base.protocol !== 'https:') throw new Error('The SM-DP+ ES2+ endpoint must be an https:// URL');
  const agent = new Agent({
    keepAlive: true,
    minVersion: 'TLSv1.2',
    cert: input.credentials.certificate,
    key: input.credentials.privateKey,
    ca: input.credentials.caBundle,
  });
  const prefix = base.pathname.replace(/\/$/, '');
  return {
    post: (path, headers, body) =>
      new Promise<JsonExchange>((resolve, reject) => {
        const call = request(
          {
            protocol: 'https:',
            hostname: base.hostname,
            port: base.port || 443,
            path: `${prefix}${path}`,
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_ANSWER_BYTES) {
                response.destroy(new TransportError(`The answer exceeds ${MAX_ANSWER_BYTES} bytes`, false));
                return;
              }
              chunks.push(chunk);
            });
            response.on('error', (error) => reject(error instanceof TransportError ? error : new TransportError(error.message, false)));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
            );
          },
        );
        call.setTimeout(input.timeoutMs, () => call.destroy(new TransportError(`No answer within ${input.timeoutMs} ms`, true)));
        call.on('error', (error) => reject(error instanceof TransportError ? error : new TransportError(error.message, false)));
        call.end(body);
      }),
  };
};
