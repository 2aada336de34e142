// Webhooks end to end on the local pipeline: booking → outbox → stream → bus rule → SQS → dispatcher → a real
// receiver that verifies signatures as the spec says. Fault injection with exact attempt counts, the 12-attempt
// cap and the DLQ, redrive, replay and dedupe on event_id.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { redriveDeadLetters } from '#shared/messaging/webhook-queue';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { updatePartnerProfile } from '#shared/usecases/manage-partners';
import { replayEvent, rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { sqsWebhookQueue } from '#shared/messaging/webhook-queue';
import { MAX_ATTEMPTS } from '#shared/webhooks/retry-policy';
import { openApiDocument } from '#test/support/contract';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { eventually, startReceiver, type Behaviour, type Receiver } from '#test/support/webhook-receiver';
import { startTestService, type TestService } from '#test/support/test-service';
import type { DeliveryLog, PartnerDeliveryLog } from '#shared/usecases/ports/webhooks';
import { serviceClock } from '#shared/clock';

describe('Webhook delivery through the local pipeline', () => {
  let service: TestService;
  let receiver: Receiver;
  let deliveries: DeliveryLog & PartnerDeliveryLog;
  let sqs: SQSClient;
  let hookCount = 0;

  beforeAll(async () => {
    // The time-out is what one case tests, so it is short here, but far above the pauses of a loaded machine: the
    // receiver answers in this process, and an answer read late is a time-out and a second attempt.
    service = await startTestService({ WEBHOOK_BACKOFF_SCALE: '0.00001', WEBHOOK_TIMEOUT_MS: '3000', SWEEP_INTERVAL_MS: '200' });
    receiver = await startReceiver();
    deliveries = dynamoDeliveryLog(service.runtime.admin.documentClient, service.runtime.tableName);
    sqs = new SQSClient({
      endpoint: service.runtime.events.sqsEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    sqs.destroy();
    await receiver.close();
    await service.stop();
  });

  /** A partner whose webhook points at its own receiver path, signing with a fresh secret. */
  const partnerWithWebhook = async (behaviours: Behaviour[] = [{ status: 200 }], baseUrl?: string) => {
    hookCount += 1;
    const path = `/hooks/${hookCount}`;
    const { partner, client } = await service.newPartner();
    const admin = { ...service.runtime.admin, allowPrivateUrls: true };
    await setWebhookSettings(partner.partner_id, { url: `${baseUrl ?? receiver.url}${path}` }, admin);
    const { signing_secret: secret } = await rotateWebhookSigningSecret(partner.partner_id, {}, admin);
    receiver.script(path, behaviours, secret);
    return { partner, client, path, secret };
  };

  /** A booking departing in 3 days is inside the 7-day cutoff window, so booking.within_cutoff fires at once. */
  const bookInsideCutoff = async (client: Awaited<ReturnType<typeof partnerWithWebhook>>['client'], overrides = {}) => {
    const response = await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        departure_date: inDays(3),
        return_date: inDays(10),
        package_specifications: [makePackageSpecification({ external_user_id: 'traveler-7' })],
        ...overrides,
      }),
    });
    expect(response.status).toBe(201);
    return response.body.data[0];
  };

  /** A partner whose booking.within_cutoff reached its receiver; `since`: the time right after. */
  const deliveredEvent = async () => {
    const { partner, client, path } = await partnerWithWebhook();
    await bookInsideCutoff(client);
    await eventually(
      () => receiver.received(path),
      (list) => list.length >= 1,
    );
    return { partner, client, path, since: serviceClock.now().toISOString() };
  };

  /** Dead-lettered deliveries of the partner's recorded event, each started at its time; answers their ids. */
  const deadLettered = async (partnerId: string, path: string, started: ReadonlyArray<readonly [string, string]>) => {
    const [original] = receiver.received(path);
    const event = await deliveries.findPartnerEvent(partnerId, original!.body.event_id);
    if (!event) throw new Error('The event was not recorded.');
    for (const [deliveryId, now] of started) {
      await deliveries.recordFinal({ deliveryId, event, replay: false, now }, 'dead_lettered', 'Failed 12 attempts.');
    }
    return started.map(([deliveryId]) => deliveryId);
  };

  /** Moves the local service clock (the control endpoint beside the API); scheduled work has run when it answers. */
  const moveClock = (ms: number) =>
    fetch(new URL('/__local/clock', service.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });

  const deliveryOf = async (eventId: string) =>
    eventually(
      () => deliveries.byEvent(eventId),
      (list) => list.some((d) => !['pending', 'retrying'].includes(d.status)),
    );

  it('delivers booking.within_cutoff once, signed and shaped exactly as the spec says', async () => {
    // Prepare
    const { client, path, partner } = await partnerWithWebhook();

    // Act
    const booking = await bookInsideCutoff(client);
    const received = await eventually(
      () => receiver.received(path),
      (list) => list.length >= 1,
    );

    // Assess
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.headers['x-api-key']).toBe(partner.api_key);
    expect(delivery!.headers['content-type']).toContain('application/json');
    expect(delivery!.body).toEqual({
      event: 'booking.within_cutoff',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        external_user_id: 'traveler-7',
        booking_id: booking.id,
        departure_date: booking.departure_date,
        days_until_departure: 3,
        esim_installed: false,
      },
      event_id: `booking.within_cutoff:${booking.id}`,
      delivery_id: expect.stringMatching(/^dlv_/),
    });
    // toEqual ignores member order: the body also lists its data members as the spec and the document do
    expect(Object.keys(delivery!.body.data)).toEqual(Object.keys(openApiDocument.components.schemas.BookingWithinCutoffData.properties));
    expect(delivery!.headers['x-service-event-id']).toBe(delivery!.body.event_id);
    expect(delivery!.headers['x-service-delivery-id']).toBe(delivery!.body.delivery_id);
    const timestampSeconds = Number(delivery!.headers['x-service-timestamp']);
    expect(Math.abs(Date.now() / 1000 - timestampSeconds)).toBeLessThan(60);
    const [record] = await deliveryOf(delivery!.body.event_id);
    expect(record).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
  });

  it('records a skipped delivery for a partner without a webhook URL', async () => {
    const { client } = await service.newPartner();

    const booking = await bookInsideCutoff(client);
    const [record] = await deliveryOf(`booking.within_cutoff:${booking.id}`);

    expect(record).toMatchObject({ status: 'skipped', attempts: 0, reason: expect.stringContaining('No webhook URL') });
  });

  it('fires both departure events for a departure within two hours, and none for one a month away', async () => {
    const soon = await partnerWithWebhook();
    const later = await partnerWithWebhook();

    await bookInsideCutoff(soon.client, { departure_date: new Date(Date.now() + 90 * 60_000).toISOString(), return_date: inDays(5) });
    await bookInsideCutoff(later.client, { departure_date: inDays(30), return_date: inDays(40) });
    const received = await eventually(
      () => receiver.received(soon.path),
      (list) => list.length >= 2,
    );

    expect(received.map((d) => d.body.event).sort()).toEqual(['booking.about_to_depart', 'booking.within_cutoff']);
    const depart = received.find((d) => d.body.event === 'booking.about_to_depart');
    expect(depart!.body.data.hours_until_departure).toBe(2);
    expect(receiver.received(later.path)).toHaveLength(0);
  });

  it('fires a scheduled event when its window opens (sweeper), and not for a deleted booking', async () => {
    // Prepare: two windows that open in a minute, one of a booking deleted before then (however slow the machine)
    const kept = await partnerWithWebhook();
    const deleted = await partnerWithWebhook();
    const opensInAMinute = () => new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString();
    await bookInsideCutoff(kept.client, { departure_date: opensInAMinute(), return_date: inDays(20) });
    const doomed = await bookInsideCutoff(deleted.client, { departure_date: opensInAMinute(), return_date: inDays(20) });
    await deleted.client.send('DELETE', `/bookings/${doomed.id}`);

    // Act: the service clock reaches both windows, and the sweeper runs
    expect((await moveClock(61_000)).status).toBe(200);
    try {
      await eventually(
        () => receiver.received(kept.path),
        (list) => list.length >= 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a duplicate would have arrived by now
    } finally {
      await moveClock(-61_000);
    }

    // Read after the wait: what arrived during it counts.
    const received = receiver.received(kept.path);
    expect(received.map((d) => d.body.event)).toEqual(['booking.within_cutoff']);
    expect(received[0]!.body.data.days_until_departure).toBe(7);
    expect(receiver.received(deleted.path)).toHaveLength(0);
  });

  it.each<[string, number, string, Behaviour[]]>([
    ['two 500s, then 200', 3, 'delivered', [{ status: 500 }, { status: 502 }, { status: 200 }]],
    ['429 with Retry-After, then 200', 2, 'delivered', [{ status: 429, retryAfter: '0' }, { status: 200 }]],
    ['a slow response past the time-out, then 200', 2, 'delivered', [{ delayMs: 6000, status: 200 }, { status: 200 }]],
    ['a dropped connection, then 200', 2, 'delivered', [{ drop: true }, { status: 200 }]],
    ['a permanent 400', 1, 'rejected', [{ status: 400 }]],
    ['a permanent 404', 1, 'rejected', [{ status: 404 }]],
  ])('on %s makes exactly %i attempt(s), ends %s, with one delivery_id', async (_label, attempts, status, behaviours) => {
    const { client, path } = await partnerWithWebhook(behaviours);

    const booking = await bookInsideCutoff(client);
    const [record] = await deliveryOf(`booking.within_cutoff:${booking.id}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // nothing more may arrive

    expect(record).toMatchObject({ status, attempts });
    expect(receiver.received(path)).toHaveLength(attempts);
    expect(new Set(receiver.received(path).map((d) => d.body.delivery_id)).size).toBe(1);
    expect(receiver.received(path).every((d) => d.signatureValid)).toBe(true);
    const log = await deliveries.attempts(record!.partner_id, record!.delivery_id);
    expect(log.map((a) => a.attempt)).toEqual(Array.from({ length: attempts }, (_, i) => i + 1));
  });

  it('keeps retrying while the receiver is down and delivers when it is back', async () => {
    // Prepare: a port nobody listens on yet
    const down = await startReceiver();
    const port = down.port;
    await down.close();
    const { client, path } = await partnerWithWebhook([{ status: 200 }], `http://127.0.0.1:${port}`);

    // Act
    const booking = await bookInsideCutoff(client);
    const eventId = `booking.within_cutoff:${booking.id}`;
    await eventually(
      () => deliveries.byEvent(eventId),
      (list) => (list[0]?.attempts ?? 0) >= 2,
    );
    const back = await startReceiver(port);
    const received = await eventually(
      () => back.received(path),
      (list) => list.length >= 1,
    );
    const [record] = await deliveryOf(eventId);
    await back.close();

    // Assess
    expect(received).toHaveLength(1);
    expect(record!.status).toBe('delivered');
    expect(record!.attempts).toBeGreaterThanOrEqual(3);
    expect(record!.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
  });

  it('stores when a retrying delivery is due again, and clears it with the next outcome', async () => {
    // Prepare: the log's own writes, as the dispatcher makes them, for a delivery of a fresh partner
    const { partner } = await service.newPartner();
    const event = { partner_id: partner.partner_id, event: 'booking.within_cutoff', event_id: `booking.within_cutoff:${partner.partner_id}` };
    const start = {
      deliveryId: `dlv_${partner.partner_id}`,
      event: { ...event, timestamp: '2026-11-27T10:00:00.000Z', data: {} } as never,
      replay: false,
      now: '2026-11-27T10:00:00.000Z',
    };
    const attempt = (number: number, statusCode: number, at: string) => ({
      delivery_id: start.deliveryId,
      partner_id: partner.partner_id,
      attempt: number,
      status_code: statusCode,
      verdict: statusCode === 200 ? ('delivered' as const) : ('retry' as const),
      latency_ms: 5,
      error: null,
      response_excerpt: null,
      at,
    });

    // Act
    await deliveries.beginAttempt(start);
    await deliveries.recordAttempt(attempt(1, 503, '2026-11-27T10:00:01.000Z'), 'retrying', { nextAttemptAt: '2026-11-27T10:00:31.000Z' });
    const retrying = await deliveries.get(partner.partner_id, start.deliveryId);
    await deliveries.beginAttempt(start);
    await deliveries.recordAttempt(attempt(2, 200, '2026-11-27T10:00:31.500Z'), 'delivered');
    const delivered = await deliveries.get(partner.partner_id, start.deliveryId);

    // Assess
    expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, next_attempt_at: '2026-11-27T10:00:31.000Z' });
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, next_attempt_at: null });
  });

  it('stops after 12 attempts, dead-letters with support details, and a redrive delivers with a new delivery_id', async () => {
    // Prepare
    const { client, path, partner, secret } = await partnerWithWebhook([{ status: 503 }]);
    const booking = await bookInsideCutoff(client);
    const eventId = `booking.within_cutoff:${booking.id}`;

    // Act: exhaust the attempts
    const [record] = await eventually(
      () => deliveries.byEvent(eventId),
      (list) => list[0]?.status === 'dead_lettered',
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Assess
    expect(record).toMatchObject({ status: 'dead_lettered', attempts: MAX_ATTEMPTS, last_status_code: 503 });
    expect(receiver.received(path)).toHaveLength(MAX_ATTEMPTS);

    // Act: the receiver recovers; support redrives the dead-letter queue
    receiver.script(path, [{ status: 200 }], secret);
    const { moved, notMoved } = await redriveDeadLetters(sqs, service.runtime.events);
    const redelivered = await eventually(
      () => receiver.received(path),
      (list) => list.some((d) => d.answered === 200),
    );

    // Assess
    expect(moved).toHaveLength(1);
    expect(notMoved).toBe(0);
    expect(moved[0]!.attributes).toMatchObject({
      partner_id: partner.partner_id,
      event_id: eventId,
      attempts: '12',
      last_status_code: '503',
      delivery_id: record!.delivery_id,
    });
    const success = redelivered.find((d) => d.answered === 200)!;
    expect(success.body.event_id).toBe(eventId);
    expect(success.body.delivery_id).not.toBe(record!.delivery_id);
  }, 40_000);

  it('replays a recorded event with the same event_id and timestamp, a new delivery_id and a fresh signature', async () => {
    const { client, path } = await partnerWithWebhook();
    // Characters outside the BMP travel through both queue paths (the bus's rule and the replay) unchanged.
    const travelerId = 'traveler-😀-\u{20BB7}';
    const booking = await bookInsideCutoff(client, { package_specifications: [makePackageSpecification({ external_user_id: travelerId })] });
    const [original] = await eventually(
      () => receiver.received(path),
      (list) => list.length >= 1,
    );

    await replayEvent(original!.body.event_id, {
      deliveries,
      partners: service.runtime.admin.partners,
      clock: serviceClock,
      queue: sqsWebhookQueue(sqs, {
        queueUrl: () => service.runtime.events.queueUrl,
        deadLetterQueueUrl: () => service.runtime.events.deadLetterQueueUrl,
      }),
    });
    const received = await eventually(
      () => receiver.received(path),
      (list) => list.length >= 2,
    );

    const replay = received[1]!;
    expect(replay.signatureValid).toBe(true);
    expect(replay.body.event_id).toBe(`booking.within_cutoff:${booking.id}`);
    expect(replay.body.timestamp).toBe(original!.body.timestamp);
    expect(replay.body.delivery_id).not.toBe(original!.body.delivery_id);
    expect([original!.body.data.external_user_id, replay.body.data.external_user_id]).toEqual([travelerId, travelerId]);
    expect(receiver.uniqueEventIds(path)).toEqual([replay.body.event_id]);
    const log = await deliveries.byEvent(replay.body.event_id);
    expect(log.map((d) => d.replay).sort()).toEqual([false, true]);
  });

  it('sends an event once when two recoveries by time race for its failed deliveries, and marks them all recovered', async () => {
    // Prepare: a delivered event with two dead-lettered deliveries of it in the log
    const { partner, client, path, since } = await deliveredEvent();
    const failed = await deadLettered(partner.partner_id, path, [
      ['dlv_race_a', since],
      ['dlv_race_b', since],
    ]);

    // Act: two recoveries of the same range at once
    // Each signed with a timestamp of its own: two signatures made in the same millisecond are one, and the second a replay.
    const recover = (skewMs: number) =>
      client.send('POST', '/webhooks/deliveries/recover', { body: { since }, sign: { timestamp: String(Date.now() + skewMs) } });
    const answers = await Promise.all([recover(0), recover(1)]);

    // Assess: one of them queued the event; both deliveries are marked; the receiver gets it once more, not twice
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(answers.map((answer) => answer.body.data.queued).sort()).toEqual([0, 1]);
    const marked = await Promise.all(failed.map((deliveryId) => deliveries.get(partner.partner_id, deliveryId)));
    expect(marked.every((record) => record?.recovered_at)).toBe(true);
    await eventually(
      () => receiver.received(path),
      (list) => list.length >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received(path)).toHaveLength(2);
  });

  it('marks every failed delivery of an event it sends again, also one beyond the call limit, so the next call sends nothing', async () => {
    // Prepare: a delivered event with two dead-lettered deliveries of it, a second apart
    const { partner, client, path, since } = await deliveredEvent();
    const failed = await deadLettered(partner.partner_id, path, [
      ['dlv_limit_a', since],
      ['dlv_limit_b', new Date(Date.parse(since) + 1_000).toISOString()],
    ]);

    // Act: a recovery of one delivery per call, called again as `more` says
    const recover = () => client.send('POST', '/webhooks/deliveries/recover', { body: { since, limit: 1 } });
    const first = await recover();
    const second = await recover();

    // Assess: the first call queued the event and marked both; the second finds nothing to send
    expect([first.status, first.body.data.queued]).toEqual([202, 1]);
    expect([second.status, second.body.data.queued]).toEqual([202, 0]);
    const marked = await Promise.all(failed.map((deliveryId) => deliveries.get(partner.partner_id, deliveryId)));
    expect(marked.every((record) => record?.recovered_at)).toBe(true);
  });

  it('a failure inside one record of a batch fails only that record, and loses nothing', async () => {
    // Prepare: one partner whose signing secret cannot be decrypted (the dispatcher throws for it)
    const broken = await partnerWithWebhook();
    await updatePartnerProfile(
      broken.partner.partner_id,
      (p) => ({ ...p, webhook: { ...p.webhook, signing_secret_ciphertext: 'local:v1:broken.broken.broken' } }),
      service.runtime.admin,
    );
    const healthy = await partnerWithWebhook();

    // Act
    const brokenBooking = await bookInsideCutoff(broken.client);
    await bookInsideCutoff(healthy.client);
    const delivered = await eventually(
      () => receiver.received(healthy.path),
      (list) => list.length >= 1,
    );
    const inFlight = await eventually(
      async () =>
        Number(
          (
            await sqs.send(
              new GetQueueAttributesCommand({ QueueUrl: service.runtime.events.queueUrl, AttributeNames: ['ApproximateNumberOfMessagesNotVisible'] }),
            )
          ).Attributes?.ApproximateNumberOfMessagesNotVisible,
        ),
      (count) => count >= 1,
    );

    // Assess
    expect(delivered).toHaveLength(1);
    expect(receiver.received(broken.path)).toHaveLength(0);
    expect(inFlight).toBeGreaterThanOrEqual(1);
    const [record] = await deliveries.byEvent(`booking.within_cutoff:${brokenBooking.id}`);
    expect(record?.status ?? 'pending').toMatch(/pending|retrying/);
  });

  it('moves a dead letter once per redrive: one that comes back while it runs is left, and the hidden one it could not wait for is counted', async () => {
    // Prepare: a message the dispatcher cannot read (dead-lettered at once, again after a redrive), and a dead letter
    // another reader holds hidden longer than the redrive waits
    const dlq = service.runtime.events.deadLetterQueueUrl;
    const unreadable = `not a webhook event ${Date.now()}`;
    await sqs.send(new SendMessageCommand({ QueueUrl: service.runtime.events.queueUrl, MessageBody: unreadable }));
    await eventually(
      async () => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['ApproximateNumberOfMessages'] }))).Attributes,
      (attributes) => Number(attributes?.ApproximateNumberOfMessages) >= 1,
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: dlq, MessageBody: 'held by another reader' }));
    const { Messages: heldAway = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, VisibilityTimeout: 30 }));
    const othersHold = heldAway.filter((message) => message.Body === 'held by another reader');
    for (const message of heldAway.filter((m) => m.Body !== 'held by another reader')) {
      await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: dlq, ReceiptHandle: message.ReceiptHandle, VisibilityTimeout: 0 }));
    }

    // Act
    const redrive = await redriveDeadLetters(sqs, service.runtime.events, { waitSeconds: 3 });

    // Assess: the unreadable message moved once, though it came back; the held one reported as not moved
    expect(othersHold).toHaveLength(1);
    expect(redrive.moved.filter((message) => message.body === unreadable)).toHaveLength(1);
    expect(redrive.notMoved).toBeGreaterThanOrEqual(1);

    // Clean up: this file's other tests count the dead-letter queue
    for (const message of othersHold) await sqs.send(new DeleteMessageCommand({ QueueUrl: dlq, ReceiptHandle: message.ReceiptHandle }));
    const leftover = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, WaitTimeSeconds: 2 }));
    for (const message of leftover.Messages ?? []) await sqs.send(new DeleteMessageCommand({ QueueUrl: dlq, ReceiptHandle: message.ReceiptHandle }));
  });
});
