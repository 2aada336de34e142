// tests → webhooks → http delivery: real requests to a throwaway receiver on 127.0.0.1.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook, webhookUserAgent } from '#shared/messaging/http-delivery';
import { classifyOutcome } from '#shared/webhooks/retry-policy';
import { testSignatureHeaders, verifyWebhookSignature, webhookHeaders } from '#shared/webhooks/signing';
import type { WebhookPost } from '#shared/usecases/ports/webhooks';

const secret = 'whsec_delivery_test';

interface ReceivedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A receiver that records every request and answers with `answer` once the body is in. */
const startReceiver = async (answer: Answer) => {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections(); // a held-open "slow" answer must not keep the test waiting
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}/hooks/esim`, port, received, stop };
};

const answerWith =
  (status: number, headers: Record<string, string> = {}, body = ''): Answer =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

const makeBody = () =>
  JSON.stringify({
    event: 'esim.installed',
    timestamp: '2026-01-01T00:00:00.000Z',
    data: { external_user_id: 'u_1', booking_id: 'bk_1', iccid: '8944000000000000001' },
    event_id: 'esim.installed:bk_1',
    delivery_id: 'dlv_1',
  });

const makePost = (overrides: Partial<WebhookPost> = {}): WebhookPost => {
  const body = overrides.body ?? makeBody();
  return {
    url: 'http://127.0.0.1:9/unused',
    headers: {
      ...testSignatureHeaders({ body, secret }),
      [webhookHeaders.eventId]: 'esim.installed:bk_1',
      [webhookHeaders.deliveryId]: 'dlv_1',
      'x-api-key': 'pk_partner',
    },
    body,
    timeoutMs: 2000,
    allowPrivate: true,
    ...overrides,
  };
};

describe('Webhook HTTP delivery', () => {
  it('measures latency as the time until the receiver answered', async () => {
    // Prepare: a receiver that takes 150 ms to answer.
    const receiver = await startReceiver((req, res) => setTimeout(() => answerWith(200)(req, res), 150));

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess: at least the receiver's delay, and well below the 2 s timeout.
    expect(outcome.status).toBe(200);
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(150);
    expect(outcome.latencyMs).toBeLessThan(1500);
  });

  it('delivers a signed POST that the receiver can verify', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(200));

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome.status).toBe(200);
    expect(outcome.error).toBeUndefined();
    expect(classifyOutcome(outcome)).toBe('delivered');
    const [request, ...others] = receiver.received;
    expect(others).toHaveLength(0);
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/esim', body: makeBody() });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(makeBody())),
      'user-agent': webhookUserAgent,
      'x-api-key': 'pk_partner',
      [webhookHeaders.eventId]: 'esim.installed:bk_1',
      [webhookHeaders.deliveryId]: 'dlv_1',
    });
    expect(() =>
      verifyWebhookSignature({
        body: request?.body ?? '',
        signatureHeader: request?.headers[webhookHeaders.signature] as string | undefined,
        timestampHeader: request?.headers[webhookHeaders.timestamp] as string | undefined,
        secret,
      }),
    ).not.toThrow();
  });

  it('keeps its own content type and user agent over same-named caller headers', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(204));
    const post = makePost({ url: receiver.url });

    // Act
    await postWebhook({ ...post, headers: { ...post.headers, 'Content-Type': 'text/plain', 'User-Agent': 'spoof' } });
    await receiver.stop();

    // Assess
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
    expect(receiver.received[0]?.headers['user-agent']).toBe(webhookUserAgent);
  });

  it('reports a 500 with its Retry-After for the retry policy', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(500, { 'retry-after': '120' }, 'internal error'));

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome).toMatchObject({ status: 500, retryAfter: '120' });
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it('reports a 429 with an HTTP-date Retry-After', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(429, { 'retry-after': 'Thu, 01 Jan 2026 00:05:00 GMT' }));

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome).toMatchObject({ status: 429, retryAfter: 'Thu, 01 Jan 2026 00:05:00 GMT' });
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it('does not follow a redirect', async () => {
    // Prepare
    const receiver = await startReceiver((req, res) => {
      if (req.url === '/hooks/esim') res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(200).end();
    });

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome.status).toBe(302);
    expect(receiver.received.map((request) => request.url)).toEqual(['/hooks/esim']);
    expect(classifyOutcome(outcome)).toBe('rejected');
  });

  it('stops reading a large answer and still reports its status', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(200, {}, 'x'.repeat(1024 * 1024)));

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome.status).toBe(200);
    expect(outcome.error).toBeUndefined();
  });

  it('times out when the receiver does not answer', async () => {
    // Prepare
    const receiver = await startReceiver(() => {
      // never answers
    });

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url, timeoutMs: 200 }));
    await receiver.stop();

    // Assess
    expect(outcome).toMatchObject({ errorKind: 'timeout', error: 'No response within 200 ms' });
    expect(outcome.status).toBeUndefined();
    expect(receiver.received).toHaveLength(1);
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it('reports the status when the answer body is still streaming at the deadline', async () => {
    // Prepare
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200);
      res.write('partial'); // and never ends
    });

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url, timeoutMs: 200 }));
    await receiver.stop();

    // Assess
    expect(outcome.status).toBe(200);
    expect(outcome.errorKind).toBeUndefined();
  });

  it('reports a connection error when the receiver drops the socket', async () => {
    // Prepare
    const receiver = await startReceiver((req) => req.socket.destroy());

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));
    await receiver.stop();

    // Assess
    expect(outcome.errorKind).toBe('connection');
    expect(outcome.error).toEqual(expect.any(String));
    expect(outcome.status).toBeUndefined();
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it('reports a connection error when nothing listens on the port', async () => {
    // Prepare: a port that was just free
    const receiver = await startReceiver(answerWith(200));
    await receiver.stop();

    // Act
    const outcome = await postWebhook(makePost({ url: receiver.url }));

    // Assess
    expect(outcome.errorKind).toBe('connection');
    expect(outcome.error).toMatch(/ECONNREFUSED/);
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it.each([
    ['http to a private address', (url: string) => url],
    ['https to a private address', (url: string) => url.replace('http:', 'https:')],
    ['localhost', (url: string) => url.replace('127.0.0.1', 'localhost')],
  ])('refuses %s outside local mode without sending anything', async (_, toUrl) => {
    // Prepare
    const receiver = await startReceiver(answerWith(200));

    // Act
    const outcome = await postWebhook(makePost({ url: toUrl(receiver.url), allowPrivate: false }));
    await receiver.stop();

    // Assess
    expect(outcome.errorKind).toBe('unsafe_url');
    expect(outcome.error).toMatch(/^Webhook URL refused: /);
    expect(receiver.received).toEqual([]);
    expect(classifyOutcome(outcome)).toBe('rejected');
  });

  it('reports an invalid URL instead of throwing', async () => {
    // Act
    const outcome = await postWebhook(makePost({ url: 'not a url' }));

    // Assess
    expect(outcome).toEqual({ latencyMs: 0, error: 'Webhook URL is not a valid absolute URL', errorKind: 'invalid_url' });
  });

  it('reports a header value node cannot send instead of throwing', async () => {
    // Prepare
    const receiver = await startReceiver(answerWith(200));
    const post = makePost({ url: receiver.url });

    // Act
    const outcome = await postWebhook({ ...post, headers: { ...post.headers, 'x-api-key': 'pk_partner\r\nx-injected: 1' } });
    await receiver.stop();

    // Assess
    expect(outcome.errorKind).toBe('connection');
    expect(outcome.error).toMatch(/^Request could not be sent: /);
    expect(receiver.received).toEqual([]);
  });
});
