// The delivery use case with in-memory adapters: attempts, verdicts, backoff, dead-lettering, signing, opt-in.
import { eventSource } from '#shared/events/pipeline';
import type { PartnerProfile } from '#shared/domain/partner';
import { deliverWebhook, deliveryIdOf, DeliveryPostponed, type DeliverWebhookDeps } from '#shared/usecases/deliver-webhook';
import { MAX_ATTEMPTS } from '#shared/webhooks/retry-policy';
import { verifyWebhookSignature } from '#shared/webhooks/signing';
import { dispatcherDeps, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';
import type { DeliveryOutcome, WebhookPost } from '#shared/usecases/ports/webhooks';

const NOW = new Date('2026-11-22T12:00:00.000Z');

const setup = (profile: PartnerProfile = makePartnerProfile(), outcomes: DeliveryOutcome[] = [{ status: 200, latencyMs: 5 }]) => {
  const posts: WebhookPost[] = [];
  const post = async (request: WebhookPost) => {
    posts.push(request);
    return outcomes[Math.min(posts.length - 1, outcomes.length - 1)] ?? { status: 200, latencyMs: 1 };
  };
  return { ...dispatcherDeps({ profile, post, now: NOW }), posts };
};

const message = (event = makeDomainEvent(), extra: Record<string, unknown> = {}) => ({
  messageId: 'm-1',
  receiptHandle: 'r-1',
  firstReceivedAt: '1700000000000',
  body: JSON.stringify({ version: '0', source: eventSource, 'detail-type': event.event, detail: event, ...extra }),
});

/** Delivers until the use case stops postponing; returns how many receives it took. */
const deliverUntilSettled = async (deps: DeliverWebhookDeps, limit = 20) => {
  for (let receive = 1; receive <= limit; receive += 1) {
    try {
      await deliverWebhook(message(), deps);
      return receive;
    } catch (error) {
      if (!(error instanceof DeliveryPostponed)) throw error;
    }
  }
  return limit;
};

describe('Use case: deliverWebhook', () => {
  it('posts the spec envelope once and records it delivered on 2xx', async () => {
    // Prepare
    const { deps, deliveries, posts } = setup();

    // Act
    await deliverWebhook(message(), deps);

    // Assess
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]!.body);
    expect(Object.keys(body).sort()).toEqual(['data', 'delivery_id', 'event', 'event_id', 'timestamp']);
    expect(body).toMatchObject({ event: 'booking.within_cutoff', event_id: 'booking.within_cutoff:b-1', timestamp: '2026-11-20T10:00:00.000Z' });
    expect(posts[0]!.headers['x-service-event-id']).toBe(body.event_id);
    expect(posts[0]!.headers['x-service-delivery-id']).toBe(body.delivery_id);
    expect(posts[0]!.headers['x-api-key']).toBe('pk_test');
    expect([...deliveries.records.values()][0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
  });

  it('signs with the current secret, and with both during a rotation overlap, verifiable as the spec says', async () => {
    const profile = makePartnerProfile({
      webhook: {
        ...makePartnerProfile().webhook,
        signing_secret_ciphertext: 'enc:whsec_new',
        previous_signing_secret_ciphertext: 'enc:whsec_old',
        previous_secret_expires_at: new Date(NOW.getTime() + 60_000).toISOString(),
      },
    });
    const { deps, posts } = setup(profile);

    await deliverWebhook(message(), deps);

    const headers = posts[0]!.headers;
    expect(headers['x-service-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(headers['x-service-signature']!.split(',')).toHaveLength(2);
    for (const secret of ['whsec_new', 'whsec_old']) {
      expect(() =>
        verifyWebhookSignature({
          body: posts[0]!.body,
          signatureHeader: headers['x-service-signature'],
          timestampHeader: headers['x-service-timestamp'],
          secret,
          now: NOW.getTime() / 1000,
        }),
      ).not.toThrow();
    }
  });

  it('sends no signature headers when no signing secret is set, and honours a custom auth header', async () => {
    const profile = makePartnerProfile({
      webhook: { ...makePartnerProfile().webhook, auth_header_name: 'authorization', auth_header_prefix: 'Bearer ' },
    });
    const { deps, posts } = setup(profile);

    await deliverWebhook(message(), deps);

    expect(posts[0]!.headers).not.toHaveProperty('x-service-signature');
    expect(posts[0]!.headers.authorization).toBe('Bearer pk_test');
    expect(posts[0]!.headers).not.toHaveProperty('x-api-key');
  });

  it("never lets an auth header name stored before such names were refused override the delivery's own headers", async () => {
    const profile = makePartnerProfile({
      webhook: { ...makePartnerProfile().webhook, auth_header_name: 'x-service-event-id', auth_header_prefix: '' },
    });
    const { deps, posts } = setup(profile);

    const event = makeDomainEvent();

    await deliverWebhook(message(event), deps);

    expect(posts[0]!.headers['x-service-event-id']).toBe(event.event_id);
    expect(Object.values(posts[0]!.headers)).not.toContain('pk_test');
  });

  it.each([400, 401, 404, 410, 422, 302])('stops at once on a permanent %i', async (status) => {
    const { deps, deliveries, posts, queue } = setup(makePartnerProfile(), [{ status, latencyMs: 3 }]);

    await deliverWebhook(message(), deps);

    expect(posts).toHaveLength(1);
    expect(queue.postponed).toHaveLength(0);
    expect([...deliveries.records.values()][0]!.status).toBe('rejected');
  });

  it.each([
    ['500', { status: 500, latencyMs: 2 }],
    ['503', { status: 503, latencyMs: 2 }],
    ['429', { status: 429, latencyMs: 2 }],
    ['a time-out', { errorKind: 'timeout' as const, error: 'timed out', latencyMs: 1000 }],
    ['a refused connection', { errorKind: 'connection' as const, error: 'ECONNREFUSED', latencyMs: 1 }],
  ])('makes exactly 12 attempts on %s, then dead-letters with what support needs', async (_label, outcome) => {
    const { deps, deliveries, posts, queue } = setup(makePartnerProfile(), [outcome]);

    const receives = await deliverUntilSettled(deps);

    expect(posts).toHaveLength(MAX_ATTEMPTS);
    expect(receives).toBe(MAX_ATTEMPTS);
    expect(queue.postponed).toHaveLength(MAX_ATTEMPTS - 1);
    expect(queue.deadLettered).toHaveLength(1);
    expect(queue.deadLettered[0]!.details).toMatchObject({
      partner_id: 'ptn_test',
      event_id: 'booking.within_cutoff:b-1',
      attempts: 12,
      last_status_code: (outcome as DeliveryOutcome).status ?? null,
    });
    expect([...deliveries.records.values()][0]).toMatchObject({ status: 'dead_lettered', attempts: 12 });
    expect(deliveries.attemptLog.map((a) => a.attempt)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('keeps one delivery_id over all attempts of a message', async () => {
    const { deps, posts } = setup(makePartnerProfile(), [
      { status: 500, latencyMs: 1 },
      { status: 200, latencyMs: 1 },
    ]);

    await deliverUntilSettled(deps);

    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => JSON.parse(p.body).delivery_id)).size).toBe(1);
  });

  it('waits at least Retry-After on a 429', async () => {
    const { deps, queue } = setup(makePartnerProfile(), [{ status: 429, retryAfter: '120', latencyMs: 1 }]);

    await expect(deliverWebhook(message(), deps)).rejects.toBeInstanceOf(DeliveryPostponed);

    expect(queue.postponed[0]!.seconds).toBeGreaterThanOrEqual(120);
  });

  it('records when a retrying delivery is due again, the wait it gave the queue, and clears it once delivered', async () => {
    const { deps, deliveries, queue } = setup(makePartnerProfile(), [
      { status: 429, retryAfter: '120', latencyMs: 1 },
      { status: 200, latencyMs: 1 },
    ]);

    await expect(deliverWebhook(message(), deps)).rejects.toBeInstanceOf(DeliveryPostponed);
    const retrying = { ...[...deliveries.records.values()][0] };
    await deliverWebhook(message(), deps);

    expect(retrying).toMatchObject({
      status: 'retrying',
      next_attempt_at: new Date(NOW.getTime() + queue.postponed[0]!.seconds * 1000).toISOString(),
    });
    expect([...deliveries.records.values()][0]).toMatchObject({ status: 'delivered', next_attempt_at: null });
  });

  it('does nothing for a message of a delivery that already succeeded (duplicate receive)', async () => {
    const { deps, posts } = setup();
    await deliverWebhook(message(), deps);

    await deliverWebhook(message(), deps);

    expect(posts).toHaveLength(1);
  });

  it('never exceeds 12 HTTP attempts even when earlier receives crashed after posting', async () => {
    // Prepare: 12 attempts already counted for this message, none of them acknowledged
    const { deps, deliveries, posts, queue } = setup();
    const crashed = message();
    const start = { deliveryId: deliveryIdOf(crashed), event: makeDomainEvent(), replay: false, now: NOW.toISOString() };
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) await deliveries.log.beginAttempt(start);

    // Act
    await deliverWebhook(crashed, deps);

    // Assess
    expect(posts).toHaveLength(0);
    expect(queue.deadLettered).toHaveLength(1);
  });

  it('skips classic_package_queue.claimed unless the partner opted in, and delivers it when opted in', async () => {
    const claimed = makeDomainEvent({ event: 'classic_package_queue.claimed', event_id: 'classic_package_queue.claimed:q-1' });
    const notOptedIn = setup();
    const optedIn = setup(makePartnerProfile({ webhook: { ...makePartnerProfile().webhook, events: { classic_package_queue_claimed: true } } }));

    await deliverWebhook(message(claimed), notOptedIn.deps);
    await deliverWebhook(message(claimed), optedIn.deps);

    expect(notOptedIn.posts).toHaveLength(0);
    expect([...notOptedIn.deliveries.records.values()][0]).toMatchObject({ status: 'skipped' });
    expect(optedIn.posts).toHaveLength(1);
  });

  it('delivers other events unless the partner unsubscribed', async () => {
    const off = setup(makePartnerProfile({ webhook: { ...makePartnerProfile().webhook, events: { booking_within_cutoff: false } } }));
    await deliverWebhook(message(), off.deps);
    expect(off.posts).toHaveLength(0);
  });

  it('records a skip when the partner has no webhook URL', async () => {
    const { deps, deliveries, posts } = setup(makePartnerProfile({ webhook: { ...makePartnerProfile().webhook, url: null } }));
    await deliverWebhook(message(), deps);
    expect(posts).toHaveLength(0);
    expect([...deliveries.records.values()][0]!.reason).toContain('No webhook URL');
  });

  it('dead-letters a message that is not a webhook event instead of retrying it forever', async () => {
    const { deps, queue, posts } = setup();
    await deliverWebhook({ ...message(), body: '{"nope":true}' }, deps);
    expect(posts).toHaveLength(0);
    expect(queue.deadLettered[0]!.details.reason).toContain('not a webhook event');
  });

  it('marks a replayed delivery as a replay and gives it its own delivery_id', async () => {
    const { deps, deliveries, posts } = setup();
    await deliverWebhook(message(), deps);
    await deliverWebhook({ ...message(makeDomainEvent(), { replay: true }), messageId: 'm-2' }, deps);

    const ids = posts.map((p) => JSON.parse(p.body));
    expect(ids[0].event_id).toBe(ids[1].event_id);
    expect(ids[0].delivery_id).not.toBe(ids[1].delivery_id);
    expect([...deliveries.records.values()].map((r) => r.replay)).toEqual([false, true]);
  });

  it('holds a delivery without any HTTP attempt while the endpoint is disabled', async () => {
    // Prepare
    const profile = makePartnerProfile();
    profile.webhook = { ...profile.webhook, disabled_at: '2026-11-22T11:00:00.000Z', disabled_reason: 'disabled by the partner' };
    const { deps, deliveries, posts } = setup(profile);

    // Act
    await deliverWebhook(message(), deps);

    // Assess
    expect(posts).toHaveLength(0);
    expect([...deliveries.records.values()]).toEqual([
      expect.objectContaining({ status: 'held', attempts: 0, reason: expect.stringContaining('disabled by the partner') }),
    ]);
  });

  it('records a replay requested through the outbox (marked inside the event) as a replay', async () => {
    // Prepare
    const { deps, deliveries } = setup();

    // Act
    await deliverWebhook(message({ ...makeDomainEvent(), replay: true } as ReturnType<typeof makeDomainEvent>), deps);

    // Assess
    expect([...deliveries.records.values()]).toEqual([expect.objectContaining({ status: 'delivered', replay: true })]);
  });

  it("keeps the first KiB of the receiver's answer with the API key and signing secret scrubbed", async () => {
    // Prepare
    const profile = makePartnerProfile({ api_key: 'pk_test_secretkey' });
    profile.webhook = { ...profile.webhook, signing_secret_ciphertext: 'enc:whsec_abcdefghijklmnop' };
    const echo = `echo pk_test_secretkey whsec_abcdefghijklmnop Bearer eyJhbGciOi.x ${'y'.repeat(2000)}`;
    const { deps, deliveries } = setup(profile, [{ status: 500, latencyMs: 3, responseText: echo }]);

    // Act
    await deliverWebhook(message(), deps).catch(() => undefined);

    // Assess
    const [attempt] = deliveries.attemptLog;
    expect(Buffer.byteLength(attempt!.response_excerpt!)).toBeLessThanOrEqual(1024);
    expect(attempt!.response_excerpt).not.toContain('pk_test_secretkey');
    expect(attempt!.response_excerpt).not.toContain('whsec_abcdefghijklmnop');
    expect(attempt!.response_excerpt).not.toContain('eyJhbGciOi');
    expect(attempt!.response_excerpt).toMatch(/^echo \[redacted\]/);
    expect(attempt!.response_excerpt).toContain('Bearer [redacted]');
  });

  it('scrubs the API key and the signing secret also without their prefixes', async () => {
    // Prepare: the receiver echoes the random parts alone
    const profile = makePartnerProfile({ api_key: 'pk_test_secretkey' });
    profile.webhook = { ...profile.webhook, signing_secret_ciphertext: 'enc:whsec_abcdefghijklmnop' };
    const { deps, deliveries } = setup(profile, [{ status: 500, latencyMs: 3, responseText: 'got test_secretkey and abcdefghijklmnop' }]);

    // Act
    await deliverWebhook(message(), deps).catch(() => undefined);

    // Assess
    expect(deliveries.attemptLog[0]!.response_excerpt).toBe('got [redacted] and [redacted]');
  });

  it('scrubs a signing secret that straddles the excerpt cut, leaving none of it', async () => {
    // Prepare: the secret starts 10 bytes before the 1 KiB cut, glued to word characters
    const profile = makePartnerProfile({ api_key: 'pk_test_secretkey' });
    profile.webhook = { ...profile.webhook, signing_secret_ciphertext: 'enc:whsec_abcdefghijklmnopqrstuvwxyz0123456789' };
    const echo = `${'x'.repeat(1014)}whsec_abcdefghijklmnopqrstuvwxyz0123456789tail`;
    const { deps, deliveries } = setup(profile, [{ status: 500, latencyMs: 3, responseText: echo }]);

    // Act
    await deliverWebhook(message(), deps).catch(() => undefined);

    // Assess
    const [attempt] = deliveries.attemptLog;
    expect(attempt!.response_excerpt).not.toContain('whsec_abc');
    expect(attempt!.response_excerpt!.endsWith('x'.repeat(10))).toBe(false);
  });
});
