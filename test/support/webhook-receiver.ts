// test support → a partner's webhook receiver on loopback that verifies deliveries exactly as the spec tells
// partners to (raw body, HMAC over `{timestamp}.{body}`, any listed signature, 5-minute tolerance) and dedupes
// on event_id. Each path has a script of behaviours for fault injection.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { verifyWebhookSignature } from '#shared/webhooks/signing';
import { assertWebhookMatchesContract } from '#test/support/contract';

export type Behaviour = { status: number; retryAfter?: string } | { delayMs: number; status: number } | { drop: true };

export interface ReceivedDelivery {
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  body: any;
  signatureValid: boolean | null;
  /** Why the body does not match docs/openapi.json; `received()` throws it. */
  contractError?: string;
  answered: number | 'dropped';
}

export interface Receiver {
  url: string;
  port: number;
  /** Behaviours for a path, used in order; the last one repeats. Default: 200. */
  script(path: string, behaviours: Behaviour[], secret?: string): void;
  received(path: string): ReceivedDelivery[];
  /** Event ids processed once each, as a receiver deduplicating on event_id would. */
  uniqueEventIds(path: string): string[];
  close(): Promise<void>;
}

export const startReceiver = async (port = 0): Promise<Receiver> => {
  const scripts = new Map<string, { behaviours: Behaviour[]; secret?: string }>();
  const log: ReceivedDelivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const script = scripts.get(path) ?? { behaviours: [{ status: 200 }] };
      const seen = log.filter((entry) => entry.path === path).length;
      const behaviour = script.behaviours[Math.min(seen, script.behaviours.length - 1)] ?? { status: 200 };
      let signatureValid: boolean | null = null;
      if (script.secret) {
        try {
          verifyWebhookSignature({
            body: rawBody,
            signatureHeader: req.headers['x-service-signature'] as string | undefined,
            timestampHeader: req.headers['x-service-timestamp'] as string | undefined,
            secret: script.secret,
          });
          signatureValid = true;
        } catch {
          signatureValid = false;
        }
      }
      const entry: ReceivedDelivery = {
        path,
        headers: req.headers,
        rawBody,
        body: rawBody ? JSON.parse(rawBody) : undefined,
        signatureValid,
        answered: 'drop' in behaviour ? 'dropped' : behaviour.status,
      };
      try {
        if (entry.body !== undefined) assertWebhookMatchesContract(entry.body);
      } catch (error) {
        entry.contractError = (error as Error).message;
      }
      log.push(entry);
      if ('drop' in behaviour) return req.socket.destroy();
      const answer = () => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if ('retryAfter' in behaviour && behaviour.retryAfter) headers['retry-after'] = behaviour.retryAfter;
        res.writeHead(behaviour.status, headers);
        res.end('{}');
      };
      if ('delayMs' in behaviour) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    script: (path, behaviours, secret) => scripts.set(path, { behaviours, secret }),
    received: (path) => {
      const entries = log.filter((entry) => entry.path === path);
      const broken = entries.find((entry) => entry.contractError);
      if (broken) throw new Error(broken.contractError);
      return entries;
    },
    uniqueEventIds: (path) => [...new Set(log.filter((e) => e.path === path && e.answered === 200).map((e) => e.body.event_id as string))],
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

/**
 * Polls `read` until `until` holds and answers that value; throws when the time is up, with the last value read (a
 * wait that quietly returned would let the test assert on whatever it had).
 */
export const eventually = async <T>(read: () => T | Promise<T>, until: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!until(value)) {
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms; the last value read was ${JSON.stringify(value)?.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
};
