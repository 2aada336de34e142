// SDK transport and verifier without a network: every attempt signed anew, retries only where a repeat is safe.
import { signRequest } from '../../shared/auth/request-signing.ts';
import { testSignatureHeaders } from '../../shared/webhooks/signing.ts';
import {
  ConflictError,
  ConnectionError,
  createEsimBookingClient,
  NotFoundError,
  RateLimitError,
  ServerError,
  verifyWebhook,
  WebhookSignatureError,
} from '../src/index';
import { retryAfterMs } from '../src/transport.ts';

const errorJson = (status: number, code: string) =>
  new Response(JSON.stringify({ success: false, message: code, data: {}, error: { code, details: [] } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const okJson = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fake service: answers from a script and records every request it saw. */
const scripted = (answers: Array<Response | Error>) => {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { seen, fetch };
};

const clientWith = (fetch: (request: Request) => Promise<Response>, clock = { t: 1_700_000_000_000 }) =>
  createEsimBookingClient({
    baseUrl: 'https://api.example.test/api',
    apiKey: 'pk_test',
    apiSecret: 'sk_test',
    retryDelayMs: 1,
    fetch,
    now: () => (clock.t += 1000),
  });

describe('SDK transport', () => {
  it('retries a GET after 503 with a fresh timestamp and a signature valid for each attempt', async () => {
    // Prepare
    const service = scripted([errorJson(503, 'internal_error'), okJson({ id: 'bk_1' })]);

    // Act
    const booking = await clientWith(service.fetch).bookings.get('bk_1');

    // Assess
    expect(booking).toEqual({ id: 'bk_1' });
    const signatures = service.seen.map((request) => ({
      timestamp: request.headers.get('x-timestamp')!,
      signature: request.headers.get('x-signature'),
    }));
    expect(new Set(signatures.map((s) => s.timestamp)).size).toBe(2);
    for (const { timestamp, signature } of signatures) {
      expect(signature).toBe(signRequest('sk_test', { timestamp, method: 'GET', path: '/bookings/bk_1' }));
    }
  });

  it('signs the query string and the api-prefixed path when asked', async () => {
    // Prepare
    const service = scripted([new Response(JSON.stringify({ success: true, message: 'ok', data: [], pagination: {} }), { status: 200 })]);
    const client = createEsimBookingClient({
      baseUrl: 'https://api.example.test/api',
      apiKey: 'pk_test',
      apiSecret: 'sk_test',
      signedPath: 'api-prefixed',
      fetch: service.fetch,
    });

    // Act
    await client.bookings.list({ perPage: 3 });

    // Assess
    const [request] = service.seen;
    const timestamp = request!.headers.get('x-timestamp')!;
    expect(request!.headers.get('x-signature')).toBe(signRequest('sk_test', { timestamp, method: 'GET', path: '/api/bookings?perPage=3' }));
  });

  it('retries a POST that carries an Idempotency-Key, with the same key and body', async () => {
    // Prepare
    const service = scripted([
      new TypeError('socket hang up'),
      new Response(JSON.stringify({ success: true, message: 'ok', data: [{ id: 'bk_1' }] }), { status: 201 }),
    ]);

    // Act
    const created = await clientWith(service.fetch).bookings.create(
      { email: 'a@example.com', package_specifications: [{}] },
      { idempotencyKey: 'key-1' },
    );

    // Assess
    expect(created).toEqual([{ id: 'bk_1' }]);
    expect(service.seen.map((request) => request.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1']);
    const bodies = await Promise.all(service.seen.map((request) => request.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it('does not repeat a POST without an Idempotency-Key', async () => {
    // Prepare
    const service = scripted([errorJson(503, 'internal_error')]);
    const client = clientWith(service.fetch);

    // Act
    const error = await client.raw.POST('/bookings', { body: { email: 'a@example.com', package_specifications: [{}] } });

    // Assess
    expect(error.response.status).toBe(503);
    expect(service.seen).toHaveLength(1);
  });

  it('does not repeat a POST the service does not make idempotent, even when it carries an Idempotency-Key', async () => {
    // Prepare
    const service = scripted([errorJson(503, 'internal_error')]);
    const client = clientWith(service.fetch);

    // Act
    const redeemed = await client.raw.POST('/native/redeem-package', {
      body: { external_user_id: 'u-1', package_queue_id: 'pq-1' },
      headers: { 'Idempotency-Key': 'key-2' },
    });
    const rotated = await client.raw.POST('/webhooks/endpoint/signing-secret', { body: {}, headers: { 'Idempotency-Key': 'key-3' } });

    // Assess
    expect([redeemed.response.status, rotated.response.status]).toEqual([503, 503]);
    expect(service.seen.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/native/redeem-package',
      '/api/webhooks/endpoint/signing-secret',
    ]);
  });

  it('sends the native and redirect-token POST wrappers once on a 503, and retries the GET and PUT wrappers', async () => {
    // Prepare
    const service = scripted([errorJson(503, 'internal_error')]);
    const client = clientWith(service.fetch);
    const traveler = { external_user_id: 'u-1' };
    const device = { deviceName: 'iPhone 15', os: 'iOS', osVersion: '17.4' };
    const phone = { phone_brand: 'Apple', phone_model: 'iPhone 15', phone_os: 'iOS', os_version: '17.4' };
    /** Each call in turn, its error, and the requests the fake service saw for them. */
    const run = async (calls: Array<() => Promise<unknown>>) => {
      const errors = [];
      for (const call of calls) errors.push(await call().catch((error: unknown) => error));
      const sent = service.seen.splice(0).map((request) => `${request.method} ${new URL(request.url).pathname}`);
      return { errors, sent };
    };

    // Act
    const posts = await run([
      () => client.native.redeemPackage({ ...traveler, package_queue_id: 'pq-1' }),
      () => client.native.instructions({ ...traveler, ...device }),
      () => client.native.checkDevice(phone),
      () => client.native.claimClassicGrant('pq-2', traveler),
      () => client.redirectTokens.create(traveler),
    ]);
    const repeatable = await run([
      () => client.native.dashboard('u-1'),
      () => client.native.setClassicGrantDestination('pq-2', { ...traveler, destination: 'ITA' }),
      () => client.destinations.get('FRA'),
    ]);

    // Assess
    expect(posts.errors.every((error) => error instanceof ServerError)).toBe(true);
    expect(posts.sent).toEqual([
      'POST /api/native/redeem-package',
      'POST /api/native/instructions',
      'POST /api/native/device-compatibility',
      'POST /api/native/classic-package-queues/pq-2/claim',
      'POST /api/redirect-tokens/create',
    ]);
    expect(repeatable.errors.every((error) => error instanceof ServerError)).toBe(true);
    expect(repeatable.sent).toEqual([
      ...Array(3).fill('GET /api/native/user-dashboard'),
      ...Array(3).fill('PUT /api/native/classic-package-queues/pq-2/destination'),
      ...Array(3).fill('GET /api/destinations/FRA'),
    ]);
  });

  it('retries POST /bookings while the first request with its Idempotency-Key is still in progress, and not a key reused', async () => {
    // Prepare
    const created = new Response(JSON.stringify({ success: true, message: 'ok', data: [{ id: 'bk_1' }] }), { status: 201 });
    const service = scripted([errorJson(409, 'idempotency_in_progress'), errorJson(409, 'idempotency_in_progress'), created]);
    const reused = scripted([errorJson(409, 'idempotency_key_reused')]);
    const request = { email: 'a@example.com', package_specifications: [{}] };

    // Act
    const booking = await clientWith(service.fetch).bookings.create(request, { idempotencyKey: 'key-4' });
    const refused = await clientWith(reused.fetch)
      .bookings.create(request, { idempotencyKey: 'key-5' })
      .catch((error: unknown) => error);

    // Assess
    expect(booking).toEqual([{ id: 'bk_1' }]);
    expect(service.seen.map((each) => each.headers.get('idempotency-key'))).toEqual(['key-4', 'key-4', 'key-4']);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(reused.seen).toHaveLength(1);
  });

  it('keeps waiting for a booking still in progress past maxRetries, up to maxRetryWaitMs, so the caller never books again', async () => {
    // Prepare: the first request takes a while: five answers "in progress" before the booking
    const created = new Response(JSON.stringify({ success: true, message: 'ok', data: [{ id: 'bk_2' }] }), { status: 201 });
    const inProgress = () => errorJson(409, 'idempotency_in_progress');
    const slow = scripted([inProgress(), inProgress(), inProgress(), inProgress(), inProgress(), created]);
    const impatient = scripted([inProgress()]);
    const request = { email: 'a@example.com', package_specifications: [{}] };
    const options = { baseUrl: 'https://api.example.test/api', apiKey: 'k', apiSecret: 's', maxRetries: 2, retryDelayMs: 1 };

    // Act
    const booking = await createEsimBookingClient({ ...options, fetch: slow.fetch }).bookings.create(request, { idempotencyKey: 'key-6' });
    const refused = await createEsimBookingClient({ ...options, fetch: impatient.fetch, retryDelayMs: 50, maxRetryWaitMs: 60 })
      .bookings.create(request, { idempotencyKey: 'key-7' })
      .catch((error: unknown) => error);

    // Assess
    expect(booking).toEqual([{ id: 'bk_2' }]);
    expect(slow.seen).toHaveLength(6);
    expect(refused).toBeInstanceOf(ConflictError);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    // Prepare
    const now = Date.parse('2026-12-01T09:00:00Z');

    // Assess
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 09:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 08:00:00 GMT', now)).toBe(0);
    expect([retryAfterMs('-5', now), retryAfterMs('1.5', now), retryAfterMs('soon', now), retryAfterMs(null, now)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('answers at once when Retry-After, in seconds or as a date, asks for more than the retry wait left', async () => {
    // Prepare
    const limited = (retryAfter: string) =>
      new Response(JSON.stringify({ success: false, message: 'slow down', data: {}, error: { code: 'rate_limited', details: [] } }), {
        status: 429,
        headers: { 'retry-after': retryAfter },
      });
    const inSeconds = scripted([limited('60')]);
    const asDate = scripted([limited(new Date(Date.now() + 3_600_000).toUTCString())]);
    const started = Date.now();

    // Act
    const errors = await Promise.all(
      [inSeconds, asDate].map((service) =>
        createEsimBookingClient({ baseUrl: 'https://api.example.test/api', apiKey: 'k', apiSecret: 's', fetch: service.fetch })
          .bookings.get('x')
          .catch((error: unknown) => error),
      ),
    );

    // Assess
    expect(errors.map((error) => error instanceof RateLimitError)).toEqual([true, true]);
    expect([inSeconds.seen.length, asDate.seen.length]).toEqual([1, 1]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ends an attempt after timeoutMs and retries it; the caller ends the whole call with its own signal', async () => {
    // Prepare: a service that never answers, until the request is aborted.
    const seen: Request[] = [];
    const hanging = async (request: Request) => {
      seen.push(request);
      return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    };
    const client = createEsimBookingClient({
      baseUrl: 'https://api.example.test/api',
      apiKey: 'k',
      apiSecret: 's',
      fetch: hanging,
      timeoutMs: 50,
      maxRetries: 1,
      retryDelayMs: 1,
    });
    const patient = createEsimBookingClient({ baseUrl: 'https://api.example.test/api', apiKey: 'k', apiSecret: 's', fetch: hanging });
    const controller = new AbortController();

    // Act
    const timedOut = await client.bookings.get('x').catch((error: unknown) => error);
    const attemptsBefore = seen.length;
    const cancelled = patient.raw
      .GET('/bookings/{id}', { params: { path: { id: 'x' } }, signal: controller.signal })
      .catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 20);

    // Assess
    expect(timedOut).toBeInstanceOf(ConnectionError);
    expect((timedOut as Error).message).toBe('GET https://api.example.test/api/bookings/x timed out after 50 ms');
    expect(attemptsBefore).toBe(2);
    expect(await cancelled).toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(3);
  });

  it('counts a body that stalls past timeoutMs as the attempt timing out: retried, then a ConnectionError', async () => {
    // Prepare: headers at once, then a body that never ends until the attempt is aborted
    const seen: Request[] = [];
    const stalling = async (request: Request) => {
      seen.push(request);
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success":true,'));
          request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createEsimBookingClient({
      baseUrl: 'https://api.example.test/api',
      apiKey: 'k',
      apiSecret: 's',
      fetch: stalling,
      timeoutMs: 50,
      maxRetries: 1,
      retryDelayMs: 1,
    });

    // Act
    const error = await client.bookings.get('x').catch((caught: unknown) => caught);

    // Assess
    expect(error).toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(2);
  });

  it('refuses a timeoutMs or maxRetryWaitMs setTimeout cannot keep, when the client is made', () => {
    const options = { baseUrl: 'https://api.example.test/api', apiKey: 'k', apiSecret: 's' };

    for (const timeoutMs of [Number.NaN, Number.POSITIVE_INFINITY, -1, 2_592_000_000]) {
      expect(() => createEsimBookingClient({ ...options, timeoutMs })).toThrow(RangeError);
    }
    expect(() => createEsimBookingClient({ ...options, maxRetryWaitMs: 2_592_000_000 })).toThrow(RangeError);
  });

  it('refuses a maxRetries or retryDelayMs that would retry without end or without waiting, when the client is made', () => {
    const options = { baseUrl: 'https://api.example.test/api', apiKey: 'k', apiSecret: 's' };

    for (const maxRetries of [Number.NaN, -1, 1.5, 101]) expect(() => createEsimBookingClient({ ...options, maxRetries })).toThrow(RangeError);
    for (const retryDelayMs of [Number.NaN, -100]) expect(() => createEsimBookingClient({ ...options, retryDelayMs })).toThrow(RangeError);
    expect(() => createEsimBookingClient({ ...options, maxRetries: 0, retryDelayMs: 0 })).not.toThrow();
  });

  it('resolves a delete whose retry finds the booking gone after a lost answer, not a first 404 nor one after a 429', async () => {
    // Prepare
    const lostAnswer = scripted([new TypeError('socket hang up'), errorJson(404, 'booking_not_found')]);
    const neverThere = scripted([errorJson(404, 'booking_not_found')]);

    const refusedFirst = scripted([errorJson(429, 'rate_limited'), errorJson(404, 'booking_not_found')]);

    // Act
    const retried = await clientWith(lostAnswer.fetch).bookings.delete('bk_1');
    const unknown = await clientWith(neverThere.fetch)
      .bookings.delete('bk_2')
      .catch((error: unknown) => error);
    // A 429 ran nothing: the 404 after it says the booking never was there.
    const afterRefusal = await clientWith(refusedFirst.fetch)
      .bookings.delete('bk_3')
      .catch((error: unknown) => error);

    // Assess
    expect(retried).toBeUndefined();
    expect(lostAnswer.seen).toHaveLength(2);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(afterRefusal).toBeInstanceOf(NotFoundError);
    expect(refusedFirst.seen).toHaveLength(2);
  });

  it('gives up after the retries with a typed error, and a ConnectionError when nothing answers', async () => {
    // Assess
    const limited = scripted([errorJson(429, 'rate_limited')]);
    await expect(clientWith(limited.fetch).bookings.get('x')).rejects.toBeInstanceOf(RateLimitError);
    expect(limited.seen).toHaveLength(3);
    const down = scripted([new TypeError('ECONNREFUSED')]);
    await expect(clientWith(down.fetch).bookings.delete('x')).rejects.toBeInstanceOf(ConnectionError);
    const failing = scripted([errorJson(500, 'internal_error')]);
    await expect(clientWith(failing.fetch).bookings.get('x')).rejects.toBeInstanceOf(ServerError);
  });
});

describe('SDK verifyWebhook', () => {
  const body = JSON.stringify({ event: 'esim.installed', timestamp: '2026-01-01T00:00:00.000Z', data: {}, event_id: 'e', delivery_id: 'd' });
  const now = 1_800_000_000;

  it('accepts any of several signatures over the raw bytes and returns the event', () => {
    // Prepare
    const signed = testSignatureHeaders({ body, secret: 'new', timestamp: now });
    const old = testSignatureHeaders({ body, secret: 'old', timestamp: now });
    const headers = { ...signed, 'x-service-signature': `${old['x-service-signature']},${signed['x-service-signature']}` };

    // Act
    const event = verifyWebhook(new TextEncoder().encode(body), new Headers(headers), 'new', { now });

    // Assess
    expect(event.event).toBe('esim.installed');
  });

  it('rejects a re-serialized body and a timestamp outside the tolerance, saying why', () => {
    // Prepare
    const headers = testSignatureHeaders({ body, secret: 's', timestamp: now });

    // Assess
    expect(() => verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), headers, 's', { now })).toThrow(WebhookSignatureError);
    expect(() => verifyWebhook(body, headers, 's', { now: now + 301 })).toThrow(expect.objectContaining({ problem: 'outside_tolerance' }));
    expect(() => verifyWebhook(body, headers, 's', { now: now + 301, toleranceSeconds: 600 })).not.toThrow();
  });

  it('refuses a tolerance that would turn the age check off instead of accepting old deliveries', () => {
    // Prepare
    const headers = testSignatureHeaders({ body, secret: 's', timestamp: now });

    // Assess
    for (const toleranceSeconds of [Number.NaN, Number.POSITIVE_INFINITY, -300]) {
      expect(() => verifyWebhook(body, headers, 's', { now: now + 86_400, toleranceSeconds })).toThrow(RangeError);
    }
  });

  it('refuses to verify with an empty secret, which would accept a delivery anyone signed with an empty key', () => {
    const forged = testSignatureHeaders({ body, secret: '', timestamp: now });

    expect(() => verifyWebhook(body, forged, '', { now })).toThrow(RangeError);
  });
});
