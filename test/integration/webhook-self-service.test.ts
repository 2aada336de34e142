// Webhook self-service driven only through the partner API on the local runtime (no ops CLI): set the endpoint,
// test delivery, a booking event, secret rotation with overlap, a dead-lettered event in the log with its attempts,
// recovery with a new delivery id, holding deliveries while disabled, paging, and nothing of it visible to another partner.
import { randomBytes } from 'node:crypto';
import { dynamoEndpointHealthStore } from '#shared/storage/endpoint-health-store';
import { rotatePartnerSecret } from '#shared/usecases/manage-partners';
import { verifyWebhookSignature } from '#shared/webhooks/signing';
import { MAX_ATTEMPTS } from '#shared/webhooks/retry-policy';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { type ApiResponse, type SignedClient, sendTogether } from '#test/support/signed-client';
import { eventually, startReceiver, type Receiver } from '#test/support/webhook-receiver';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Webhook self-service through the partner API', () => {
  let service: TestService;
  let receiver: Receiver;
  let hookCount = 0;

  beforeAll(async () => {
    // The default time-out (10 s): the receiver answers in this process, and on a loaded machine an answer read after a
    // short time-out is a second attempt, a second arrival and a test delivery reported as failed.
    service = await startTestService({ WEBHOOK_BACKOFF_SCALE: '0.00001' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.stop();
  });

  /** A fresh partner whose endpoint points at its own receiver path, set and signed through the API. */
  const partnerWithEndpoint = async () => {
    hookCount += 1;
    const path = `/self-service/${hookCount}`;
    const { partner, client } = await service.newPartner();
    const put = await client.send('PUT', '/webhooks/endpoint', { body: { url: `${receiver.url}${path}` } });
    expect(put.status).toBe(200);
    const rotated = await client.send('POST', '/webhooks/endpoint/signing-secret', { body: {} });
    expect(rotated.status).toBe(201);
    const secret: string = rotated.body.data.signing_secret;
    receiver.script(path, [{ status: 200 }], secret);
    return { partner, client, path, secret };
  };

  const book = async (client: SignedClient) => {
    const response = await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        departure_date: inDays(3),
        return_date: inDays(10),
        package_specifications: [makePackageSpecification({ external_user_id: 'traveler-1' })],
      }),
    });
    expect(response.status).toBe(201);
    return `booking.within_cutoff:${response.body.data[0].id}`;
  };

  it("takes the spec's setting spelling of an event, refuses an empty URL, and names an unknown member", async () => {
    const { client } = await service.newPartner();

    const optIn = await client.send('PUT', '/webhooks/endpoint', { body: { events: { classic_package_queue_claimed: true } } });
    const empty = await client.send('PUT', '/webhooks/endpoint', { body: { url: '' } });
    const unknown = await client.send('PUT', '/webhooks/endpoint', { body: { evnts: {} } });

    expect(optIn.status).toBe(200);
    expect(optIn.body.data.events['classic_package_queue.claimed']).toBe(true);
    expect([empty.status, empty.body.error.code]).toEqual([400, 'unsafe_webhook_url']);
    expect(unknown.body.error.details).toEqual([{ path: 'evnts', message: 'evnts is not a known member.' }]);
  });

  const deliveriesOf = async (client: SignedClient, query = '') => (await client.send('GET', `/webhooks/deliveries${query}`)).body.data as any[];

  const verifies = (delivery: { rawBody: string; headers: Record<string, unknown> }, secret: string) => {
    try {
      verifyWebhookSignature({
        body: delivery.rawBody,
        signatureHeader: delivery.headers['x-service-signature'] as string,
        timestampHeader: delivery.headers['x-service-timestamp'] as string,
        secret,
      });
      return true;
    } catch {
      return false;
    }
  };

  it('shows a fresh partner its empty endpoint, and sets the URL, auth header and an opt-in', async () => {
    const { client } = await service.newPartner();

    const before = await client.send('GET', '/webhooks/endpoint');
    const after = await client.send('PUT', '/webhooks/endpoint', {
      body: {
        url: `${receiver.url}/settings`,
        auth_header_name: 'Authorization',
        auth_header_prefix: 'Bearer ',
        events: { 'classic_package_queue.claimed': true, 'esim.removed': false },
      },
    });

    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      url: null,
      enabled: true,
      signing_secret: { configured: false, previous_secret_valid_until: null },
      health: { last_delivered_at: null, failing_since: null, recent_deliveries: 0 },
    });
    expect(before.body.data.events['classic_package_queue.claimed']).toBe(false);
    expect(before.body.data.events['esim.installed']).toBe(true);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ url: `${receiver.url}/settings`, auth_header_name: 'authorization', auth_header_prefix: 'Bearer ' });
    expect(after.body.data.events).toMatchObject({ 'classic_package_queue.claimed': true, 'esim.removed': false, 'esim.installed': true });
  });

  it.each([['Host'], ['content-length'], ['Transfer-Encoding'], ['x-service-signature'], ['bad header']])(
    'refuses %s as the auth header name with 400 invalid_header_name',
    async (name) => {
      const { client } = await service.newPartner();

      const response = await client.send('PUT', '/webhooks/endpoint', { body: { auth_header_name: name } });

      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_header_name');
    },
  );

  it('reads null on the auth header as its default and on the other optional members as absent, and refuses one event named twice', async () => {
    const { client } = await partnerWithEndpoint();
    await client.send('PUT', '/webhooks/endpoint', { body: { auth_header_name: 'Authorization', auth_header_prefix: 'Bearer ', enabled: false } });

    const updated = await client.send('PUT', '/webhooks/endpoint', {
      body: { auth_header_name: null, auth_header_prefix: null, enabled: null, events: null, end_secret_overlap: null },
    });
    const rotated = await client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: null } });
    const withoutBody = await client.send('POST', '/webhooks/endpoint/signing-secret');
    await client.send('PUT', '/webhooks/endpoint', { body: { enabled: true } }); // a recovery needs an enabled endpoint
    const recovered = await client.send('POST', '/webhooks/deliveries/recover', {
      body: { since: '2026-01-01T00:00:00Z', until: null, limit: null, event_id: null },
    });

    const twice = await client.send('PUT', '/webhooks/endpoint', {
      body: { events: { 'classic_package_queue.claimed': true, classic_package_queue_claimed: false } },
    });

    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ auth_header_name: 'x-api-key', auth_header_prefix: '', enabled: false });
    expect(twice.status).toBe(400);
    expect(rotated.status).toBe(201);
    expect(withoutBody.status).toBe(201);
    expect(withoutBody.body.data.previous_secret_valid_until).toEqual(expect.any(String));
    expect(recovered.status).toBe(202);
  });

  it('answers a window that ends before it starts with 400, and an empty window with nothing to do', async () => {
    const { client } = await partnerWithEndpoint();

    const listed = await client.send('GET', '/webhooks/deliveries?since=2026-11-28T00%3A00%3A00Z&until=2026-11-27T00%3A00%3A00Z');
    const recovered = await client.send('POST', '/webhooks/deliveries/recover', {
      body: { since: '2026-11-28T00:00:00Z', until: '2026-11-27T00:00:00Z' },
    });
    const future = await client.send('POST', '/webhooks/deliveries/recover', { body: { since: '2099-01-01T00:00:00Z' } });

    expect([listed.status, recovered.status]).toEqual([400, 400]);
    expect(listed.body.error.details).toEqual([{ path: 'until', message: 'until must not be before since.' }]);
    expect(future.status).toBe(202);
    expect(future.body.data).toMatchObject({ queued: 0, more: false });
  });

  it('refuses unknown fields, unknown events and a non-http URL with clear 400s', async () => {
    const { client } = await service.newPartner();

    const unknownField = await client.send('PUT', '/webhooks/endpoint', { body: { secret: 'x' } });
    const unknownEvent = await client.send('PUT', '/webhooks/endpoint', { body: { events: { 'booking.created': true } } });
    const ftp = await client.send('PUT', '/webhooks/endpoint', { body: { url: 'ftp://hooks.partner.example/' } });
    const both = await client.send('POST', '/webhooks/deliveries/recover', { body: { event_id: 'a', since: '2026-11-25T00:00:00Z' } });
    const overlap = await client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 100_000 } });

    expect([unknownField.status, unknownEvent.status, ftp.status, both.status, overlap.status]).toEqual([400, 400, 400, 400, 400]);
    expect(ftp.body.error.code).toBe('unsafe_webhook_url');
    expect(both.body.message).toContain('either event_id');
  });

  it.each([
    ['the instance metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private network', 'http://10.0.0.8:8443/hooks'],
    ['carrier-grade NAT', 'https://100.64.0.1/hooks'],
    ['IPv6 link-local', 'http://[fe80::1]:4000/hooks'],
    ['the metadata address IPv4-mapped', 'http://[::ffff:169.254.169.254]/'],
    ['the unspecified address', 'http://0.0.0.0:4000/hooks'],
  ])('refuses %s even on the local runtime, which takes receivers on this machine only', async (_, url) => {
    // Prepare
    const { client } = await service.newPartner();

    // Act
    const refused = await client.send('PUT', '/webhooks/endpoint', { body: { url } });
    const endpoint = await client.send('GET', '/webhooks/endpoint');

    // Assess
    expect([refused.status, refused.body.error.code]).toEqual([400, 'unsafe_webhook_url']);
    expect(refused.body.message).toContain('private or reserved');
    expect(endpoint.body.data.url).toBeNull();
  });

  it('sends a signed webhook.test delivery and answers how the endpoint answered', async () => {
    const { client, path } = await partnerWithEndpoint();

    const response = await client.send('POST', '/webhooks/endpoint/test');

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      event: 'webhook.test',
      signed: true,
      delivered: true,
      status_code: 200,
      error: null,
      response_excerpt: '{}',
    });
    const [received] = receiver.received(path);
    expect(received!.signatureValid).toBe(true);
    expect(received!.body).toMatchObject({
      event: 'webhook.test',
      event_id: response.body.data.event_id,
      delivery_id: response.body.data.delivery_id,
    });
    expect(received!.body.event_id).toMatch(/^webhook\.test:/);
    expect(await deliveriesOf(client)).toEqual([]);
  });

  it('answers 409 webhook_url_missing for a test delivery and a recovery without a URL', async () => {
    const { client } = await service.newPartner();

    const response = await client.send('POST', '/webhooks/endpoint/test');
    const recovery = await client.send('POST', '/webhooks/deliveries/recover', { body: { since: '2026-01-01T00:00:00Z' } });

    expect([response.status, recovery.status]).toEqual([409, 409]);
    expect([response.body.error.code, recovery.body.error.code]).toEqual(['webhook_url_missing', 'webhook_url_missing']);
  });

  it.each([
    ['without a URL', { url: null }, 'webhook_url_missing'],
    ['while the endpoint is disabled', { enabled: false }, 'webhook_endpoint_disabled'],
  ] as const)('keeps a failed delivery recoverable when a recovery is refused %s', async (_case, change, code) => {
    // Prepare: a rejected delivery, then the endpoint left with nowhere to send a replay
    const { client, path, secret } = await partnerWithEndpoint();
    const since = new Date(Date.now() - 1000).toISOString();
    receiver.script(path, [{ status: 400 }], secret);
    await book(client);
    await eventually(
      () => deliveriesOf(client, '?status=rejected'),
      (list) => list.length === 1,
      30_000,
    );
    const url = (await client.send('GET', '/webhooks/endpoint')).body.data.url;
    await client.send('PUT', '/webhooks/endpoint', { body: change });

    // Act
    const refused = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });
    const untouched = await deliveriesOf(client, '?status=rejected');
    await client.send('PUT', '/webhooks/endpoint', { body: { url, enabled: true } });
    receiver.script(path, [{ status: 200 }], secret);
    const recovered = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });

    // Assess
    expect([refused.status, refused.body.error.code]).toEqual([409, code]);
    expect(untouched.map((delivery: { recovered_at: string | null }) => delivery.recovered_at)).toEqual([null]);
    expect(recovered.body.data.queued).toBe(1);
  });

  it('signs with both secrets during a rotation overlap, and with the new one only once the overlap is ended', async () => {
    const { client, path, secret: first } = await partnerWithEndpoint();

    const rotated = await client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 60 } });
    const second: string = rotated.body.data.signing_secret;
    await client.send('POST', '/webhooks/endpoint/test');
    const during = await client.send('GET', '/webhooks/endpoint');
    await client.send('PUT', '/webhooks/endpoint', { body: { end_secret_overlap: true } });
    await client.send('POST', '/webhooks/endpoint/test');
    const after = await client.send('GET', '/webhooks/endpoint');

    expect(rotated.body.data.previous_secret_valid_until).not.toBeNull();
    expect(second).not.toBe(first);
    const [overlapping, cutOver] = receiver.received(path);
    expect(overlapping!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
    expect([verifies(overlapping!, first), verifies(overlapping!, second)]).toEqual([true, true]);
    expect([verifies(cutOver!, first), verifies(cutOver!, second)]).toEqual([false, true]);
    expect(during.body.data.signing_secret.previous_secret_valid_until).toBe(rotated.body.data.previous_secret_valid_until);
    expect(after.body.data.signing_secret.previous_secret_valid_until).toBeNull();
  });

  it('keeps every one of several changes made at the same moment: a rotation, settings of other fields, and the health marks', async () => {
    // Prepare
    const { partner, client, path } = await partnerWithEndpoint();
    const health = dynamoEndpointHealthStore(service.runtime.admin.documentClient, service.runtime.tableName);

    // Act: a hard-cutover rotation, two settings of different fields and a health mark, all at once
    const marked = health.markFailing(partner.partner_id, new Date().toISOString());
    const [rotated, prefix, events] = (await sendTogether([
      () => client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 0 } }),
      () => client.send('PUT', '/webhooks/endpoint', { body: { auth_header_prefix: 'Bearer ' } }),
      () => client.send('PUT', '/webhooks/endpoint', { body: { events: { 'esim.removed': false } } }),
    ])) as [ApiResponse, ApiResponse, ApiResponse];
    await marked;
    const endpoint = (await client.send('GET', '/webhooks/endpoint')).body.data;
    await client.send('POST', '/webhooks/endpoint/test');

    // Assess: each change answered success and is there; the test delivery is signed with the secret answered
    expect([rotated.status, prefix.status, events.status]).toEqual([201, 200, 200]);
    expect(endpoint.auth_header_prefix).toBe('Bearer ');
    expect(endpoint.events['esim.removed']).toBe(false);
    expect(endpoint.health.failing_since).not.toBeNull();
    const delivered = receiver.received(path).at(-1)!;
    expect(verifies(delivered, rotated.body.data.signing_secret)).toBe(true);
    expect(delivered.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('neither warns about nor disables a failing period that a success ended during the failing attempt', async () => {
    // Prepare: failing for 80 hours, then a delivery succeeds while another attempt, which read the profile before the
    // success, is still waiting for its answer; afterwards a new failing period begins
    const { partner, client } = await partnerWithEndpoint();
    const health = dynamoEndpointHealthStore(service.runtime.admin.documentClient, service.runtime.tableName);
    const staleSince = new Date(Date.now() - 80 * 3_600_000).toISOString();
    await health.markFailing(partner.partner_id, staleSince);
    await health.markRecovered(partner.partner_id);

    // Act: the stale attempt fails and decides on the period it saw
    await health.warn(partner.partner_id, staleSince, new Date().toISOString(), undefined);
    await health.disable(partner.partner_id, staleSince, new Date().toISOString(), 'disabled automatically: stale', undefined);
    const afterStale = (await client.send('GET', '/webhooks/endpoint')).body.data;
    const warnedAfterStale = (await service.runtime.admin.partners.getProfile(partner.partner_id))?.webhook.failure_warning_sent_at;
    const currentSince = new Date().toISOString();
    await health.markFailing(partner.partner_id, currentSince);
    await health.warn(partner.partner_id, currentSince, new Date().toISOString(), undefined);
    await health.disable(partner.partner_id, currentSince, new Date().toISOString(), 'disabled automatically: current', undefined);
    const afterCurrent = (await client.send('GET', '/webhooks/endpoint')).body.data;
    const warnedAfterCurrent = (await service.runtime.admin.partners.getProfile(partner.partner_id))?.webhook.failure_warning_sent_at;

    // Assess: the stale decisions changed nothing, so the next failing period is still warned about, then disabled
    expect(afterStale).toMatchObject({ enabled: true, disabled_reason: null, health: { failing_since: null } });
    expect(warnedAfterStale ?? null).toBeNull();
    expect(afterCurrent).toMatchObject({
      enabled: false,
      disabled_reason: 'disabled automatically: current',
      health: { failing_since: currentSince },
    });
    expect(warnedAfterCurrent).toEqual(expect.any(String));
  });

  it('chains rotations made at the same moment: each secret answered signs, the last with the one before it during the overlap', async () => {
    // Prepare
    const { client, path } = await partnerWithEndpoint();

    // Act
    const rotations = await sendTogether(
      Array.from({ length: 4 }, () => () => client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 60 } })),
    );
    await client.send('POST', '/webhooks/endpoint/test');

    // Assess: one answered secret is current, and the previous one is another answered secret, not a lost one
    const secrets: string[] = rotations.map((r) => r.body.data.signing_secret);
    expect(rotations.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const delivered = receiver.received(path).at(-1)!;
    const signing = secrets.filter((secret) => verifies(delivered, secret));
    expect(signing).toHaveLength(2);
    expect(delivered.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
  });

  it('logs a dead-lettered event with each attempt, recovers it once with a new delivery id, and shows it to no other partner', async () => {
    // Prepare: an endpoint that fails until the event is dead-lettered
    const { client, path, secret } = await partnerWithEndpoint();
    const since = new Date(Date.now() - 1000).toISOString();
    receiver.script(path, [{ status: 503 }], secret);
    const eventId = await book(client);

    // Act: wait for the dead letter, through the log only
    const [dead] = await eventually(
      () => deliveriesOf(client, '?status=dead_lettered'),
      (list) => list.length === 1,
      30_000,
    );

    // Assess: the log has every attempt
    expect(dead).toMatchObject({ event_id: eventId, status: 'dead_lettered', attempts: MAX_ATTEMPTS, last_status_code: 503, recovered_at: null });
    expect(dead.attempt_log).toHaveLength(MAX_ATTEMPTS);
    expect(dead.attempt_log[0]).toMatchObject({ attempt: 1, status_code: 503, verdict: 'retry', response_excerpt: '{}' });
    // The issue's own spellings of the filter find it too: failed for good, dead-lettered
    const [failed, deadLettered, deliveredSoFar] = [
      await deliveriesOf(client, '?status=failed'),
      await deliveriesOf(client, '?status=dead-lettered'),
      await deliveriesOf(client, '?status=delivered'),
    ];
    expect([failed.map((d) => d.delivery_id), deadLettered.map((d) => d.delivery_id)]).toEqual([[dead.delivery_id], [dead.delivery_id]]);
    expect(deliveredSoFar.every((d) => d.status === 'delivered')).toBe(true);
    const failing = (await client.send('GET', '/webhooks/endpoint')).body.data.health;
    expect(failing.failing_since >= dead.created_at).toBe(true);
    expect(failing).toMatchObject({ last_delivered_at: null, recent_failures: 1, disable_at: expect.any(String) });

    // Act: the endpoint is fixed; recover everything since before the booking, twice
    receiver.script(path, [{ status: 200 }], secret);
    const first = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });
    const again = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });
    const received = await eventually(
      () => receiver.received(path),
      (list) => list.some((d) => d.answered === 200),
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // nothing more may arrive

    // Assess: sent once more, with the same event id and a new delivery id
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({ queued: 1, event_ids: [eventId], more: false });
    expect(again.body.data).toEqual({ queued: 0, event_ids: [], more: false });
    const delivered = received.filter((d) => d.answered === 200);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.signatureValid).toBe(true);
    expect(delivered[0]!.body.event_id).toBe(eventId);
    expect(delivered[0]!.body.delivery_id).not.toBe(dead.delivery_id);
    const log = await eventually(
      () => deliveriesOf(client, `?event_id=${encodeURIComponent(eventId)}`),
      (list) => list.some((d) => d.status === 'delivered'),
    );
    // A recovered failure is no longer outstanding
    expect((await client.send('GET', '/webhooks/endpoint')).body.data.health).toMatchObject({
      failing_since: null,
      disable_at: null,
      recent_failures: 0,
    });
    expect(log.map((d) => [d.status, d.replay, d.recovered_at !== null])).toEqual([
      ['delivered', true, false],
      ['dead_lettered', false, true],
    ]);

    // Assess: another partner, with an endpoint of its own, sees none of it and cannot replay it
    const { client: other } = await partnerWithEndpoint();
    expect(await deliveriesOf(other)).toEqual([]);
    const foreignReplay = await other.send('POST', '/webhooks/deliveries/recover', { body: { event_id: eventId } });
    expect(foreignReplay.status).toBe(404);
    expect(foreignReplay.body.error.code).toBe('event_not_found');
  }, 60_000);

  it('holds deliveries while the endpoint is disabled and recovers them once it is enabled again', async () => {
    const { client, path } = await partnerWithEndpoint();
    const since = new Date(Date.now() - 1000).toISOString();

    const disabled = await client.send('PUT', '/webhooks/endpoint', { body: { enabled: false } });
    const eventId = await book(client);
    const [held] = await eventually(
      () => deliveriesOf(client, '?status=held'),
      (list) => list.length === 1,
    );
    await client.send('PUT', '/webhooks/endpoint', { body: { enabled: true } });
    const recovered = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });
    const received = await eventually(
      () => receiver.received(path),
      (list) => list.length === 1,
    );

    expect(disabled.body.data).toMatchObject({ enabled: false, disabled_at: expect.any(String) });
    expect(held).toMatchObject({ event_id: eventId, attempts: 0, reason: expect.stringContaining('disabled') });
    expect(recovered.body.data.queued).toBe(1);
    expect(received[0]!.body.event_id).toBe(eventId);
  });

  it('marks the failed deliveries of an event replayed by its id recovered, so a recovery by time does not send it again', async () => {
    // Prepare: a dead-lettered event
    const { client, path, secret } = await partnerWithEndpoint();
    const since = new Date(Date.now() - 1000).toISOString();
    receiver.script(path, [{ status: 503 }], secret);
    const eventId = await book(client);
    await eventually(
      () => deliveriesOf(client, '?status=dead_lettered'),
      (list) => list.length === 1,
      30_000,
    );
    receiver.script(path, [{ status: 200 }], secret);

    // Act
    const replay = await client.send('POST', '/webhooks/deliveries/recover', { body: { event_id: eventId } });
    const later = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });
    const [dead] = await deliveriesOf(client, '?status=dead_lettered');

    // Assess
    expect(replay.body.data).toEqual({ queued: 1, event_ids: [eventId], more: false });
    expect(later.body.data).toEqual({ queued: 0, event_ids: [], more: false });
    expect(dead.recovered_at).toEqual(expect.any(String));
  });

  it('replays one event by its id, and pages the log with opaque cursors', async () => {
    const { client, path } = await partnerWithEndpoint();
    const eventId = await book(client);
    await eventually(
      () => receiver.received(path),
      (list) => list.length === 1,
    );

    const replay = await client.send('POST', '/webhooks/deliveries/recover', { body: { event_id: eventId } });
    await eventually(
      () => receiver.received(path),
      (list) => list.length === 2,
    );
    const log = await eventually(
      () => deliveriesOf(client),
      (list) => list.length === 2 && list.every((d) => d.status === 'delivered'),
    );
    const firstPage = await client.send('GET', '/webhooks/deliveries?perPage=1');
    const secondPage = await client.send('GET', `/webhooks/deliveries?perPage=1&cursor=${encodeURIComponent(firstPage.body.pagination.nextCursor)}`);
    const tampered = await client.send('GET', `/webhooks/deliveries?cursor=${encodeURIComponent(`x${firstPage.body.pagination.nextCursor}`)}`);
    const { client: other } = await service.newPartner();
    const foreignCursor = await other.send('GET', `/webhooks/deliveries?cursor=${encodeURIComponent(firstPage.body.pagination.nextCursor)}`);

    expect(replay.status).toBe(202);
    expect(log.map((d) => d.replay)).toEqual([true, false]);
    expect(firstPage.body.data.map((d: any) => d.delivery_id)).toEqual([log[0].delivery_id]);
    expect(firstPage.body.pagination).toMatchObject({ perPage: 1, hasNextPage: true, hasPrevPage: false, prevCursor: '' });
    expect(secondPage.body.data.map((d: any) => d.delivery_id)).toEqual([log[1].delivery_id]);
    expect(secondPage.body.pagination).toMatchObject({ hasNextPage: false, nextCursor: '' });
    expect([tampered.status, foreignCursor.status]).toEqual([400, 400]);
  });

  it("refuses a portal rotation form whose overlap is missing or not one the page offers, and keeps the partner's secret", async () => {
    // Prepare: a fresh partner (no signing secret yet) on its portal page
    const { client } = await service.newPartner();
    const opened = await fetch((await client.send('POST', '/webhooks/portal-link')).body.data.url, { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await (await fetch(`${service.url}/portal`, { headers: { cookie } })).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const rotate = (overlap: string) =>
      fetch(`${service.url}/portal/actions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: `csrf_token=${csrf}&action=rotate&nonce=${randomBytes(16).toString('base64url')}${overlap}`,
      });

    // Act
    const statuses = [];
    for (const overlap of ['', '&overlap_minutes=', '&overlap_minutes=%2060', '&overlap_minutes=0x3c']) statuses.push((await rotate(overlap)).status);
    const after = (await client.send('GET', '/webhooks/endpoint')).body.data.signing_secret;
    const offered = await rotate('&overlap_minutes=60');

    // Assess: nothing rotated (a missing field is not a hard cutover), while an offered overlap still rotates
    expect(statuses).toEqual([400, 400, 400, 400]);
    expect(after.configured).toBe(false);
    expect(offered.status).toBe(200);
  });

  it("closes the portal once the partner's API secret is rotated: its session ends and its unused links stop working (decision F148)", async () => {
    // Prepare: a portal session and an unused link, both made under the first secret
    const { partner, client } = await service.newPartner();
    const link = async () => (await client.send('POST', '/webhooks/portal-link')).body.data.url as string;
    const opened = await fetch(await link(), { redirect: 'manual' });
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const unused = await link();
    const portalPage = () => fetch(`${service.url}/portal`, { headers: { cookie }, redirect: 'manual' });
    const before = await portalPage();

    // Act
    await rotatePartnerSecret(partner.partner_id, service.runtime.admin);
    const after = await portalPage();
    const late = await fetch(unused, { redirect: 'manual' });

    // Assess
    expect(opened.status).toBe(303);
    expect(before.status).toBe(200);
    expect(after.status).toBe(401);
    expect(late.status).toBe(410);
  });
});
