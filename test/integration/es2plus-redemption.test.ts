// Redemption through the local runtime provisioning over ES2+ (PROVIDER=es2plus): the SM-DP+ simulator's address and
// MatchingID reach the traveler's instructions; a provider failure leaves the promo code unredeemed with a 503 and
// Retry-After, and the retry finishes the same order (one profile at the SM-DP+).
import { request as httpsRequest } from 'node:https';
import { runOps } from '#bin/ops/cli';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Redemption over ES2+ through the local runtime', () => {
  let service: TestService;
  let client: SignedClient;
  let travelers = 0;
  beforeAll(async () => {
    service = await startTestService({}, { provider: 'es2plus' });
    ({ client } = await service.newPartner());
  });
  afterAll(() => service.stop());
  const smdp = () => service.runtime.smdp!;
  beforeEach(() => smdp().reset());

  const grant = async () => {
    travelers += 1;
    const externalUserId = `es2-${travelers}-${Date.now()}`;
    const body = makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: externalUserId })] });
    const booking = await client.send('POST', '/bookings', { body });
    expect(booking.status).toBe(201);
    return { externalUserId, promo: booking.body.data[0].promo_codes[0] };
  };
  const esimStatus = async (externalUserId: string) =>
    (await client.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}`)).body.data.current_esim?.status;
  const redeem = (uuid: string, offsetMs = 0) =>
    client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid }, sign: { timestamp: String(Date.now() + offsetMs) } });

  it('provisions through downloadOrder and confirmOrder; the instructions carry the SM-DP+ address and MatchingID', async () => {
    const { externalUserId, promo } = await grant();

    const redeemed = await redeem(promo.uuid);

    expect(redeemed.status).toBe(200);
    expect(smdp().calls.map((c) => c.path)).toEqual(['/gsma/rsp2/es2plus/downloadOrder', '/gsma/rsp2/es2plus/confirmOrder']);
    const iccid = redeemed.body.data.iccid;
    const matchingId = smdp().profiles.get(iccid)?.matchingId;
    const instructions = await client.send('POST', '/native/instructions', {
      body: { external_user_id: externalUserId, deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4.1', deviceType: 'phone' },
    });
    expect(instructions.status).toBe(200);
    expect(instructions.body.data.activation).toMatchObject({
      code: `LPA:1$smdp.simulator.esim.example$${matchingId}`,
      smdp_address: 'smdp.simulator.esim.example',
      matching_id: matchingId,
    });
    expect(await esimStatus(externalUserId)).toBe('provisioned');

    // The SM-DP+ reports the download (point 3), then the installation (point 4) twice, then an older one.
    const at = new Date().toISOString();
    expect((await smdp().notify({ iccid, notificationPointId: 3, status: 'Executed-Success' })).status).toBe(204);
    expect(await esimStatus(externalUserId)).toBe('provisioned');
    const installed = await smdp().notify({
      iccid,
      notificationPointId: 4,
      status: 'Executed-Success',
      timestamp: at,
      functionCallIdentifier: 'n-1',
    });
    expect(installed).toEqual({ status: 204, body: '' });
    expect(await esimStatus(externalUserId)).toBe('installed');
    expect(
      (await smdp().notify({ iccid, notificationPointId: 4, status: 'Executed-Success', timestamp: at, functionCallIdentifier: 'n-1' })).status,
    ).toBe(204);
    const older = new Date(Date.parse(at) - 60_000).toISOString();
    expect((await smdp().notify({ iccid, notificationPointId: 4, status: 'Executed-Success', timestamp: older })).status).toBe(204);
    expect(await esimStatus(externalUserId)).toBe('installed');
  });

  it('answers a notification about an unknown ICCID, or from a certificate off the allow-list, with an ES2+ Failed header', async () => {
    const unknown = await smdp().notify({ iccid: '8988200000000000000', notificationPointId: 4, status: 'Executed-Success' });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body)).toMatchObject({
      header: { functionExecutionStatus: { status: 'Failed', statusCodeData: { subjectCode: '8.2.1', reasonCode: '3.9' } } },
    });

    // The operator's own certificate chains to the same CA (TLS accepts it) but is not the SM-DP+'s.
    const credentials = smdp().clientCredentials;
    const stranger = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = httpsRequest(
        String(smdp().notificationUrl),
        {
          method: 'POST',
          cert: credentials.certificate,
          key: credentials.privateKey,
          ca: credentials.caBundle,
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      call.on('error', reject);
      call.end('{}');
    });
    expect(stranger.status).toBe(200);
    expect(JSON.parse(stranger.body)).toMatchObject({
      header: { functionExecutionStatus: { status: 'Failed', statusCodeData: { subjectCode: '1.1', reasonCode: '1.2' } } },
    });
  });

  it("plays the sandbox's install as the device: the SM-DP+ notifies the download and the installation, and the eSIM is installed", async () => {
    const { externalUserId, promo } = await grant();
    const { iccid } = (await redeem(promo.uuid)).body.data;

    const installed = await client.send('POST', '/sandbox/install-esim', { body: { external_user_id: externalUserId } });
    const again = await client.send('POST', '/sandbox/install-esim', { body: { iccid } });

    expect(installed.body.data).toEqual({ iccid, state: 'installed' });
    expect(smdp().notified.map((n) => [n.iccid, n.notificationPointId, n.status])).toEqual([
      [iccid, 3, 'Executed-Success'],
      [iccid, 4, 'Executed-Success'],
    ]);
    expect(smdp().profiles.get(iccid)?.state).toBe('installed');
    // Refused before the device is asked: nothing more is notified.
    expect(again.body.error.code).toBe('esim_already_installed');
    expect(smdp().notified).toHaveLength(2);
  });

  it("plays the sandbox's removal as the device deleting the profile (point 5), kept for support; the eSIM installs again", async () => {
    const { externalUserId, promo } = await grant();
    const { iccid } = (await redeem(promo.uuid)).body.data;
    await client.send('POST', '/sandbox/install-esim', { body: { iccid } });

    const removed = await client.send('POST', '/sandbox/remove-esim', { body: { external_user_id: externalUserId } });
    const again = await client.send('POST', '/sandbox/remove-esim', { body: { iccid } });
    const reinstalled = await client.send('POST', '/sandbox/install-esim', { body: { iccid } });

    expect(removed.body.data).toEqual({ iccid, state: 'removed' });
    expect(again.body.error.code).toBe('esim_not_installed');
    expect(reinstalled.body.data).toEqual({ iccid, state: 'installed' });
    expect(smdp().notified.map((n) => n.notificationPointId)).toEqual([3, 4, 5, 3, 4]);
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), defaultDataDir: service.dataDir };
    expect(await runOps(['esim', 'notices', iccid, '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).notices).toEqual([expect.objectContaining({ point_name: 'deletion', outcome: 'removed' })]);
  });

  it('answers two installs of one eSIM at the same moment as the direct install does: one installed, one 409', async () => {
    const { externalUserId, promo } = await grant();
    await redeem(promo.uuid);
    const install = (offsetMs: number) =>
      client.send('POST', '/sandbox/install-esim', {
        body: { external_user_id: externalUserId },
        sign: { timestamp: String(Date.now() + offsetMs) },
      });

    const answers = await Promise.all([install(0), install(1)]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.code).toBe('esim_already_installed');
  });

  it('answers two removals at the same moment with one removed through the SM-DP+ (its notice says so) and one 409', async () => {
    const { externalUserId, promo } = await grant();
    const { iccid } = (await redeem(promo.uuid)).body.data;
    await client.send('POST', '/sandbox/install-esim', { body: { iccid } });
    const remove = (offsetMs: number) =>
      client.send('POST', '/sandbox/remove-esim', { body: { external_user_id: externalUserId }, sign: { timestamp: String(Date.now() + offsetMs) } });

    const answers = await Promise.all([remove(0), remove(1)]);
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), defaultDataDir: service.dataDir };
    await runOps(['esim', 'notices', iccid, '--json'], io);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.code).toBe('esim_not_installed');
    expect(JSON.parse(out.join('\n')).notices).toEqual([expect.objectContaining({ point_name: 'deletion', outcome: 'removed' })]);
  });

  it('installs directly a profile the SM-DP+ simulator did not issue (one from before its start)', async () => {
    const { externalUserId, promo } = await grant();
    const { iccid } = (await redeem(promo.uuid)).body.data;
    smdp().reset();

    const installed = await client.send('POST', '/sandbox/install-esim', { body: { external_user_id: externalUserId } });

    expect(installed.body.data).toEqual({ iccid, state: 'installed' });
    expect(smdp().notified).toEqual([]);
  });

  it('keeps a failed installation for support and removes the eSIM on its deletion (point 5); `ops esim notices` lists both', async () => {
    const { externalUserId, promo } = await grant();
    const { iccid } = (await redeem(promo.uuid)).body.data;
    const failure = { subjectCode: '8.1', reasonCode: '4.2', message: 'Installation on the eUICC failed' };
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

    await smdp().notify({ iccid, notificationPointId: 4, status: 'Failed', statusCodeData: failure, timestamp: at(-2_000) });
    const failedStatus = await esimStatus(externalUserId);
    await smdp().notify({ iccid, notificationPointId: 4, status: 'Executed-Success', timestamp: at(-1_000) });
    const deleted = await smdp().notify({ iccid, notificationPointId: 5, status: 'Executed-Success', timestamp: at(0) });
    // A failure dated ahead of the service's clock, sent twice: kept once, by the provider's own time.
    const ahead = { iccid, notificationPointId: 2, status: 'Failed', statusCodeData: failure, timestamp: at(3_600_000) } as const;
    await smdp().notify(ahead);
    await smdp().notify(ahead);
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text), defaultDataDir: service.dataDir };
    const listed = await runOps(['esim', 'notices', iccid, '--json'], io);

    expect(failedStatus).toBe('provisioned');
    expect(deleted.status).toBe(204);
    expect(await esimStatus(externalUserId)).toBe('removed');
    expect(listed).toBe(0);
    const report = JSON.parse(out.join('\n'));
    expect(report).toMatchObject({ iccid, external_user_id: externalUserId });
    expect(report.notices.map((n: Record<string, unknown>) => [n.point_name, n.status, n.subject_code, n.reason_code, n.outcome])).toEqual([
      ['confirmation', 'Failed', '8.1', '4.2', 'recorded'],
      ['deletion', 'Executed-Success', null, null, 'removed'],
      ['installation', 'Failed', '8.1', '4.2', 'recorded'],
    ]);
  });

  it('answers 503 provider_unavailable with Retry-After when confirmOrder fails (5xx), leaves the code unredeemed, and the retry confirms the same profile', async () => {
    const { promo } = await grant();
    smdp().faults.serverErrors.push('confirmOrder');

    const refused = await redeem(promo.uuid);

    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body.error.code).toBe('provider_unavailable');

    // A redeemed code would answer 409 promo_code_already_redeemed here.
    const retried = await redeem(promo.uuid, 1);

    expect(retried.status).toBe(200);
    expect(smdp().profiles.size).toBe(1);
    expect(smdp().calls.filter((c) => c.path.endsWith('/downloadOrder'))).toHaveLength(1);
  });

  it('answers 503 when downloadOrder outlasts the 5 s time-out, and the retry repeats the same call: one profile at the SM-DP+', async () => {
    const { promo } = await grant();
    smdp().faults.latencyMs = 5_500;

    const timedOut = await redeem(promo.uuid);
    smdp().faults.latencyMs = 0;
    const retried = await redeem(promo.uuid, 1);

    expect(timedOut.status).toBe(503);
    expect(timedOut.headers.get('retry-after')).toBe('30');
    expect(timedOut.body.error.code).toBe('provider_unavailable');
    expect(retried.status).toBe(200);
    expect(smdp().profiles.size).toBe(1);
    const downloads = smdp().calls.filter((c) => c.path.endsWith('/downloadOrder'));
    expect(downloads).toHaveLength(2);
    expect(new Set(downloads.map((c) => (c.body.header as { functionCallIdentifier: string }).functionCallIdentifier)).size).toBe(1);
  }, 20_000);

  it('cancels the reserved profile when confirmOrder is refused (Failed, HTTP 200) and redeems nothing', async () => {
    const { promo } = await grant();
    smdp().faults.refusals.push({ operation: 'confirmOrder', status: 'Failed', subjectCode: '8.2.1', reasonCode: '3.9' });

    const refused = await redeem(promo.uuid);

    expect(refused.status).toBe(503);
    expect(smdp().calls.map((c) => c.path.split('/').at(-1))).toEqual(['downloadOrder', 'confirmOrder', 'cancelOrder']);
    expect([...smdp().profiles.values()].map((p) => p.state)).toEqual(['available']);
    expect((await redeem(promo.uuid, 1)).status).toBe(200);
  });

  it('reconciles an order a redemption left mid-way: after 15 minutes the sweep cancels the reserved profile', async () => {
    const { promo } = await grant();
    smdp().faults.lostAnswers.push('confirmOrder');
    expect((await redeem(promo.uuid)).status).toBe(503);
    const iccid = String(smdp().calls.find((c) => c.path.endsWith('/confirmOrder'))?.body.iccid);

    const moveClock = (ms: number) =>
      fetch(new URL('/__local/clock', service.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
    expect((await moveClock(16 * 60_000)).status).toBe(200);
    try {
      const cancel = smdp().calls.find((c) => c.path.endsWith('/cancelOrder'));
      expect(cancel?.body).toMatchObject({ iccid, finalProfileStatusIndicator: 'Available' });
      expect(smdp().profiles.get(iccid)?.state).toBe('available');
    } finally {
      await moveClock(-16 * 60_000);
    }
  });
});
