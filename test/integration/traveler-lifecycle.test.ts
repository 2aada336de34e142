// The traveler lifecycle through the local runtime: sandbox steps by HTTP, reporters' facts, classic grants,
// concurrency, and the partner's receiver getting each spec event once with exactly its fields.
import { randomUUID } from 'node:crypto';
import { eventDataFields } from '#shared/events/event-members';
import { runOps } from '#bin/ops/cli';
import { lifecycleRepositories } from '#shared/composition/lifecycle';
import { dynamoPackageScheduleIndex } from '#shared/storage/package-schedule-index';
import { rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { sweepPackageSchedules } from '#shared/usecases/sweep-package-schedules';
import { ensureExternalUserId, findTraveler } from '#shared/usecases/travelers';
import { activatePackage } from '#shared/usecases/traveler-facts';
import { inDays, makeBookingRequest, makePackageSpecification, shortWindow } from '#test/support/factories';
import { signedClient, type SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { eventually, startReceiver, type Receiver } from '#test/support/webhook-receiver';

/** Expected `data` members per event name (usage events by their measure). */
const expectedFields = (event: string, data: Record<string, unknown>): readonly string[] => {
  if (event.startsWith('package.usage.'))
    return 'used_bytes' in data ? eventDataFields['package.usage.data'] : eventDataFields['package.usage.duration'];
  return eventDataFields[event as keyof typeof eventDataFields];
};

describe('Traveler lifecycle', () => {
  let service: TestService;
  let receiver: Receiver;
  let hooks = 0;

  beforeAll(async () => {
    // Both start at once; whichever started is stopped in afterAll even when the other failed to.
    const [started, listening] = await Promise.allSettled([startTestService({ SWEEP_INTERVAL_MS: '200' }), startReceiver()]);
    if (started.status === 'fulfilled') service = started.value;
    if (listening.status === 'fulfilled') receiver = listening.value;
    if (started.status === 'rejected') throw started.reason;
    if (listening.status === 'rejected') throw listening.reason;
  });
  afterAll(async () => {
    await receiver?.close();
    await service?.stop();
  });

  const admin = () => ({ ...service.runtime.admin, allowPrivateUrls: true });

  /** A partner whose signed webhook goes to its own receiver path; classic claims opted in. */
  const partnerWithWebhook = async () => {
    hooks += 1;
    const path = `/lifecycle/${hooks}`;
    const { partner, client } = await service.newPartner();
    await setWebhookSettings(partner.partner_id, { url: `${receiver.url}${path}`, events: { 'classic_package_queue.claimed': true } }, admin());
    const { signing_secret: secret } = await rotateWebhookSigningSecret(partner.partner_id, {}, admin());
    receiver.script(path, [{ status: 200 }], secret);
    return { partner, client, path };
  };

  /** Reporter credentials as operations staff issue them: `npm run ops -- reporter create <reporter>`. */
  const reporterClient = async (reporter: string): Promise<SignedClient> => {
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), defaultDataDir: service.dataDir };
    expect(await runOps(['reporter', 'create', reporter, '--json'], io)).toBe(0);
    const credentials = JSON.parse(out.join('\n'));
    expect(credentials).toMatchObject({ reporter, api_key: expect.stringMatching(/^rk_/) });
    return signedClient(service.url, credentials);
  };

  const book = async (client: SignedClient, specs: Record<string, unknown>[]) => {
    const response = await client.send('POST', '/bookings', { body: makeBookingRequest({ package_specifications: specs }) });
    expect(response.status).toBe(201);
    return response.body.data[0];
  };

  /** `offsetMs` gives concurrent identical calls distinct timestamps: a signature is single use. */
  const sandbox = (client: SignedClient, step: string, body: Record<string, unknown>, offsetMs = 0) =>
    client.send('POST', `/sandbox/${step}`, { body, sign: { timestamp: String(Date.now() + offsetMs) } });

  const ok = async (client: SignedClient, step: string, body: Record<string, unknown>) => {
    const response = await sandbox(client, step, body);
    expect({ step, status: response.status, body: response.body }).toMatchObject({ step, status: 200 });
    return response.body.data;
  };

  it('plays the journey: each spec event arrives once with exactly its fields, and replays change nothing', async () => {
    // Prepare
    const { client, path, partner } = await partnerWithWebhook();
    const booking = await book(client, [
      makePackageSpecification({ external_user_id: 'alice', size: '1GB' }),
      makePackageSpecification({ external_user_id: 'bob', esim_type: 'classic', destination: 'FRA', expires_at: inDays(20) }),
    ]);
    const alicePromo = booking.promo_codes[0];
    const bobQueue = booking.package_queues[1];

    // Act
    const redeemed = await ok(client, 'redeem-promo-code', { uuid: alicePromo.uuid });
    const instructions = await client.send('POST', '/native/instructions', {
      body: { external_user_id: 'alice', deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4.1', deviceType: 'phone' },
    });
    const installed = await ok(client, 'install-esim', { external_user_id: 'alice' });
    const activated = await ok(client, 'activate-package', { package_queue_uuid: booking.package_queues[0].uuid });
    await ok(client, 'report-usage', { package_id: activated.package_id, percent: 40 });
    const full = await ok(client, 'report-usage', { package_id: activated.package_id, percent: 100 });
    const topup = await ok(client, 'topup', { external_user_id: 'alice', amount: 499, currency: 'EUR', destination: 'FRA' });
    const claim = await ok(client, 'claim-classic', { external_user_id: 'bob', queue_id: bobQueue.uuid });

    // Assess: results
    expect(redeemed).toMatchObject({ redeemed_by: 'alice', iccid: installed.iccid });
    // The provider's own SM-DP+ address and matching id reach the instructions.
    const simulator = service.runtime.smdp ?? service.runtime.esimGo;
    const { activation } = instructions.body.data;
    expect(activation).toMatchObject({ smdp_address: simulator?.smdpAddress, code: `LPA:1$${simulator?.smdpAddress}$${activation.matching_id}` });
    // Over ES2+ the install arrives as the SM-DP+'s notifications (download, then installation); eSIM Go sends none.
    const notified = service.runtime.smdp?.notified.filter((n) => n.iccid === installed.iccid).map((n) => [n.notificationPointId, n.status]);
    expect(notified).toEqual(
      service.runtime.smdp && [
        [3, 'Executed-Success'],
        [4, 'Executed-Success'],
      ],
    );
    expect(activated.iccid).toBe(installed.iccid);
    expect(full).toMatchObject({ state: 'depleted', events: ['package.usage.50_percent', 'package.usage.80_percent', 'package.usage.100_percent'] });
    expect(topup.payment_id).toMatch(/^pay_/);
    expect(claim).toMatchObject({ is_top_up: false });
    expect(claim.iccid).not.toBe(installed.iccid);

    // Assess: replays change nothing
    expect((await sandbox(client, 'redeem-promo-code', { uuid: alicePromo.uuid })).body.error.code).toBe('promo_code_already_redeemed');
    expect((await sandbox(client, 'claim-classic', { external_user_id: 'bob', queue_id: bobQueue.uuid })).status).toBe(409);
    expect((await sandbox(client, 'install-esim', { external_user_id: 'alice' })).body.error.code).toBe('esim_already_installed');
    expect((await sandbox(client, 'activate-package', { package_id: activated.package_id })).status).toBe(409);
    expect((await sandbox(client, 'report-usage', { package_id: activated.package_id, percent: 100 })).body.data.events).toEqual([]);

    // Assess: webhooks
    const expected = [
      'promo_code.redeemed',
      'esim.installed',
      'package.activated',
      'package.usage.50_percent',
      'package.usage.80_percent',
      'package.usage.100_percent',
      'topup.completed',
      'classic_package_queue.claimed',
    ];
    const ids = await eventually(
      () => receiver.uniqueEventIds(path),
      (found) => found.length >= expected.length,
    );
    const deliveries = receiver.received(path).filter((d) => d.answered === 200);
    expect(deliveries.every((d) => d.signatureValid)).toBe(true);
    expect(deliveries.map((d) => d.body.event).sort()).toEqual([...expected].sort());
    expect(ids).toHaveLength(expected.length);
    for (const { body } of deliveries) {
      expect({ event: body.event, fields: Object.keys(body.data).sort() }).toEqual({
        event: body.event,
        fields: [...expectedFields(body.event, body.data)].sort(),
      });
    }
    const byName = Object.fromEntries(deliveries.map((d) => [d.body.event, d.body.data]));
    expect(byName['promo_code.redeemed']).toMatchObject({ promocode: alicePromo.code, booking_id: booking.id, redeemed_by: 'alice' });
    expect(byName['package.activated']).toMatchObject({
      external_user_id: 'alice',
      booking_id: booking.id,
      iccid: installed.iccid,
      package_id: activated.package_id,
      package_queue_uuid: booking.package_queues[0].uuid,
      promo_code_id: alicePromo.uuid,
      destination: 'FRA',
      size: '1GB',
    });
    expect(byName['package.usage.100_percent']).toMatchObject({
      used_bytes: 1024 ** 3,
      remaining_bytes: 0,
      usage_percent: 100,
      package_type: 'data-limited',
    });
    expect(byName['topup.completed']).toMatchObject({
      amount: 499,
      currency: 'EUR',
      payment_id: topup.payment_id,
      booking_id: booking.id,
      promo_code_id: alicePromo.uuid,
    });
    expect(byName['classic_package_queue.claimed']).toMatchObject({
      queue_id: bobQueue.uuid,
      booking_id: booking.id,
      esim_iccid: claim.iccid,
      partner_id: partner.partner_id,
      is_top_up: false,
    });
  });

  it('fires package.purchased for the first purchase per destination and topup.completed after', async () => {
    const { client, path } = await partnerWithWebhook();
    const webQueueUuid = randomUUID();

    const first = await ok(client, 'purchase', {
      external_user_id: 'carol',
      destination: 'ESP',
      amount: 1299,
      currency: 'eur',
      package_queue_uuid: webQueueUuid,
    });
    const second = await ok(client, 'purchase', { external_user_id: 'carol', destination: 'ESP', amount: 999, currency: 'EUR' });
    const invalid = await sandbox(client, 'purchase', { external_user_id: 'carol', destination: 'ESP', amount: 1, currency: 'XYZ' });

    expect([first.event, second.event]).toEqual(['package.purchased', 'topup.completed']);
    expect(second.iccid).toBe(first.iccid);
    expect(invalid.body.error.code).toBe('invalid_currency');
    const deliveries = await eventually(
      () => receiver.received(path),
      (found) => found.length >= 2,
    );
    const purchased = deliveries.find((d) => d.body.event === 'package.purchased')?.body.data;
    expect(Object.keys(purchased).sort()).toEqual([...eventDataFields['package.purchased']].sort());
    expect(purchased).toMatchObject({
      external_user_id: 'carol',
      booking_id: null,
      currency: 'EUR',
      amount: 1299,
      package_queue_uuid: webQueueUuid,
      promo_code_id: null,
    });
  });

  it('lets exactly one of two concurrent redemptions and claims win', async () => {
    const { client, path } = await partnerWithWebhook();
    const booking = await book(client, [
      makePackageSpecification({ external_user_id: 'dan' }),
      makePackageSpecification({ external_user_id: 'erin', esim_type: 'classic', destination: 'DEU' }),
    ]);

    const redemptions = await Promise.all([0, 1].map((i) => sandbox(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid }, i)));
    const claims = await Promise.all(
      [0, 1].map((i) => sandbox(client, 'claim-classic', { external_user_id: 'erin', queue_id: booking.package_queues[1].uuid }, i)),
    );

    expect(redemptions.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await eventually(
      () => receiver.uniqueEventIds(path),
      (found) => found.length >= 2,
    );
    expect(events.sort()).toEqual([
      `classic_package_queue.claimed:${booking.package_queues[1].uuid}`,
      `promo_code.redeemed:${booking.promo_codes[0].uuid}`,
    ]);
  });

  it('lets the travelers of one group booking redeem at the same moment, each once (decision F146)', async () => {
    // Prepare: one booking, eight travelers
    const { client } = await partnerWithWebhook();
    const travelers = Array.from({ length: 8 }, (_, i) => `group-${i}`);
    const booking = await book(
      client,
      travelers.map((traveler) => makePackageSpecification({ external_user_id: traveler })),
    );

    // Act
    const answers = await Promise.all(
      booking.package_queues.map((entry: { uuid: string; external_user_id: string }, i: number) =>
        client.send('POST', '/native/redeem-package', {
          body: { external_user_id: entry.external_user_id, package_queue_id: entry.uuid },
          sign: { timestamp: String(Date.now() + i) },
        }),
      ),
    );

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual(travelers.map(() => 200));
    const after = await client.send('GET', `/bookings/${booking.id}`);
    expect(after.body.data.package_queues.map((entry: { status: string }) => entry.status)).toEqual(travelers.map(() => 'redeemed'));
  });

  it('keeps other partners out and insists that identifiers agree', async () => {
    const { client } = await partnerWithWebhook();
    const { client: other } = await service.newPartner();
    const booking = await book(client, [
      makePackageSpecification({ external_user_id: 'fay' }),
      makePackageSpecification({ external_user_id: 'gus' }),
    ]);
    const fay = await ok(client, 'redeem-promo-code', { code: booking.promo_codes[0].code, promo_code_id: booking.promo_codes[0].uuid });
    await ok(client, 'redeem-promo-code', { uuid: booking.promo_codes[1].uuid });

    expect((await sandbox(other, 'install-esim', { iccid: fay.iccid })).status).toBe(404);
    expect((await sandbox(other, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid })).status).toBe(404);
    expect((await sandbox(client, 'install-esim', { external_user_id: 'gus', iccid: fay.iccid })).body.error.code).toBe('identifiers_disagree');
    expect(
      (await sandbox(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid, promo_code_id: booking.promo_codes[1].uuid })).status,
    ).toBe(400);
    // Unknown members are ignored, as on every partner body (decision F4).
    expect((await sandbox(client, 'install-esim', { external_user_id: 'fay', iccid: null, extra: 1 })).body.data).toMatchObject({ iccid: fay.iccid });
  });

  it('ingests reporters’ facts once, ignores older ones and refuses partner credentials', async () => {
    const { client, path } = await partnerWithWebhook();
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'hal' })]);
    const { iccid } = await ok(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid });
    const platform = await reporterClient('esim-platform');
    const network = await reporterClient('network');
    const fact = (type: string, eventId: string, occurredAt: string, extra: Record<string, unknown>) => ({
      body: { type, event_id: eventId, occurred_at: occurredAt, ...extra },
    });

    const installed = await platform.send('POST', '/ingest/facts', fact('esim.installed', 'ev-1', inDays(0), { iccid }));
    const duplicate = await platform.send('POST', '/ingest/facts', fact('esim.installed', 'ev-1', inDays(0), { iccid }));
    const older = await platform.send('POST', '/ingest/facts', fact('esim.removed', 'ev-2', inDays(-1), { iccid }));
    const notAllowed = await network.send('POST', '/ingest/facts', fact('esim.removed', 'ev-3', inDays(0), { iccid }));
    const asPartner = await client.send('POST', '/ingest/facts', fact('esim.removed', 'ev-4', inDays(0), { iccid }));
    const removed = await platform.send('POST', '/ingest/facts', fact('esim.removed', 'ev-5', inDays(0.002), { iccid }));

    expect(installed.body.data).toMatchObject({ duplicate: false, applied: true, events: ['esim.installed'] });
    expect(duplicate.body.data).toMatchObject({ duplicate: true, applied: false });
    expect(older.body.data).toMatchObject({ duplicate: false, applied: false, events: [] });
    expect(notAllowed.status).toBe(403);
    expect(asPartner.status).toBe(401);
    expect(removed.body.data).toMatchObject({ applied: true, events: ['esim.removed'] });
    const ids = await eventually(
      () => receiver.uniqueEventIds(path),
      (found) => found.length >= 3,
    );
    expect(ids.filter((id) => id.startsWith('esim.')).sort()).toEqual([`esim.installed:${iccid}:1`, `esim.removed:${iccid}:1`]);
  });

  it('lists, sets the destination of and claims classic grants through the native endpoints; expired grants stay unclaimed', async () => {
    const { client } = await partnerWithWebhook();
    const window = shortWindow();
    const booking = await book(client, [
      makePackageSpecification({ external_user_id: 'ivy', esim_type: 'classic', destination: undefined, size: '2GB' }),
      makePackageSpecification({ external_user_id: 'ivy', esim_type: 'classic', destination: 'ITA', expires_at: window.expiresAt }),
      makePackageSpecification({ external_user_id: 'ivy', esim_type: 'classic', destination: 'ITA' }),
    ]);
    const [open, expired, third] = booking.package_queues.map((q: { uuid: string }) => q.uuid);
    await window.closed();

    const listed = await client.send('GET', '/native/classic-package-queues?external_user_id=ivy');
    const noDestination = await client.send('POST', `/native/classic-package-queues/${open}/claim`, { body: { external_user_id: 'ivy' } });
    const set = await client.send('PUT', `/native/classic-package-queues/${open}/destination`, {
      body: { external_user_id: 'ivy', destination: 'ITA' },
    });
    const first = await client.send('POST', `/native/classic-package-queues/${open}/claim`, { body: { external_user_id: 'ivy' } });
    const second = await client.send('POST', `/native/classic-package-queues/${third}/claim`, { body: { external_user_id: 'ivy' } });
    const late = await client.send('POST', `/native/classic-package-queues/${expired}/claim`, { body: { external_user_id: 'ivy' } });
    const stranger = await client.send('POST', `/native/classic-package-queues/${third}/claim`, { body: { external_user_id: 'someone' } });

    expect(listed.body.data.map((q: { status: string }) => q.status)).toEqual(['pending', 'expired', 'pending']);
    expect(noDestination.body.error.code).toBe('destination_required');
    expect(set.body.data).toMatchObject({ queue_id: open, destination: 'ITA' });
    expect(first.body.data.is_top_up).toBe(false);
    expect(second.body.data).toMatchObject({ is_top_up: true, iccid: first.body.data.iccid });
    expect(late.body.error.code).toBe('package_queue_expired');
    expect(stranger.status).toBe(404);
  });

  it('shows the dashboard and redeems a package queue entry once, for its own traveler only', async () => {
    const { client } = await partnerWithWebhook();
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'kim', size: '3GB' })]);
    const queueId = booking.package_queues[0].uuid;

    const before = await client.send('GET', '/native/user-dashboard?external_user_id=kim');
    const stranger = await client.send('POST', '/native/redeem-package', { body: { external_user_id: 'lee', package_queue_id: queueId } });
    const redeemed = await client.send('POST', '/native/redeem-package', { body: { external_user_id: 'kim', package_queue_id: queueId } });
    const twice = await client.send('POST', '/native/redeem-package', { body: { external_user_id: 'kim', package_queue_id: queueId } });
    const after = await client.send('GET', '/native/user-dashboard?external_user_id=kim');
    const unknown = await client.send('GET', '/native/user-dashboard?external_user_id=nobody');

    expect(Object.keys(before.body.data).sort()).toEqual(['current_esim', 'current_esim_packages', 'package_queues', 'partner', 'user']);
    expect(before.body.data).toMatchObject({ current_esim: null, package_queues: [{ id: queueId, status: 'pending', size: '3GB' }] });
    expect(stranger.status).toBe(404);
    expect(Object.keys(redeemed.body.data).sort()).toEqual(['current_esim', 'current_esim_packages', 'packageQueue']);
    expect(redeemed.body.data.current_esim_packages).toEqual([
      expect.objectContaining({ status: 'queued', size: '3GB', used_bytes: 0, remaining_bytes: 3 * 1024 ** 3, package_queue_uuid: queueId }),
    ]);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('package_queue_not_pending');
    expect(after.body.data).toMatchObject({
      package_queues: [],
      current_esim: { iccid: redeemed.body.data.current_esim.iccid, status: 'provisioned' },
    });
    // A traveler with nothing yet: an empty dashboard, not an error (issue 7, decision 28)
    expect([unknown.status, unknown.body.data.package_queues, unknown.body.data.current_esim]).toEqual([200, [], null]);
  });

  it('assigns an external_user_id to a traveler known only by email, once, and finds it by either', async () => {
    const { client, partner } = await partnerWithWebhook();
    const booking = await book(client, [makePackageSpecification({ email: 'Zoe@Example.com' })]);
    const deps = lifecycleRepositories(
      service.runtime.admin.documentClient,
      service.runtime.tableName,
      { now: () => new Date() },
      'local',
      'simulated',
    );

    const redeemed = await ok(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid });
    const assigned = await ensureExternalUserId(partner.partner_id, { email: 'zoe@example.com' }, deps);
    const byEmail = await findTraveler(deps, partner.partner_id, { email: 'ZOE@example.com' });
    const byId = await findTraveler(deps, partner.partner_id, { externalUserId: assigned });

    expect(redeemed.redeemed_by).toMatch(/^ext_[0-9a-f]{24}$/);
    expect(assigned).toBe(redeemed.redeemed_by);
    expect(byEmail?.user_id).toMatch(/^usr_[0-9a-f]{24}$/);
    expect(byId?.user_id).toBe(byEmail?.user_id);
    await expect(ensureExternalUserId(partner.partner_id, { email: 'nobody@example.com' }, deps)).rejects.toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
  });

  it('applies usage facts in occurrence order: an older report changes nothing', async () => {
    const { client, path } = await partnerWithWebhook();
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'max', size: '100MB' })]);
    const { package_id: packageId } = await ok(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid });
    const network = await reporterClient('network');
    const report = (eventId: string, occurredAt: string, extra: Record<string, unknown>, type = 'package.usage') =>
      network.send('POST', '/ingest/facts', { body: { type, event_id: eventId, occurred_at: occurredAt, package_id: packageId, ...extra } });

    // Facts of the last minutes (the package was created just now; a reporter's clock may run 5 minutes behind).
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const [activatedAt, halfAt] = [minutesAgo(4), minutesAgo(2)];
    const activated = await report('n-1', activatedAt, {}, 'package.activated');
    const half = await report('n-2', halfAt, { used_bytes: 50 * 1024 ** 2 });
    const olderButMore = await report('n-3', minutesAgo(3), { used_bytes: 90 * 1024 ** 2 });
    const negative = await report('n-4', minutesAgo(1), { used_bytes: -1 });

    expect(activated.body.data.events).toEqual(['package.activated']);
    expect(half.body.data.events).toEqual(['package.usage.50_percent']);
    expect(olderButMore.body.data).toMatchObject({ applied: false, events: [] });
    expect(negative.status).toBe(400);
    const deliveries = await eventually(
      () => receiver.received(path),
      (found) => found.length >= 3,
    );
    const usage = deliveries.find((d) => d.body.event === 'package.usage.50_percent')?.body;
    expect(usage).toMatchObject({ timestamp: halfAt, data: { used_bytes: 50 * 1024 ** 2, usage_percent: 50 } });
    const expiresAt = new Date(activatedAt);
    expiresAt.setUTCDate(expiresAt.getUTCDate() + 365);
    expect(deliveries.find((d) => d.body.event === 'package.activated')?.body.data).toMatchObject({
      activated_at: activatedAt,
      expires_at: expiresAt.toISOString(),
    });
  });

  it('plays the steps with npm run ops -- simulate, whose flags are the sandbox bodies', async () => {
    const { client, partner } = await partnerWithWebhook();
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'nia', size: '1GB' })]);
    const simulate = async (...argv: string[]) => {
      const out: string[] = [];
      const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), defaultDataDir: service.dataDir };
      const code = await runOps(['simulate', ...argv, '--partner', partner.partner_id, '--json'], io);
      return { code, json: () => JSON.parse(out.join('\n')), text: out.join('\n') };
    };

    const redeemed = (await simulate('redeem-promo-code', '--code', booking.promo_codes[0].code)).json();
    const installed = (await simulate('install-esim', '--external-user-id', 'nia')).json();
    const activated = (await simulate('activate-package', '--package-queue-uuid', booking.package_queues[0].uuid)).json();
    const used = (await simulate('report-usage', '--package-id', activated.package_id, '--percent', '80')).json();
    const purchase = (
      await simulate('purchase', '--external-user-id', 'nia', '--destination', 'FRA', '--amount', '1500', '--currency', 'EUR')
    ).json();
    const again = await simulate('install-esim', '--iccid', installed.iccid);

    expect(redeemed.redeemed_by).toBe('nia');
    expect(activated).toMatchObject({ iccid: installed.iccid, package_id: redeemed.package_id });
    expect(used.events).toEqual(['package.usage.50_percent', 'package.usage.80_percent']);
    expect(purchase).toMatchObject({ iccid: installed.iccid, payment_id: expect.stringMatching(/^pay_/) });
    expect(again.code).toBe(1);
  });

  it('sandbox report-usage on an unlimited package: that share of its duration elapses, with the duration-based events', async () => {
    // Prepare: an unlimited 10-day package, activated now
    const { client, path } = await partnerWithWebhook();
    await service.runtime.admin.catalog.putPackage({
      id: 'pkg-unl-10d-sandbox',
      package_type: 'unlimited',
      size: null,
      package_duration: 10,
      destination: 'USA',
      traffic_policy: 'fair',
    });
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'uma', package_id: 'pkg-unl-10d-sandbox' })]);
    await ok(client, 'redeem-promo-code', { uuid: booking.promo_codes[0].uuid });
    await ok(client, 'install-esim', { external_user_id: 'uma' });
    const activated = await ok(client, 'activate-package', { external_user_id: 'uma' });

    // Act
    const eighty = await ok(client, 'report-usage', { package_id: activated.package_id, percent: 80 });
    const backwards = await ok(client, 'report-usage', { package_id: activated.package_id, percent: 40 });
    const full = await ok(client, 'report-usage', { package_id: activated.package_id, percent: 100 });

    // Assess
    expect(eighty).toMatchObject({ state: 'active', events: ['package.usage.50_percent', 'package.usage.80_percent'] });
    expect(backwards.events).toEqual([]);
    expect(full).toMatchObject({ state: 'expired', events: ['package.usage.100_percent'] });
    await eventually(
      () => receiver.uniqueEventIds(path),
      (found) => found.length >= 6,
    );
    const usage = receiver
      .received(path)
      .map((delivery) => delivery.body as { event: string; data: Record<string, unknown> })
      .filter((body) => body.event.startsWith('package.usage.'));
    expect(usage.find((body) => body.event === 'package.usage.80_percent')?.data).toMatchObject({
      package_type: 'unlimited',
      usage_percent: 80,
      duration_days: 10,
      elapsed_days: 8,
      remaining_days: 2,
    });
    expect(usage.find((body) => body.event === 'package.usage.100_percent')?.data).toMatchObject({ elapsed_days: 10, remaining_days: 0 });
  });

  it('fires duration thresholds and expiry from the due index as time passes', async () => {
    // Prepare: an unlimited package activated at a fixed time
    const { client, partner } = await partnerWithWebhook();
    await service.runtime.admin.catalog.putPackage({
      id: 'pkg-unl-10d',
      package_type: 'unlimited',
      size: null,
      package_duration: 10,
      destination: 'USA',
      traffic_policy: 'fair',
    });
    const booking = await book(client, [makePackageSpecification({ external_user_id: 'jo', package_id: 'pkg-unl-10d' })]);
    let now = new Date('2030-01-01T00:00:00.000Z');
    const deps = lifecycleRepositories(service.runtime.admin.documentClient, service.runtime.tableName, { now: () => now }, 'local', 'simulated');
    const sweepDeps = { ...deps, packageSchedules: dynamoPackageScheduleIndex(service.runtime.admin.documentClient, service.runtime.tableName) };
    const redemption = await redeemPromoCode({ partnerId: partner.partner_id, uuid: booking.promo_codes[0].uuid }, deps);
    await activatePackage({ partnerId: partner.partner_id, packageId: redemption.pkg.package_id }, deps);

    // Act
    now = new Date('2030-01-06T00:00:00.000Z');
    await sweepPackageSchedules(sweepDeps);
    const half = await deps.travelers.get(partner.partner_id, redemption.traveler.user_id);
    now = new Date('2030-01-11T00:00:00.000Z');
    await sweepPackageSchedules(sweepDeps);
    await sweepPackageSchedules(sweepDeps);
    const end = await deps.travelers.get(partner.partner_id, redemption.traveler.user_id);

    // Assess
    expect(half?.packages[0]?.thresholds_fired).toEqual([50]);
    expect(end?.packages[0]).toMatchObject({ state: 'expired', thresholds_fired: [50, 80, 100] });
  });
});
