// The local runtime's service clock moved with `ops simulate advance-clock`: time-driven events fire at once,
// signatures stay on real time, and the control endpoint lives beside the API, not in it. Then simulate over HTTP.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/storage/keys';
import { rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { opsRunner } from '#test/support/ops-runner';
import { eventually, startReceiver, type Receiver } from '#test/support/webhook-receiver';
import { startTestService, type TestService } from '#test/support/test-service';

const DAY_MS = 86_400_000;

describe('Local runtime: service clock', () => {
  let service: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    // The sweeper's own tick is an hour away: anything that fires in these tests was fired by the clock move.
    service = await startTestService({ WEBHOOK_BACKOFF_SCALE: '0.00001', SWEEP_INTERVAL_MS: String(60 * 60 * 1000) });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.stop();
  });

  const ops = (...argv: string[]) => opsRunner(service.dataDir)(...argv);

  const clockNow = async () => {
    const response = await fetch(`${new URL(service.url).origin}/__local/clock`);
    return ((await response.json()) as { data: { now: string; offset_ms: number } }).data;
  };

  const resetClock = async () => {
    const { offset_ms: offset } = await clockNow();
    if (offset !== 0) expect((await ops('simulate', 'advance-clock', '--ms', String(-offset))).code).toBe(0);
  };
  afterEach(resetClock);

  /** A partner whose signed webhook goes to `path` on the test receiver. */
  const partnerWithWebhook = async (path: string) => {
    const { partner, client } = await service.newPartner();
    const admin = { ...service.runtime.admin, allowPrivateUrls: true };
    await setWebhookSettings(partner.partner_id, { url: `${receiver.url}${path}` }, admin);
    const { signing_secret: secret } = await rotateWebhookSigningSecret(partner.partner_id, {}, admin);
    receiver.script(path, [{ status: 200 }], secret);
    return { partner, client };
  };

  it('fires booking.within_cutoff as soon as the clock reaches the cutoff window, delivered with a real-time signature', async () => {
    // Prepare
    const { partner, client } = await partnerWithWebhook('/clock');
    // Departs in 10 days; the 7-day cutoff window opens in 3 days.
    const created = await client.send('POST', '/bookings', { body: makeBookingRequest({ departure_date: inDays(10), return_date: inDays(20) }) });
    expect(created.status).toBe(201);
    const booking = created.body.data[0];
    const withinCutoff = () => receiver.received('/clock').filter((d) => d.body.event === 'booking.within_cutoff');
    const stored = async (key: Record<string, string>) =>
      (await service.runtime.admin.documentClient.send(new GetCommand({ TableName: service.runtime.tableName, Key: key }))).Item;
    const schedule = keys.departureSchedule(partner.partner_id, booking.id, 'booking.within_cutoff');
    const event = keys.event(partner.partner_id, `booking.within_cutoff:${booking.id}`);
    const pendingBefore = [await stored(schedule), await stored(event)];

    // Act
    const moved = await ops('simulate', 'advance-clock', '--ms', String(3 * DAY_MS + 60_000), '--json');
    const firedWhenAnswered = [await stored(schedule), await stored(event)];
    const [delivery] = await eventually(withinCutoff, (list) => list.length >= 1);

    // Assess: scheduled, not fired, before the move; fired by the time the command answered; then delivered.
    expect(pendingBefore).toEqual([expect.anything(), undefined]);
    expect(firedWhenAnswered).toEqual([undefined, expect.anything()]);
    expect(moved.code).toBe(0);
    expect(moved.json()).toEqual({ now: expect.any(String), offset_ms: 3 * DAY_MS + 60_000 });
    expect(delivery!.body.data.booking_id).toBe(booking.id);
    expect(delivery!.signatureValid).toBe(true); // the receiver checks the timestamp against real time
    // Fired by a sweep that ran at the moved time (the event carries service time), not by a later tick.
    expect(Date.parse(delivery!.body.timestamp)).toBeGreaterThan(Date.now() + 3 * DAY_MS - 60_000);
  });

  it('keeps partner authentication on real time after the move', async () => {
    // Prepare
    const { client } = await service.newPartner();
    await ops('simulate', 'advance-clock', '--ms', String(2 * DAY_MS));

    // Act
    const response = await client.send('GET', '/bookings');

    // Assess
    expect(response.status).toBe(200);
  });

  it('moves back with a negative --ms and reads the clock with GET', async () => {
    // Act
    await ops('simulate', 'advance-clock', '--ms', String(DAY_MS));
    const back = await ops('simulate', 'advance-clock', '--ms', String(-3 * DAY_MS), '--json');
    const read = await clockNow();

    // Assess
    expect(back.json().offset_ms).toBe(-2 * DAY_MS);
    expect(read.offset_ms).toBe(-2 * DAY_MS);
    expect(Math.abs(Date.parse(read.now) - (Date.now() - 2 * DAY_MS))).toBeLessThan(60_000);
  });

  it('refuses a move that a web page of another site could send without a preflight: 415, clock unchanged', async () => {
    // Act: what an HTML form or a no-cors fetch of another origin sends to the developer's machine.
    const moved = await fetch(`${new URL(service.url).origin}/__local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ ms: 1_000 }),
    });

    // Assess
    expect(moved.status).toBe(415);
    expect(((await moved.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    expect((await clockNow()).offset_ms).toBe(0);
  });

  it('serves the control endpoint beside the API only: the API path answers 404', async () => {
    // Act
    const underApi = await fetch(`${service.url}/__local/clock`, { method: 'POST', body: JSON.stringify({ ms: 1 }) });

    // Assess
    expect(underApi.status).toBe(404);
    expect((await clockNow()).offset_ms).toBe(0);
  });

  it("plays a sandbox step over HTTP signed as the partner, reporting the service's answer", async () => {
    // Prepare
    const { partner } = await service.newPartner();

    // Act
    const result = await ops('simulate', 'install-esim', '--external-user-id', 'nobody-here', '--partner', partner.partner_id);

    // Assess: no such traveler of this partner: the service's 404, and exit 1.
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/The service answered 404/);
  });

  it('signs as the demo partner when no --partner is given', async () => {
    // Prepare: what `npm start` writes beside runtime.json for the partner it provisions.
    const { partner } = await service.newPartner();
    writeFileSync(join(service.dataDir, 'demo-partner.json'), JSON.stringify(partner));

    // Act
    const result = await ops('simulate', 'remove-esim', '--iccid', '89000000000000000001');

    // Assess: signed and accepted far enough to be routed (a bad signature would be 401, no partner exit 2).
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/The service answered 404/);
  });

  it('plays redeem and activate with simulate, then advance-clock fires the duration threshold at once', async () => {
    // Prepare: an unlimited 10-day package, so usage thresholds come from elapsed time alone.
    const { partner, client } = await partnerWithWebhook('/journey');
    await service.runtime.admin.catalog.putPackage({
      id: 'pkg-clock-unl-10d',
      package_type: 'unlimited',
      size: null,
      package_duration: 10,
      destination: 'USA',
      traffic_policy: 'fair',
    });
    const created = await client.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: 'jo', package_id: 'pkg-clock-unl-10d' })] }),
    });
    const booking = created.body.data[0];
    const simulate = (...argv: string[]) => ops('simulate', ...argv, '--partner', partner.partner_id, '--json');
    const usage = () => receiver.received('/journey').filter((d) => d.body.event === 'package.usage.50_percent');

    // Act
    const redeemed = await simulate('redeem-promo-code', '--uuid', booking.promo_codes[0].uuid);
    const activated = await simulate('activate-package', '--package-id', redeemed.json().package_id);
    const replayed = await simulate('activate-package', '--package-id', redeemed.json().package_id);
    const moved = await simulate('advance-clock', '--ms', String(6 * DAY_MS));
    const [half] = await eventually(usage, (list) => list.length >= 1);

    // Assess
    expect([redeemed.code, activated.code, moved.code]).toEqual([0, 0, 0]);
    expect(redeemed.json()).toMatchObject({ redeemed_by: 'jo' });
    expect(activated.json()).toMatchObject({ package_id: redeemed.json().package_id, iccid: expect.any(String) });
    expect(replayed.code).toBe(1);
    expect(replayed.err).toMatch(/The service answered 409/);
    expect(half!.body.data).toMatchObject({ package_id: redeemed.json().package_id, duration_days: 10 });
    // The 50 % point (day 5 of 10) lies days ahead of real time: only the moved clock can have reached it.
    expect(Date.parse(half!.body.timestamp)).toBeGreaterThan(Date.now() + 4 * DAY_MS);
  });

  it('refuses a partner that does not exist before sending anything', async () => {
    const result = await ops('simulate', 'install-esim', '--iccid', '8901', '--partner', 'ptn_missing');

    expect(result.code).toBe(1);
    expect(result.err).toMatch(/No partner "ptn_missing"/);
  });
});
