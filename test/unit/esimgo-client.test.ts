// The eSIM Go v2.5 client's wire format against a recording fetch: paths, query strings, headers and JSON bodies of
// every call, answers validated by the schemas, failures sorted into unreachable / refused / protocol, and bounded
// retries on idempotent calls only.
import { ESIMGO_PROVIDER, EsimGoRefusal, esimGoClient } from '#shared/providers/esimgo/client';
import { type ProviderCallRecord, ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';

const API_KEY = 'test-api-key-0123456789';
const BASE = 'https://api.esim-go.test/v2.5';

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | Error;

/** A fetch that records each request and answers from the script, in order (the last answer repeats). */
const recordingFetch = (script: Answer[]) => {
  const sent: Sent[] = [];
  let index = 0;
  const fake = (async (input: URL | string, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, val]) => [k.toLowerCase(), val]));
    sent.push({ method: String(init?.method), url: new URL(String(input)), headers, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = script[Math.min(index, script.length - 1)] as Answer;
    index += 1;
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { fetch: fake, sent };
};

const transactionAnswer = {
  order: [
    {
      type: 'bundle',
      item: 'esim_1GB_7D_FR_V2',
      quantity: 1,
      subTotal: 2.28,
      pricePerUnit: 2.28,
      esims: [{ iccid: '8944000000000000011', matchingId: 'AB-12C3DE-4FGHIJ5', smdpAddress: 'http://rsp.esim-go.test' }],
      iccids: ['8944000000000000011'],
    },
  ],
  total: 2.28,
  currency: 'USD',
  status: 'completed',
  statusMessage: 'Order completed: 1 eSIMs assigned',
  orderReference: 'order-ref-1',
  createdDate: '2026-11-25T10:00:00.123456789Z',
  assigned: true,
};

const setup = (script: Answer[], retries = 2) => {
  const { fetch, sent } = recordingFetch(script);
  const records: ProviderCallRecord[] = [];
  const sleeps: number[] = [];
  const client = esimGoClient({
    baseUrl: BASE,
    apiKey: API_KEY,
    timeoutMs: 1000,
    observe: (record) => records.push(record),
    fetch,
    retries,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { client, sent, records, sleeps };
};

describe('Provider: eSIM Go v2.5 client', () => {
  it('validates an order: POST /v2.5/orders with X-API-Key, JSON content type and a validate body for one bundle on a new eSIM', async () => {
    // Prepare
    const { client, sent, records } = setup([
      { status: 200, body: { order: [{ type: 'bundle', item: 'esim_1GB_7D_FR_V2', quantity: 1 }], total: 2.28, valid: true, currency: 'USD' } },
    ]);

    // Act
    const answer = await client.validateOrder({ item: 'esim_1GB_7D_FR_V2' });

    // Assess
    expect(answer.valid).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      method: 'POST',
      url: new URL('https://api.esim-go.test/v2.5/orders'),
      headers: { 'x-api-key': API_KEY, accept: 'application/json', 'content-type': 'application/json' },
      body: { type: 'validate', assign: true, order: [{ type: 'bundle', quantity: 1, item: 'esim_1GB_7D_FR_V2', allowReassign: false }] },
    });
    expect(records).toEqual([{ provider: ESIMGO_PROVIDER, operation: 'validateOrder', outcome: 'success', latencyMs: expect.any(Number) }]);
  });

  it('places a transaction with assign: true, the eSIM ICCID for a bundle onto an existing eSIM, and reads the order reference', async () => {
    const { client, sent } = setup([{ status: 200, body: transactionAnswer }]);

    const answer = await client.placeOrder({ item: 'esim_1GB_7D_FR_V2', iccid: '8944000000000000011' });

    expect(answer.orderReference).toBe('order-ref-1');
    expect(sent[0]?.body).toEqual({
      type: 'transaction',
      assign: true,
      order: [{ type: 'bundle', quantity: 1, item: 'esim_1GB_7D_FR_V2', iccids: ['8944000000000000011'], allowReassign: false }],
    });
  });

  it('lists orders in a time window with two createdAt operators, and reads the install details and bundles of an eSIM', async () => {
    const { client, sent } = setup([
      { status: 200, body: [transactionAnswer] },
      { status: 200, body: { iccid: '8944000000000000011', matchingId: 'AB-1', smdpAddress: 'rsp.esim-go.test', profileStatus: 'Released' } },
      {
        status: 200,
        body: {
          bundles: [
            {
              name: 'esim_1GB_7D_FR_V2',
              assignments: [{ id: 'a1', initialQuantity: 1_000_000_000, remainingQuantity: 400_000_000, bundleState: 'active' }],
            },
          ],
        },
      },
    ]);

    const orders = await client.listOrders({ from: new Date('2026-11-25T10:00:00Z'), to: new Date('2026-11-25T10:02:00Z') });
    const assignments = await client.assignments('order-ref-1');
    const bundles = await client.bundles('8944000000000000011');

    expect(orders.map((o) => o.orderReference)).toEqual(['order-ref-1']);
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url.pathname).toBe('/v2.5/orders');
    expect([...(sent[0]?.url.searchParams ?? [])]).toEqual([
      ['includeIccids', 'true'],
      ['createdAt', 'gte:2026-11-25T10:00:00.000Z'],
      ['createdAt', 'lte:2026-11-25T10:02:00.000Z'],
      ['page', '1'],
      ['limit', '100'],
    ]);
    expect(sent[0]?.headers).toEqual({ 'x-api-key': API_KEY, accept: 'application/json' });
    expect(sent[1]?.url.href).toBe('https://api.esim-go.test/v2.5/esims/assignments?reference=order-ref-1');
    expect(sent[1]?.headers.accept).toBe('application/json');
    expect(assignments).toEqual([{ iccid: '8944000000000000011', matchingId: 'AB-1', smdpAddress: 'rsp.esim-go.test' }]);
    expect(sent[2]?.url.pathname).toBe('/v2.5/esims/8944000000000000011/bundles');
    expect(bundles.bundles[0]?.assignments[0]).toMatchObject({ bundleState: 'active', remainingQuantity: 400_000_000 });
  });

  it('reads the assignments both as the guide shows them (one object, smdpAddress) and as the reference does (an array, rspUrl)', async () => {
    const { client } = setup([
      { status: 200, body: [{ iccid: '8944000000000000011', matchingId: 'AB-1', rspUrl: 'rsp.esim-go.test', reference: 'r' }] },
    ]);

    expect(await client.assignments('r')).toEqual([{ iccid: '8944000000000000011', matchingId: 'AB-1', smdpAddress: 'rsp.esim-go.test' }]);
  });

  it('repeats an idempotent call after a 5xx, 429 or timeout, at most twice, with a growing pause', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const { client, sent, records, sleeps } = setup([
      { status: 503, body: { message: 'Processing' } },
      { status: 429, body: { message: 'slow down' } },
      timeout,
    ]);

    const failure = await client.assignments('r').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect((failure as ProviderUnavailableError).failure).toMatchObject({ kind: 'unreachable', operation: 'getAssignments' });
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
    expect(records.map((r) => r.outcome)).toEqual(['unreachable', 'unreachable', 'unreachable']);
  });

  it('sends a transaction once: a 5xx or timeout is not repeated (its outcome is unknown)', async () => {
    const { client, sent } = setup([
      { status: 500, body: { message: 'Server Error' } },
      { status: 200, body: transactionAnswer },
    ]);

    const failure = await client.placeOrder({ item: 'esim_1GB_7D_FR_V2' }).catch((error: unknown) => error);

    expect((failure as ProviderUnavailableError).failure).toMatchObject({ kind: 'unreachable', operation: 'placeOrder', detail: 'HTTP 500' });
    expect(sent).toHaveLength(1);
  });

  it('reports a 4xx as a refusal with its message, a validation that is not valid as a refusal, and a body off its schema as a protocol failure', async () => {
    const { client, records } = setup(
      [
        { status: 400, body: { message: 'Insufficient balance' } },
        { status: 200, body: { order: [], total: 0, valid: false, currency: 'USD' } },
        { status: 200, body: { order: [], total: 1, currency: 'USD', status: 'completed' } },
      ],
      0,
    );

    const refusal = await client.placeOrder({ item: 'esim_1GB_7D_FR_V2' }).catch((error: unknown) => error);
    const invalid = await client.validateOrder({ item: 'esim_1GB_7D_FR_V2' }).catch((error: unknown) => error);
    const broken = await client.placeOrder({ item: 'esim_1GB_7D_FR_V2' }).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(EsimGoRefusal);
    expect((refusal as EsimGoRefusal).failure.detail).toBe('HTTP 400: Insufficient balance');
    expect(invalid).toBeInstanceOf(EsimGoRefusal);
    expect((broken as ProviderUnavailableError).failure).toMatchObject({ kind: 'protocol' });
    expect((broken as ProviderUnavailableError).failure.detail).toContain('orderReference');
    expect(records.map((r) => r.outcome)).toEqual(['refused', 'success', 'protocol']);
  });

  it('never puts the API key into an error', async () => {
    const { client } = setup([new TypeError('fetch failed')], 0);

    const failure = (await client.bundles('8944000000000000011').catch((error: unknown) => error)) as ProviderUnavailableError;

    expect(failure.failure).toMatchObject({ kind: 'unreachable', detail: 'Connection failed' });
    expect(JSON.stringify({ ...failure.failure, message: failure.message })).not.toContain(API_KEY);
  });
});
