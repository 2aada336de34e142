// The eSIM Go connectivity adapter over a fake eSIM Go: validate then transaction, install details, the journal
// written before the transaction, lost answers settled from GET /orders (claimed once), never a second order; the
// bundle naming, the usage callback signature and the provider secret.
import { bundleNameFor, DEFAULT_BUNDLE_TEMPLATE } from '#shared/providers/esimgo/bundle-names';
import { esimGoConnectivity, ORDER_SETTLE_MS } from '#shared/providers/esimgo/esimgo-connectivity';
import { parseEsimGoSecret } from '#shared/providers/esimgo/esimgo-secret';
import { signCallback, verifyCallbackSignature } from '#shared/providers/esimgo/signature';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import { fakeEsimGo } from '#test/support/esimgo-fake';
import { makePackagePlan } from '#test/support/factories';
import { makeProviderOrder, memoryProviderOrderJournal } from '#test/support/fakes';
import type { ProviderOrderJournal } from '#shared/usecases/ports/provider-orders';

const setup = (options: { esimsInAnswer?: boolean; journalSeen?: (journal: ProviderOrderJournal) => ProviderOrderJournal } = {}) => {
  let now = new Date('2026-11-25T10:00:00.000Z');
  const clock = { now: () => now };
  const esimGo = fakeEsimGo(clock.now, options);
  const { journal, orders } = memoryProviderOrderJournal();
  const settings = { bundles: { template: DEFAULT_BUNDLE_TEMPLATE, countries: { universal: 'RGBS' }, names: {} }, homeNetwork: '23410' };
  const provider = esimGoConnectivity({
    client: esimGo.client,
    journal: options.journalSeen?.(journal) ?? journal,
    clock,
    settings,
    sleep: async () => undefined,
  });
  const allocate = (reference = 'p1:universal:promo:a') =>
    provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: reference,
      destination: null,
      firstPackage: makePackagePlan({ destination: 'FRA' }),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode: false,
    });
  return { provider, esimGo, journal, orders, allocate, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

const failureOf = async (work: Promise<unknown>) => (await work.then(() => undefined).catch((error: unknown) => error)) as ProviderUnavailableError;

describe('Provider: eSIM Go connectivity', () => {
  it("answers a second request for the same traveler's eSIM with the one order, and the package reference it was ordered with (F168)", async () => {
    // Prepare: two packages of one traveler, each the first of its request
    const { provider, esimGo } = setup();
    const allocateFor = (firstPackageReference: string, destination: string) =>
      provider.allocateEsim({
        partnerId: 'p1',
        idempotencyKey: 'p1:esim:universal:traveler:t1',
        destination: null,
        firstPackage: makePackagePlan({ destination }),
        firstPackageReference,
        confirmationCode: false,
      });

    // Act
    const [first, second] = await Promise.all([allocateFor('promo:a:FRA:1GB:7d', 'FRA'), allocateFor('promo:b:ITA:1GB:7d', 'ITA')]);

    // Assess: one paid eSIM, with the bundle of the request that ordered it; the other learns its package is still to order
    expect(esimGo.calls.filter((call) => call.startsWith('transaction'))).toEqual(['transaction esim_1GB_7D_FR_V2']);
    expect(second.iccid).toBe(first.iccid);
    expect([first.ordered_with, second.ordered_with]).toEqual(['promo:a:FRA:1GB:7d', 'promo:a:FRA:1GB:7d']);
  });

  it('orders a new eSIM with its first package’s bundle (validate, then transaction) and builds the activation code from the answer', async () => {
    const { esimGo, orders, allocate } = setup();

    const profile = await allocate();

    expect(esimGo.calls).toEqual(['validate esim_1GB_7D_FR_V2', 'transaction esim_1GB_7D_FR_V2']);
    expect(profile).toEqual({
      iccid: '8944000000000000001',
      imsi: null,
      smdp_address: 'rsp.esim-go.test',
      matching_id: 'MATCH-1',
      ordered_with: 'promo:a:FRA:1GB:365d',
      activation_code: 'LPA:1$rsp.esim-go.test$MATCH-1',
      confirmation_code_ciphertext: null,
    });
    expect(orders.get('p1:p1:universal:promo:a')).toMatchObject({
      state: 'confirmed',
      provider: 'esimgo',
      provider_reference: 'ref-1',
      reconcile_at: null,
    });
    expect(await allocate()).toEqual(profile);
    expect(esimGo.placed).toHaveLength(1);
  });

  it('sends one transaction for requests of one grant that find the journal empty at once: the others take its eSIM', async () => {
    // Prepare
    const { esimGo, allocate } = setup();

    // Act
    const profiles = await Promise.all([allocate(), allocate(), allocate()]);

    // Assess
    expect(esimGo.placed).toHaveLength(1);
    expect(new Set(profiles.map((profile) => profile.iccid))).toEqual(new Set(['8944000000000000001']));
  });

  it('answers 503 to a request whose twin is still placing the order when its wait is over, and sends nothing itself', async () => {
    // Prepare: the request reads an empty journal; meanwhile its twin began the order, which stays in flight.
    let reads = 0;
    const { esimGo, journal, allocate } = setup({
      journalSeen: (real) => ({ ...real, get: async (partnerId, reference) => (reads++ === 0 ? undefined : real.get(partnerId, reference)) }),
    });
    const twin = { ...makeProviderOrder(), state: 'ordering' as const, reconcile_at: '2026-11-25T10:02:00.000Z' };
    await journal.begin(twin, undefined);

    // Act
    const failure = await failureOf(allocate(twin.reference));

    // Assess
    expect(failure).toBeInstanceOf(ProviderUnavailableError);
    expect(failure.failure.detail).toMatch(/Another request is placing this order/);
    expect(esimGo.placed).toHaveLength(0);
  });

  it('waits for an order another request began moments ago and takes its eSIM, asking eSIM Go nothing', async () => {
    // Prepare: the journal holds the twin's order, ordering since now; it is confirmed by the time of the next look.
    let looks = 0;
    const twinDone = makeProviderOrder({
      state: 'confirmed',
      iccid: '8944000000000000042',
      matching_id: 'MATCH-42',
      smdp_address: 'rsp.esim-go.test',
      provider_reference: 'ref-42',
    });
    const { esimGo, allocate } = setup({
      journalSeen: (real) => ({
        ...real,
        get: async () => (looks++ === 0 ? makeProviderOrder({ updated_at: '2026-11-25T10:00:00.000Z' }) : twinDone),
      }),
    });

    // Act
    const profile = await allocate(twinDone.reference);

    // Assess
    expect(profile.iccid).toBe('8944000000000000042');
    expect(esimGo.calls).toEqual([]);
  });

  it('reads the install details from GET /esims/assignments when the transaction answer carries none', async () => {
    const { esimGo, allocate } = setup({ esimsInAnswer: false });

    const profile = await allocate();

    expect(esimGo.calls.at(-1)).toBe('assignments ref-1');
    expect(profile.activation_code).toBe('LPA:1$rsp.esim-go.test$MATCH-1');
  });

  it('after a lost transaction answer (timeout): 503, then the retry finds the order in GET /orders and never orders again', async () => {
    const { esimGo, orders, allocate } = setup();
    esimGo.faults.push('lost');

    const failure = await failureOf(allocate());
    expect(failure.status).toBe(503);
    expect(orders.get('p1:p1:universal:promo:a')?.state).toBe('ordering');

    const profile = await allocate();

    expect(esimGo.placed).toHaveLength(1);
    expect(esimGo.calls.filter((c) => c.startsWith('transaction'))).toHaveLength(1);
    expect(profile.iccid).toBe(esimGo.placed[0]?.order[0]?.iccids?.[0]);
  });

  describe("a grant's order journalled before its reference named the package (decision F82)", () => {
    const formerKey = 'p1:universal:promo:a';
    const allocateNamed = (provider: ReturnType<typeof setup>['provider'], destination: string) =>
      provider.allocateEsim({
        partnerId: 'p1',
        idempotencyKey: `${formerKey}:${destination}:1GB:7d`,
        formerIdempotencyKey: formerKey,
        destination: null,
        firstPackage: makePackagePlan({ destination }),
        firstPackageReference: 'promo:a:FRA:1GB:365d',
        confirmationCode: false,
      });

    it('is resumed by the retry for the same bundle: its answer, lost before the change, is found, and nothing is ordered again', async () => {
      // Prepare: the redemption's transaction went out under the former key, and its answer was lost
      const { esimGo, orders, provider, allocate } = setup();
      esimGo.faults.push('lost');
      await failureOf(allocate(formerKey));

      // Act: the traveler's retry, after the change
      const profile = await allocateNamed(provider, 'FRA');

      // Assess
      expect(esimGo.calls.filter((call) => call.startsWith('transaction'))).toHaveLength(1);
      expect(profile.iccid).toBe(esimGo.placed[0]?.order[0]?.iccids?.[0]);
      expect(orders.get(`p1:${formerKey}`)).toMatchObject({ state: 'confirmed', iccid: profile.iccid });
      expect(orders.has(`p1:${formerKey}:FRA:1GB:7d`)).toBe(false);
    });

    it('is left alone when the grant changed since: the retry orders what the grant now says, under its new key', async () => {
      // Prepare: the former key ordered 1 GB for France
      const { esimGo, orders, provider, allocate } = setup();
      const france = await allocate(formerKey);

      // Act: the grant now says Italy
      const italy = await allocateNamed(provider, 'ITA');

      // Assess
      expect(esimGo.calls.filter((call) => call.startsWith('transaction'))).toEqual([
        'transaction esim_1GB_7D_FR_V2',
        'transaction esim_1GB_7D_IT_V2',
      ]);
      expect(italy.iccid).not.toBe(france.iccid);
      expect(orders.get(`p1:${formerKey}:ITA:1GB:7d`)).toMatchObject({ state: 'confirmed', iccid: italy.iccid });
    });

    it('is not resumed once cancelled: the retry orders afresh under its new key', async () => {
      // Prepare: the former key's transaction was refused
      const { esimGo, orders, provider, allocate } = setup();
      esimGo.faults.push('refused');
      await failureOf(allocate(formerKey));

      // Act
      const profile = await allocateNamed(provider, 'FRA');

      // Assess
      expect(esimGo.placed).toHaveLength(1);
      expect(orders.get(`p1:${formerKey}:FRA:1GB:7d`)).toMatchObject({ state: 'confirmed', attempt: 1, iccid: profile.iccid });
    });
  });

  it('after a 5xx with nothing placed: retries answer 503 until the order has had time to appear, then one fresh order', async () => {
    const { esimGo, orders, allocate, advance } = setup();
    esimGo.faults.push('unplaced');

    expect((await failureOf(allocate())).failure.kind).toBe('unreachable');
    advance(30_000);
    expect((await failureOf(allocate())).failure).toMatchObject({ kind: 'unreachable', operation: 'listOrders' });
    advance(ORDER_SETTLE_MS);
    const profile = await allocate();

    expect(esimGo.placed).toHaveLength(1);
    expect(orders.get('p1:p1:universal:promo:a')).toMatchObject({ state: 'confirmed', attempt: 2, iccid: profile.iccid });
  });

  it('a refused transaction (4xx) placed nothing: the journal says cancelled and the retry orders afresh', async () => {
    const { esimGo, orders, allocate } = setup();
    esimGo.faults.push('refused');

    expect((await failureOf(allocate())).failure.kind).toBe('refused');
    expect(orders.get('p1:p1:universal:promo:a')?.state).toBe('cancelled');
    await allocate();

    expect(esimGo.placed).toHaveLength(1);
  });

  it('two orders of the same bundle whose answers were both lost are told apart by their claims', async () => {
    const { esimGo, provider, allocate, advance } = setup();
    esimGo.faults.push('lost', 'lost');
    await failureOf(allocate('p1:universal:promo:a'));
    await failureOf(allocate('p1:universal:promo:b'));
    advance(ORDER_SETTLE_MS + 1000);

    const [a, b] = [await allocate('p1:universal:promo:a'), await allocate('p1:universal:promo:b')];

    expect(new Set([a.iccid, b.iccid]).size).toBe(2);
    expect(esimGo.placed).toHaveLength(2);
    expect(await provider.networkFor(null)).toBe('23410');
  });

  it('adds a later package as a bundle on the eSIM’s ICCID, once per order reference; the package that came with the eSIM orders nothing', async () => {
    const { esimGo, provider } = setup();
    const add = (withEsim: boolean) =>
      provider.addPackage({
        ...makePackagePlan({ destination: 'FRA' }),
        partnerId: 'p1',
        idempotencyKey: 'p1:package:payment:pay_1',
        iccid: '8944000000000000099',
        packageId: 'pkg-1',
        withEsim,
      });

    await add(true);
    expect(esimGo.calls).toEqual([]);
    await add(false);
    await add(false);

    expect(esimGo.calls).toEqual(['validate esim_1GB_7D_FR_V2 8944000000000000099', 'transaction esim_1GB_7D_FR_V2 8944000000000000099']);
  });

  it("orders a package onto the eSIM it is now for when its reference's order went onto another eSIM the traveler did not keep (F168)", async () => {
    // Prepare: an earlier attempt ordered the package onto eSIM …01; the traveler was stored with eSIM …02
    const { esimGo, provider } = setup();
    const add = (iccid: string) =>
      provider.addPackage({
        ...makePackagePlan({ destination: 'ESP' }),
        partnerId: 'p1',
        idempotencyKey: 'p1:package:payment:pay_1',
        iccid,
        packageId: 'pkg-1',
        withEsim: false,
      });
    await add('8944000000000000001');

    // Act
    await add('8944000000000000002');
    await add('8944000000000000002');

    // Assess: the bundle once on each eSIM, the retry on the kept one orders nothing more
    expect(esimGo.calls.filter((call) => call.startsWith('transaction'))).toEqual([
      'transaction esim_1GB_7D_ES_V2 8944000000000000001',
      'transaction esim_1GB_7D_ES_V2 8944000000000000002',
    ]);
  });

  it('reconciles: an order still ordering is found and kept, one never placed is cancelled after the settle time', async () => {
    const { esimGo, journal, provider, allocate, advance } = setup();
    esimGo.faults.push('lost', 'unplaced');
    await failureOf(allocate('p1:universal:promo:a'));
    await failureOf(allocate('p1:universal:promo:b'));
    advance(ORDER_SETTLE_MS + 1000);

    const due = await journal.dueForReconciliation(new Date('2026-11-25T11:00:00Z'), 25);
    const settled = await Promise.all(due.map((order) => provider.reconcile(order, false)));

    expect(settled.map((o) => [o.reference, o.state, o.reconcile_at])).toEqual([
      ['p1:universal:promo:a', 'confirmed', null],
      ['p1:universal:promo:b', 'cancelled', null],
    ]);
    expect(esimGo.placed).toHaveLength(1);
  });

  it('reads usage of the bundle in use as its initial minus its remaining bytes', async () => {
    const { provider } = setup();

    expect(await provider.readUsage({ iccid: '8944000000000000001', packageId: 'pkg' })).toEqual({ usedBytes: 750_000_000 });
  });

  it('refuses (503) a package for which no bundle is configured, before calling eSIM Go', async () => {
    const esimGo = fakeEsimGo(() => new Date());
    const provider = esimGoConnectivity({
      client: esimGo.client,
      journal: memoryProviderOrderJournal().journal,
      clock: { now: () => new Date() },
      settings: { bundles: { template: DEFAULT_BUNDLE_TEMPLATE, countries: {}, names: {} }, homeNetwork: '23410' },
    });

    const failure = await failureOf(
      provider.allocateEsim({
        partnerId: 'p1',
        idempotencyKey: 'k',
        destination: null,
        firstPackage: makePackagePlan({ destination: null }),
        firstPackageReference: 'promo:a:FRA:1GB:365d',
        confirmationCode: false,
      }),
    );

    expect(failure.failure).toMatchObject({ kind: 'refused', detail: 'No eSIM Go bundle is configured for universal:1GB:7' });
    expect(esimGo.calls).toEqual([]);
  });
});

describe('Provider: eSIM Go bundle names', () => {
  const naming = { template: DEFAULT_BUNDLE_TEMPLATE, countries: { universal: 'RGBS' }, names: { 'FRA:unlimited:7': 'esim_ULP_7D_FR_V2' } };

  it('fills in the template with the size, the days and the ISO2 code, and takes an explicit name first', () => {
    expect(bundleNameFor(naming, { size: '1GB', durationDays: 7, destination: 'FRA' })).toBe('esim_1GB_7D_FR_V2');
    expect(bundleNameFor(naming, { size: '500MB', durationDays: 30, destination: null })).toBe('esim_500MB_30D_RGBS_V2');
    expect(bundleNameFor(naming, { size: null, durationDays: 7, destination: 'FRA' })).toBe('esim_ULP_7D_FR_V2');
    expect(bundleNameFor(naming, { size: null, durationDays: 3, destination: 'DEU' })).toBe('esim_UL_3D_DE_V2');
    expect(bundleNameFor({ ...naming, countries: {} }, { size: '1GB', durationDays: 7, destination: null })).toBeUndefined();
  });
});

describe('Provider: eSIM Go usage callback signature', () => {
  const key = 'callback-key-0123456789';
  const body = '{"iccid":"8944000000000000001","alertType":"Utilisation","bundle":{"name":"esim_1GB_7D_FR_V2"}}';

  it('accepts the HMAC-SHA256 of the raw body as base64 (the reference) or hex in either case (the guide)', () => {
    expect(verifyCallbackSignature(body, signCallback(body, key, 'base64'), key)).toBe(true);
    expect(verifyCallbackSignature(body, signCallback(body, key, 'base64').replace(/=$/, ''), key)).toBe(true);
    expect(verifyCallbackSignature(body, signCallback(body, key, 'hex'), key)).toBe(true);
    expect(verifyCallbackSignature(body, signCallback(body, key, 'hex').toUpperCase(), key)).toBe(true);
    expect(verifyCallbackSignature(Buffer.from(body), ` ${signCallback(body, key, 'hex')} `, key)).toBe(true);
  });

  it('refuses a missing, empty, foreign-key, other-body, truncated or oversized signature', () => {
    const good = signCallback(body, key, 'hex');
    expect(verifyCallbackSignature(body, undefined, key)).toBe(false);
    expect(verifyCallbackSignature(body, '', key)).toBe(false);
    expect(verifyCallbackSignature(body, signCallback(body, 'another-key-0123456789'), key)).toBe(false);
    expect(verifyCallbackSignature(`${body} `, good, key)).toBe(false);
    expect(verifyCallbackSignature(body, good.slice(0, 63), key)).toBe(false);
    expect(verifyCallbackSignature(body, good.repeat(3), key)).toBe(false);
    expect(verifyCallbackSignature(body, `sha256=${good}`, key)).toBe(false);
  });

  it('compares in constant time (crypto.timingSafeEqual), on both decodings whichever the header is', async () => {
    const crypto = await import('node:crypto');
    const source = (await import('node:fs')).readFileSync(new URL('../../shared/providers/esimgo/signature.ts', import.meta.url), 'utf8');
    expect(typeof crypto.timingSafeEqual).toBe('function');
    expect(source).toContain('timingSafeEqual(candidate, expected)');
    expect(source).not.toMatch(/===\s*(signature|header|value)\b/);
  });
});

describe('Provider: eSIM Go secret', () => {
  it('fills in the default bundle naming and names wrong fields without their values', () => {
    const secret = parseEsimGoSecret(JSON.stringify({ endpoint: 'https://api.esim-go.com/v2.5', apiKey: 'k'.repeat(32), homeNetwork: '23410' }));
    expect(secret.bundles).toEqual({ template: DEFAULT_BUNDLE_TEMPLATE, countries: {}, names: {} });
    expect(() => parseEsimGoSecret(JSON.stringify({ endpoint: 'http://api.esim-go.com/v2.5', apiKey: 'secret-value', homeNetwork: 'x' }))).toThrow(
      'The eSIM Go provider secret is invalid at: endpoint, apiKey, homeNetwork',
    );
    expect(() => parseEsimGoSecret('{')).toThrow('The eSIM Go provider secret is not JSON');
  });
});
