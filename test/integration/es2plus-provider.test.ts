// The ES2+ adapter against the SM-DP+ simulator over real mutual TLS: the exact wire format of every call, and one
// test per failure class (Failed, 5xx, Expired, lost answer, refused confirmation) showing no second order.
import { startSmdpSimulator, type SmdpSimulator } from '#bin/local/smdp-simulator';
import { randomBytes } from 'node:crypto';
import { es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity, RECONCILE_AFTER_MS } from '#shared/providers/es2plus/es2plus-connectivity';
import { mutualTlsTransport } from '#shared/providers/es2plus/transport';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { confirmationCodeContext } from '#shared/domain/install/confirmation-code';
import { type ProviderCallRecord, ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import { makePackagePlan } from '#test/support/factories';
import { memoryProviderOrderJournal } from '#test/support/fakes';

describe('Provider: ES2+ connectivity against the SM-DP+ simulator', () => {
  let smdp: SmdpSimulator;
  beforeAll(async () => {
    smdp = await startSmdpSimulator();
  });
  afterAll(() => smdp.stop());
  beforeEach(() => smdp.reset());

  const setup = (options: { withoutCertificate?: boolean } = {}) => {
    let now = new Date('2026-11-25T12:00:00.000Z');
    const clock = { now: () => now };
    const records: ProviderCallRecord[] = [];
    const { journal, orders } = memoryProviderOrderJournal();
    const cipher = localSecretCipher(randomBytes(32).toString('base64'));
    const credentials = options.withoutCertificate ? { ...smdp.clientCredentials, certificate: '', privateKey: '' } : smdp.clientCredentials;
    const transport = mutualTlsTransport({ baseUrl: smdp.url, credentials, timeoutMs: 2000 });
    const client = es2PlusClient({ transport, functionRequesterIdentifier: smdp.functionRequesterIdentifier, observe: (r) => records.push(r) });
    const provider = es2PlusConnectivity({
      client,
      journal,
      clock,
      settings: { smdpAddress: 'fallback.example', profileTypes: { universal: 'TRAVEL-UNIVERSAL' }, homeNetwork: '00101' },
      cipher: async () => cipher,
    });
    return { provider, client, cipher, orders, records, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  };
  const allocate = (provider: ReturnType<typeof setup>['provider'], reference = 'p1:universal:promo:abc') =>
    provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: reference,
      destination: null,
      firstPackage: makePackagePlan(),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode: false,
    });
  const paths = () => smdp.calls.map((c) => c.path.replace('/gsma/rsp2/es2plus/', ''));

  it('orders a profile with downloadOrder then confirmOrder, exactly as SGP.22 6.5 frames them, and builds the activation code', async () => {
    const { provider, records } = setup();

    const profile = await allocate(provider);

    expect(paths()).toEqual(['downloadOrder', 'confirmOrder']);
    const [download, confirm] = smdp.calls;
    for (const call of smdp.calls) {
      expect(call.headers['x-admin-protocol']).toBe('gsma/rsp/v2.2.0');
      expect(call.headers['content-type']).toBe('application/json');
    }
    expect(download?.body).toEqual({
      header: {
        functionRequesterIdentifier: 'esim-booking-operator',
        functionCallIdentifier: expect.stringMatching(/^[0-9a-f]{32}-1-downloadOrder$/),
      },
      profileType: 'TRAVEL-UNIVERSAL',
    });
    expect(confirm?.body).toEqual({
      header: {
        functionRequesterIdentifier: 'esim-booking-operator',
        functionCallIdentifier: expect.stringMatching(/^[0-9a-f]{32}-1-confirmOrder$/),
      },
      iccid: profile.iccid,
      releaseFlag: true,
    });
    const matchingId = smdp.profiles.get(profile.iccid)?.matchingId;
    expect(profile).toEqual({
      iccid: expect.stringMatching(/^89\d{17}$/),
      imsi: null,
      ordered_with: 'promo:a:FRA:1GB:365d',
      smdp_address: 'smdp.simulator.esim.example',
      matching_id: matchingId,
      activation_code: `LPA:1$smdp.simulator.esim.example$${matchingId}`,
      confirmation_code_ciphertext: null,
    });
    expect(records.map((r) => [r.operation, r.outcome])).toEqual([
      ['downloadOrder', 'success'],
      ['confirmOrder', 'success'],
    ]);
  });

  it('returns the same profile to a retried redemption without calling the SM-DP+ again', async () => {
    const { provider } = setup();
    const first = await allocate(provider);

    const again = await allocate(provider);

    expect(again).toEqual(first);
    expect(paths()).toEqual(['downloadOrder', 'confirmOrder']);
  });

  it('answers a Failed downloadOrder (HTTP 200, 8.2.5/3.7 no more profiles) with 503 provider_unavailable and Retry-After', async () => {
    const { provider, records } = setup();
    smdp.faults.refusals.push({ operation: 'downloadOrder', status: 'Failed', subjectCode: '8.2.5', reasonCode: '3.7' });

    const error = await allocate(provider).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'provider_unavailable', expose: true, headers: { 'retry-after': '30' } });
    expect((error as ProviderUnavailableError).failure).toMatchObject({ kind: 'refused', detail: expect.stringContaining('8.2.5') });
    expect(paths()).toEqual(['downloadOrder']);
    expect(records.at(-1)?.outcome).toBe('refused');
  });

  it('cancels the reserved profile when confirmOrder is refused, and a later retry orders afresh with new call identifiers', async () => {
    const { provider, orders } = setup();
    smdp.faults.refusals.push({ operation: 'confirmOrder', status: 'Failed', subjectCode: '8.2.6', reasonCode: '3.3' });

    await expect(allocate(provider)).rejects.toBeInstanceOf(ProviderUnavailableError);

    expect(paths()).toEqual(['downloadOrder', 'confirmOrder', 'cancelOrder']);
    const cancelled = smdp.calls[2]?.body;
    expect(cancelled).toMatchObject({ iccid: smdp.calls[1]?.body.iccid, finalProfileStatusIndicator: 'Available' });
    expect(smdp.profiles.get(String(cancelled?.iccid))?.state).toBe('available');
    expect([...orders.values()][0]).toMatchObject({ state: 'cancelled', reconcile_at: null });

    await allocate(provider);

    expect(String((smdp.calls[3]!.body.header as { functionCallIdentifier: string }).functionCallIdentifier)).toMatch(/-2-downloadOrder$/);
  });

  it('keeps the reserved profile after a 5xx on confirmOrder, and the retry confirms it without a second downloadOrder', async () => {
    const { provider } = setup();
    smdp.faults.serverErrors.push('confirmOrder');

    const error = await allocate(provider).catch((e: unknown) => e);
    expect((error as ProviderUnavailableError).failure.kind).toBe('unreachable');

    const profile = await allocate(provider);

    expect(paths()).toEqual(['downloadOrder', 'confirmOrder', 'confirmOrder']);
    expect(smdp.profiles.size).toBe(1);
    expect(smdp.profiles.get(profile.iccid)?.state).toBe('released');
  });

  it('treats Expired as retryable and a lost downloadOrder answer as the same order on retry (same functionCallIdentifier)', async () => {
    const { provider } = setup();
    smdp.faults.refusals.push({ operation: 'downloadOrder', status: 'Expired', subjectCode: '1.6', reasonCode: '4.2' });
    const expired = await allocate(provider).catch((e: unknown) => e);
    expect((expired as ProviderUnavailableError).failure.kind).toBe('unreachable');

    smdp.faults.lostAnswers.push('downloadOrder');
    await expect(allocate(provider)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const profile = await allocate(provider);

    expect(smdp.profiles.size).toBe(1);
    expect(smdp.profiles.has(profile.iccid)).toBe(true);
    const ids = smdp.calls
      .filter((c) => c.path.endsWith('downloadOrder'))
      .map((c) => (c.body.header as { functionCallIdentifier: string }).functionCallIdentifier);
    expect(new Set(ids).size).toBe(1);
  });

  it('is refused by the SM-DP+ without a client certificate (mutual TLS), as a retryable 503', async () => {
    const { provider } = setup({ withoutCertificate: true });

    const error = await allocate(provider).catch((e: unknown) => e);

    expect((error as ProviderUnavailableError).failure.kind).toBe('unreachable');
    expect(smdp.calls).toHaveLength(0);
  });

  it('reconciles: an order left confirmed but never attached is cancelled; an attached one is settled', async () => {
    const left = setup();
    await allocate(left.provider, 'p1:universal:promo:left');
    left.advance(RECONCILE_AFTER_MS);
    const [order] = [...left.orders.values()];

    const settled = await left.provider.reconcile(order!, true);
    expect(settled).toMatchObject({ state: 'confirmed', reconcile_at: null });
    expect(paths()).toEqual(['downloadOrder', 'confirmOrder']);

    const cancelled = await left.provider.reconcile(order!, false);
    expect(cancelled).toMatchObject({ state: 'cancelled', reconcile_at: null });
    expect(smdp.calls.at(-1)?.body).toMatchObject({ iccid: order!.iccid, matchingId: order!.matching_id, finalProfileStatusIndicator: 'Available' });
  });

  it('sends the confirmation code the simulator keeps for the profile, and the simulator refuses a malformed one', async () => {
    // Prepare
    const { provider, client, cipher } = setup();

    // Act
    const profile = await provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: `p1:universal:promo:code-${Date.now()}`,
      destination: null,
      firstPackage: makePackagePlan(),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode: true,
    });
    const reserved = await client.downloadOrder('malformed-1', { profileType: 'TRAVEL-UNIVERSAL' });
    const malformed = await client
      .confirmOrder('malformed-2', { iccid: reserved.iccid, releaseFlag: true, confirmationCode: '12 34' })
      .catch((e) => e);

    // Assess
    const kept = smdp.profiles.get(profile.iccid)?.confirmationCode;
    expect(kept).toMatch(/^\d{8}$/);
    expect(await cipher.decrypt(profile.confirmation_code_ciphertext as string, confirmationCodeContext('p1', profile.iccid))).toBe(kept);
    expect(profile.activation_code).toMatch(/\$\$1$/);
    expect(malformed).toMatchObject({ statusCode: '8.2.7/2.1' });
    expect(smdp.profiles.get(reserved.iccid)?.confirmationCode).toBeNull();
  });
});
