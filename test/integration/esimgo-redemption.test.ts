// Redemption through the local runtime provisioning over eSIM Go v2.5 (PROVIDER=esimgo): the simulator's SM-DP+
// address and matching id reach the traveler's instructions, its signed usage callbacks activate the package and fire
// package.usage.*; one test per failure class (timeout, 5xx, lost answer settled by the sweep) shows no second order
// and no lost or double redemption.
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { eventually } from '#test/support/webhook-receiver';

describe('Redemption over eSIM Go through the local runtime', () => {
  let service: TestService;
  let client: SignedClient;
  let travelers = 0;
  beforeAll(async () => {
    service = await startTestService({}, { provider: 'esimgo' });
    ({ client } = await service.newPartner());
  });
  afterAll(() => service.stop());
  const esimGo = () => service.runtime.esimGo!;
  beforeEach(() => esimGo().reset());

  const grant = async (spec: Record<string, unknown> = {}) => {
    travelers += 1;
    const externalUserId = `eg-${travelers}-${Date.now()}`;
    const body = makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: externalUserId, ...spec })] });
    const booking = await client.send('POST', '/bookings', { body });
    expect(booking.status).toBe(201);
    return { externalUserId, promo: booking.body.data[0].promo_codes[0], booking: booking.body.data[0] };
  };
  const redeem = (uuid: string, offsetMs = 0) =>
    client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid }, sign: { timestamp: String(Date.now() + offsetMs) } });
  const transactions = () => esimGo().calls.filter((c) => c.call === 'placeOrder');
  const moveClock = (ms: number) =>
    fetch(new URL('/__local/clock', service.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });

  it('orders the eSIM with its package’s bundle (validate, then transaction); the instructions carry the simulator’s SM-DP+ address and matching id', async () => {
    const { externalUserId, promo } = await grant();

    const redeemed = await redeem(promo.uuid);

    expect(redeemed.status).toBe(200);
    expect(esimGo().calls.map((c) => `${c.method} ${c.path} ${c.call}`)).toEqual(['POST /v2.5/orders validateOrder', 'POST /v2.5/orders placeOrder']);
    expect(transactions()[0]?.headers['x-api-key']).toBe(esimGo().apiKey);
    expect(transactions()[0]?.body).toEqual({
      type: 'transaction',
      assign: true,
      order: [{ type: 'bundle', quantity: 1, item: expect.stringMatching(/^esim_1GB_\d+D_FR_V2$/), allowReassign: false }],
    });
    const iccid = redeemed.body.data.iccid;
    const matchingId = esimGo().esims.get(iccid)?.matchingId;
    const instructions = await client.send('POST', '/native/instructions', {
      body: { external_user_id: externalUserId, deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4.1', deviceType: 'phone' },
    });
    expect(instructions.status).toBe(200);
    expect(instructions.body.data.activation).toMatchObject({
      code: `LPA:1$${esimGo().smdpAddress}$${matchingId}`,
      smdp_address: esimGo().smdpAddress,
      matching_id: matchingId,
    });
  });

  it("orders an airport's grant in the airport's country (iata_code CDG and destination JFK)", async () => {
    const paris = await grant({ destination: undefined, iata_code: 'CDG' });
    const newYork = await grant({ destination: 'JFK' });

    const redeemed = [await redeem(paris.promo.uuid), await redeem(newYork.promo.uuid)];

    expect(redeemed.map((r) => r.status)).toEqual([200, 200]);
    expect(transactions().map((t) => (t.body as { order: Array<{ item: string }> }).order[0]?.item)).toEqual([
      expect.stringMatching(/_FR_V2$/),
      expect.stringMatching(/_US_V2$/),
    ]);
  });

  it('turns signed usage callbacks into package.activated and package.usage.*, once each; unsigned or wrongly signed ones get 401', async () => {
    const { externalUserId, promo } = await grant({ size: '1GB' });
    const { iccid } = (await redeem(promo.uuid)).body.data;

    esimGo().useData(iccid, 600_000_000);
    const half = await esimGo().sendUsageCallback(iccid, 'base64');
    const again = await esimGo().sendUsageCallback(iccid, 'hex');
    const unsigned = await esimGo().sendUsageCallback(iccid, 'none');
    const forged = await esimGo().sendUsageCallback(iccid, 'wrong');
    esimGo().useData(iccid, 400_000_000);
    const full = await esimGo().sendUsageCallback(iccid, 'hex');

    expect(JSON.parse(half.body).data).toMatchObject({ kind: 'applied', events: ['package.activated', 'package.usage.50_percent'] });
    expect(JSON.parse(again.body).data).toMatchObject({ kind: 'duplicate' });
    expect([unsigned.status, JSON.parse(unsigned.body).error.code]).toEqual([401, 'missing_credentials']);
    expect([forged.status, JSON.parse(forged.body).error.code]).toEqual([401, 'invalid_signature']);
    expect(JSON.parse(full.body).data).toMatchObject({ kind: 'applied', events: ['package.usage.80_percent', 'package.usage.100_percent'] });
    const dashboard = await client.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}`);
    expect(JSON.stringify(dashboard.body.data)).toContain('depleted');
  });

  it("orders what the grant says when the partner's update meets its redemption: the eSIM carries the updated bundle", async () => {
    // Prepare: a grant of 1 GB for France, whose order eSIM Go answers slowly
    const { externalUserId, booking } = await grant({ size: '1GB', destination: 'FRA' });
    esimGo().faults.slowAnswers.push({ call: 'placeOrder', ms: 1500 });

    // Act: the traveler redeems; while eSIM Go is placing that order, the partner makes the grant 5 GB for Italy
    const redeeming = client.send('POST', '/native/redeem-package', {
      body: { external_user_id: externalUserId, package_queue_id: booking.package_queues[0].uuid },
    });
    await eventually(
      () => transactions().length,
      (placed) => placed === 1,
    );
    const updated = await client.send('PUT', `/bookings/${booking.booking_id}/updatePackageSpecifications`, {
      body: { package_specification: { package_type: 'data-limited', size: '5GB', destination: 'ITA' } },
    });
    const redeemed = await redeeming;

    // Assess: the update came first, so the traveler has the updated package, and eSIM Go was ordered that bundle
    expect([updated.status, updated.body.data.updated_count, redeemed.status]).toEqual([200, 1, 200]);
    const [pkg] = redeemed.body.data.current_esim_packages;
    expect([pkg.size, pkg.destination]).toEqual(['5GB', 'ITA']);
    const bundles = esimGo()
      .esims.get(redeemed.body.data.current_esim.iccid)
      ?.assignments.map((a) => a.bundle);
    expect(bundles).toEqual([expect.stringMatching(/^esim_5GB_\d+D_IT_V2$/)]);
  });

  it('timeout: 503 with Retry-After and the code unredeemed; the retry finds the order eSIM Go placed and never orders a second eSIM', async () => {
    const { promo } = await grant();
    esimGo().faults.slowAnswers.push({ call: 'placeOrder', ms: 6000 });

    const timedOut = await redeem(promo.uuid);
    await new Promise((done) => setTimeout(done, 1500));
    const retried = await redeem(promo.uuid, 1);

    expect([timedOut.status, timedOut.headers.get('retry-after'), timedOut.body.error.code]).toEqual([503, '30', 'provider_unavailable']);
    expect(retried.status).toBe(200);
    expect(esimGo().orders).toHaveLength(1);
    expect(transactions()).toHaveLength(1);
    expect(retried.body.data.iccid).toBe(esimGo().orders[0]?.order[0]?.iccids?.[0]);
    expect((await redeem(promo.uuid, 2)).body.error.code).toBe('promo_code_already_redeemed');
  }, 30_000);

  it('5xx: 503 and the code unredeemed; retries answer 503 until the order cannot have been placed, then one order redeems the code once', async () => {
    const { promo } = await grant();
    esimGo().faults.serverErrors.push('placeOrder');

    const failed = await redeem(promo.uuid);
    const tooSoon = await redeem(promo.uuid, 1);
    expect((await moveClock(3 * 60_000)).status).toBe(200);
    try {
      const retried = await redeem(promo.uuid, 2);

      expect([failed.status, tooSoon.status, retried.status]).toEqual([503, 503, 200]);
      expect(esimGo().orders).toHaveLength(1);
      expect((await redeem(promo.uuid, 3)).body.error.code).toBe('promo_code_already_redeemed');
    } finally {
      await moveClock(-3 * 60_000);
    }
  });

  it('lost answer: the reconciliation sweep finds the order in GET /orders and keeps it; the retry redeems with that eSIM', async () => {
    const { promo } = await grant();
    esimGo().faults.lostAnswers.push('placeOrder');
    expect((await redeem(promo.uuid)).status).toBe(503);

    expect((await moveClock(16 * 60_000)).status).toBe(200);
    try {
      const listed = esimGo().calls.find((c) => c.call === 'listOrders');
      expect(listed?.query.filter(([name]) => name === 'createdAt').map(([, value]) => value.slice(0, 4))).toEqual(['gte:', 'lte:']);
      const retried = await redeem(promo.uuid, 1);

      expect(retried.status).toBe(200);
      expect(esimGo().orders).toHaveLength(1);
      expect(transactions()).toHaveLength(1);
      expect(retried.body.data.iccid).toBe(esimGo().orders[0]?.order[0]?.iccids?.[0]);
    } finally {
      await moveClock(-16 * 60_000);
    }
  });
});
