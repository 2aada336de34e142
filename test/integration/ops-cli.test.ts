// The ops CLI against a running local service: partners, credentials, webhook settings, deliveries, replay.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_FILE } from '#bin/local/runtime';
import { runOps } from '#bin/ops/cli';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localAwsClientConfig } from '#bin/local/sqs-local';
import { makeDomainEvent } from '#test/support/fakes';
import { mailbox } from '#test/support/mailbox';
import { opsRunner } from '#test/support/ops-runner';
import { signedClient } from '#test/support/signed-client';
import { inDays, makeBookingRequest } from '#test/support/factories';
import { eventually, startReceiver, type Receiver } from '#test/support/webhook-receiver';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';

/** The table stream's record of the outbox item of one event: its shard and sequence number. */
const findStreamRecord = async (endpoint: string, streamArn: string, eventId: string) => {
  const streams = new DynamoDBStreamsClient({ endpoint, ...localAwsClientConfig });
  try {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const { ShardId } of StreamDescription?.Shards ?? []) {
      let { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
      while (ShardIterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator }));
        const record = page.Records?.find((r) => r.dynamodb?.NewImage?.event_id?.S === eventId && r.eventName === 'INSERT');
        if (record) return { shardId: ShardId!, sequenceNumber: record.dynamodb!.SequenceNumber! };
        if (!page.Records?.length) break;
        ShardIterator = page.NextShardIterator;
      }
    }
    throw new Error(`No stream record of ${eventId}`);
  } finally {
    streams.destroy();
  }
};

describe('Ops CLI', () => {
  let service: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    service = await startTestService({ WEBHOOK_BACKOFF_SCALE: '0.00001' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.stop();
  });

  const ops = (...argv: string[]) => opsRunner(service.dataDir)(...argv);

  it('creates a partner whose printed credentials sign requests, and never shows the secret again', async () => {
    // Act
    const created = (await ops('partner', 'create', '--name', 'Acme Travel', '--json')).json();
    const shown = (await ops('partner', 'show', created.partner_id, '--json')).json();
    const listed = (await ops('partner', 'list', '--json')).json();
    const call = await signedClient(service.url, created).send('GET', '/bookings');

    // Assess
    expect(created).toMatchObject({ name: 'Acme Travel', status: 'active', partner_id: expect.stringMatching(/^ptn_/) });
    expect(created.api_secret).toMatch(/^sk_/);
    expect(shown).not.toHaveProperty('api_secret');
    expect(JSON.stringify(listed)).not.toContain(created.api_secret);
    expect(listed.map((p: { partner_id: string }) => p.partner_id)).toContain(created.partner_id);
    expect(call.status).toBe(200);
  });

  it('imports the catalog file idempotently and refuses a file that is no catalog', async () => {
    const file = join(projectRoot, CATALOG_FILE);
    const broken = join(service.dataDir, 'broken-catalog.json');
    writeFileSync(broken, JSON.stringify({ version: 1, published: '2026-11-23', regions: [], bundles: [{ id: 'x' }] }));

    const first = await ops('catalog', 'import', file, '--json');
    const again = await ops('catalog', 'import', file, '--json');
    const refused = await ops('catalog', 'import', broken);
    const missing = await ops('catalog', 'import');

    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: number };
    expect(first.json()).toMatchObject({ version, changed: true, bundles: 26 });
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({ version, changed: false });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The catalog file is not valid');
    expect(missing.code).toBe(2);
  });

  it('rotates the API secret with a hard cutover', async () => {
    const created = (await ops('partner', 'create', '--name', 'Rotating', '--json')).json();

    const rotated = (await ops('partner', 'rotate-secret', created.partner_id, '--json')).json();
    const withOld = await signedClient(service.url, created).send('GET', '/bookings');
    const withNew = await signedClient(service.url, rotated).send('GET', '/bookings');

    expect(rotated.api_secret).not.toBe(created.api_secret);
    expect(withOld.status).toBe(401);
    expect(withNew.status).toBe(200);
  });

  it('disables a partner so its requests are refused', async () => {
    const created = (await ops('partner', 'create', '--name', 'Paused', '--json')).json();

    await ops('partner', 'update', created.partner_id, '--status', 'disabled');
    const response = await signedClient(service.url, created).send('GET', '/bookings');

    expect(response.status).toBe(401);
  });

  it('sets a webhook and signing secret, lists the deliveries of an event and replays it', async () => {
    // Prepare
    const created = (await ops('partner', 'create', '--name', 'Hooked', '--json')).json();
    const set = await ops(
      'webhook',
      'set',
      created.partner_id,
      '--url',
      `${receiver.url}/ops`,
      '--auth-header',
      'Authorization',
      '--auth-prefix',
      'Bearer ',
      '--json',
    );
    const { signing_secret: secret } = (await ops('webhook', 'rotate-secret', created.partner_id, '--json')).json();
    receiver.script('/ops', [{ status: 200 }], secret);
    const booking = (
      await signedClient(service.url, created).send('POST', '/bookings', {
        body: makeBookingRequest({ departure_date: inDays(2), return_date: inDays(4) }),
      })
    ).body.data[0];
    const eventId = `booking.within_cutoff:${booking.id}`;
    await eventually(
      () => receiver.received('/ops'),
      (list) => list.length >= 1,
    );

    // Act
    const replay = await ops('events', 'replay', eventId, '--json');
    const received = await eventually(
      () => receiver.received('/ops'),
      (list) => list.length >= 2,
    );
    type Listed = Array<{ status: string; replay: boolean; attempt_log: Array<Record<string, unknown>> }>;
    const listed = await eventually(
      async (): Promise<Listed> => (await ops('deliveries', 'list', '--event-id', eventId, '--json')).json(),
      (list) => list.length === 2 && list.every((d) => d.status === 'delivered'),
    );

    // Assess
    expect(set.code).toBe(0);
    expect(secret).toMatch(/^whsec_/);
    expect(replay.json()).toMatchObject({ replayed: eventId });
    expect(received.every((d) => d.signatureValid && d.headers.authorization === `Bearer ${created.api_key}`)).toBe(true);
    expect(listed).toHaveLength(2);
    expect(listed.map((d) => d.replay).sort()).toEqual([false, true]);
    expect(listed[0]!.attempt_log[0]).toMatchObject({ attempt: 1, status_code: 200, verdict: 'delivered' });
    const byPartner = (await ops('deliveries', 'list', '--partner', created.partner_id, '--json')).json();
    expect(byPartner).toHaveLength(2);
  });

  it('lists a dead-lettered delivery without removing it, then redrives it', async () => {
    // Prepare: a receiver that fails every attempt, so the delivery is dead-lettered after the 12th.
    const created = (await ops('partner', 'create', '--name', 'Failing', '--json')).json();
    await ops('webhook', 'set', created.partner_id, '--url', `${receiver.url}/dlq`);
    receiver.script('/dlq', [{ status: 500 }]);
    const booking = (
      await signedClient(service.url, created).send('POST', '/bookings', {
        body: makeBookingRequest({ departure_date: inDays(2), return_date: inDays(4) }),
      })
    ).body.data[0];
    const eventId = `booking.within_cutoff:${booking.id}`;

    // Act
    type Listing = { approximate_count: number; messages: Array<Record<string, string>> };
    const listing = async (): Promise<Listing> => {
      const result = await ops('dlq', 'list', '--json');
      return result.code === 0 ? result.json() : { approximate_count: 0, messages: [] };
    };
    const listed = await eventually(listing, (found) => found.messages.some((m) => m.event_id === eventId), 60_000);
    // Right after a listing: it must have left every message visible to the next command.
    const listedAgain = await ops('dlq', 'list', '--json');
    const redrive = await ops('dlq', 'redrive', '--json');
    const redriven = redrive.json() as { redriven: number; not_moved: number; messages: Array<Record<string, string>> };

    // Assess
    expect(listedAgain.json().messages.map((m: Record<string, string>) => m.event_id)).toContain(eventId);
    expect(redrive.code).toBe(0);
    expect(redriven.not_moved).toBe(0);
    expect(redriven.messages.map((m) => m.event_id)).toContain(eventId);
    expect(listed.approximate_count).toBeGreaterThanOrEqual(1);
    expect(listed.messages.find((m) => m.event_id === eventId)).toMatchObject({
      partner_id: created.partner_id,
      attempts: '12',
      reason: 'No success after 12 attempts',
    });
    expect(redriven.redriven).toBeGreaterThanOrEqual(1);
    // Twelve failing attempts, then a listing that hides each dead letter for a few seconds: slow on a loaded machine.
  }, 90_000);

  it("marks what support sends again recovered, so the partner's recovery afterwards sends none of it twice", async () => {
    // Prepare: two events of one partner dead-lettered against a failing receiver.
    const created = (await ops('partner', 'create', '--name', 'Recovered by support', '--json')).json();
    await ops('webhook', 'set', created.partner_id, '--url', `${receiver.url}/support-recovery`);
    receiver.script('/support-recovery', [{ status: 500 }]);
    const client = signedClient(service.url, created);
    const since = new Date(Date.now() - 1000).toISOString();
    const book = async () => {
      const response = await client.send('POST', '/bookings', { body: makeBookingRequest({ departure_date: inDays(2), return_date: inDays(4) }) });
      return `booking.within_cutoff:${response.body.data[0].id}`;
    };
    const [redriven, replayed] = [await book(), await book()];
    const deadLettered = async () =>
      (await client.send('GET', '/webhooks/deliveries?status=dead_lettered')).body.data as Array<{ event_id: string; recovered_at: string | null }>;
    await eventually(deadLettered, (list) => list.length === 2, 60_000);
    receiver.script('/support-recovery', [{ status: 200 }]);

    // Act: support replays one event, then redrives the dead-letter queue; the partner then recovers by time.
    const replay = (await ops('events', 'replay', replayed, '--json')).json();
    const redrive = await ops('dlq', 'redrive', '--json');
    await eventually(
      () => receiver.received('/support-recovery'),
      (list) => new Set(list.filter((d) => d.answered === 200).map((d) => d.body.event_id)).size === 2,
    );
    const recovery = await client.send('POST', '/webhooks/deliveries/recover', { body: { since } });

    // Assess
    expect(replay).toMatchObject({ replayed, deliveries_marked_recovered: 1 });
    expect(redrive.code).toBe(0);
    expect(redrive.json().deliveries_marked_recovered).toBeGreaterThanOrEqual(1);
    expect(recovery.status).toBe(202);
    expect(recovery.body.data).toEqual({ queued: 0, event_ids: [], more: false });
    const marked = await deadLettered();
    expect(marked.map((d) => d.event_id).sort()).toEqual([redriven, replayed].sort());
    expect(marked.every((d) => typeof d.recovered_at === 'string')).toBe(true);
  }, 90_000);

  it('recovers the deliveries held while an endpoint was disabled, once support enabled it, each event once', async () => {
    // Prepare: a partner whose endpoint support disabled; a booking event is held meanwhile.
    const created = (await ops('partner', 'create', '--name', 'Held by support', '--json')).json();
    await ops('webhook', 'set', created.partner_id, '--url', `${receiver.url}/held`, '--disable');
    const client = signedClient(service.url, created);
    const since = new Date(Date.now() - 1000).toISOString();
    const booked = await client.send('POST', '/bookings', { body: makeBookingRequest({ departure_date: inDays(2), return_date: inDays(4) }) });
    const eventId = `booking.within_cutoff:${booked.body.data[0].id}`;
    await eventually(
      async () => (await client.send('GET', '/webhooks/deliveries?status=held')).body.data as unknown[],
      (list) => list.length === 1,
    );

    // Act: refused while disabled; then enabled and recovered, and recovered again
    const whileDisabled = await ops('deliveries', 'recover', created.partner_id, '--since', since);
    await ops('webhook', 'set', created.partner_id, '--enable');
    const recovered = await ops('deliveries', 'recover', created.partner_id, '--since', since, '--json');
    const again = await ops('deliveries', 'recover', created.partner_id, '--since', since, '--json');
    const received = await eventually(
      () => receiver.received('/held'),
      (list) => list.length >= 1,
    );
    const withoutSince = await ops('deliveries', 'recover', created.partner_id);

    // Assess
    expect(whileDisabled).toMatchObject({ code: 1, err: expect.stringContaining('enable it (webhook set --enable) first') });
    expect(recovered.json()).toEqual({ queued: 1, event_ids: [eventId], more: false });
    expect(again.json()).toEqual({ queued: 0, event_ids: [], more: false });
    expect(received.map((delivery) => delivery.body.event_id)).toEqual([eventId]);
    expect(withoutSince).toMatchObject({ code: 2, err: expect.stringContaining('Missing --since <time>.') });
  }, 60_000);

  it('lists a dead-lettered email by whose it is and the promo code it delivers, never its content, and redrives it to the email function', async () => {
    // Prepare: a claim email the email queue gave up on, as EventBridge delivered it.
    const { sqsEndpoint, emailDeadLetterQueueUrl } = service.runtime.events;
    const sqs = new SQSClient({ endpoint: sqsEndpoint, ...localAwsClientConfig });
    const to = `dead-letter-${Date.now()}@example.com`;
    const about = { kind: 'promo_code_claim', booking_id: 'b-dlq', promo_code_uuid: '5f0c5b9e-8d7a-4c1e-9b2a-3e4d5c6b7a81' };
    const detail = {
      partner_id: 'ptn_mailer',
      event: 'email.requested',
      event_id: 'email.requested:r-dlq:0',
      timestamp: new Date().toISOString(),
      about,
      data: { to, subject: 'Your eSIM promo code', text: 'Code SECR-ETCO-DE12' },
    };
    await sqs.send(
      new SendMessageCommand({ QueueUrl: emailDeadLetterQueueUrl, MessageBody: JSON.stringify({ 'detail-type': 'email.requested', detail }) }),
    );
    sqs.destroy();

    // Act
    const listed = (await ops('dlq', 'list', '--queue', 'emails', '--json')).json();
    const redriven = await eventually(
      async () => (await ops('dlq', 'redrive', '--queue', 'emails', '--json')).json() as { redriven: number },
      (result) => result.redriven >= 1,
    );
    const sent = await mailbox(service.dataDir).waitFor(to);
    const unknownQueue = await ops('dlq', 'list', '--queue', 'everything');

    // Assess
    expect(listed.messages).toContainEqual({ partner_id: 'ptn_mailer', event_id: 'email.requested:r-dlq:0', about });
    expect(JSON.stringify(listed)).not.toContain(to);
    expect(JSON.stringify(listed)).not.toContain('SECR-ETCO-DE12');
    expect(redriven.redriven).toBeGreaterThanOrEqual(1);
    expect(sent).toHaveLength(1);
    expect(unknownQueue).toMatchObject({ code: 2, err: expect.stringContaining('--queue must be webhooks, emails, bus-targets or stream-failures') });
  }, 60_000);

  it('moves two dead letters with the same body that were both there before the redrive, and blames no other reader', async () => {
    // Prepare: the bus delivers at least once, so two identical dead letters can be there.
    const { sqsEndpoint, emailDeadLetterQueueUrl } = service.runtime.events;
    const sqs = new SQSClient({ endpoint: sqsEndpoint, ...localAwsClientConfig });
    const detail = { partner_id: 'ptn_twice', event: 'email.requested', event_id: 'email.requested:r-twice:0', timestamp: new Date().toISOString() };
    const data = { to: `twice-${Date.now()}@example.com`, subject: 'S', text: 'T' };
    const body = JSON.stringify({ 'detail-type': 'email.requested', detail: { ...detail, data } });
    for (let copy = 0; copy < 2; copy += 1) await sqs.send(new SendMessageCommand({ QueueUrl: emailDeadLetterQueueUrl, MessageBody: body }));
    sqs.destroy();

    // Act
    const redrive = await ops('dlq', 'redrive', '--queue', 'emails', '--json');

    // Assess
    expect(redrive.code).toBe(0);
    expect(redrive.json()).toMatchObject({ redriven: 2, not_moved: 0 });
  });

  it("redrives the events the bus could not queue to their rules' queues, and leaves in place what no rule matches", async () => {
    // Prepare: what EventBridge leaves in the rules' dead-letter queue: each event as its rule would have queued it.
    const created = (await ops('partner', 'create', '--name', 'Bus target failure', '--json')).json();
    await ops('webhook', 'set', created.partner_id, '--url', `${receiver.url}/bus-targets`);
    const { sqsEndpoint, eventTargetDeadLetterQueueUrl } = service.runtime.events;
    const sqs = new SQSClient({ endpoint: sqsEndpoint, ...localAwsClientConfig });
    const busEvent = (detailType: string, detail: object) =>
      JSON.stringify({
        version: '0',
        id: `ev-${detailType}`,
        'detail-type': detailType,
        source: 'esim.booking-service',
        time: new Date().toISOString(),
        detail,
      });
    const to = `bus-target-${Date.now()}@example.com`;
    const webhookEventId = `booking.within_cutoff:bk_bus_${Date.now()}`;
    const timestamp = new Date().toISOString();
    const failures = [
      busEvent('booking.within_cutoff', makeDomainEvent({ partner_id: created.partner_id, event_id: webhookEventId, timestamp })),
      busEvent('email.requested', {
        partner_id: created.partner_id,
        event: 'email.requested',
        event_id: 'email.requested:r-bus:0',
        timestamp,
        data: { to, subject: 'Your eSIM promo code', text: 'Code BUSS-ETCO-DE12' },
      }),
      busEvent('no.such.event', { partner_id: created.partner_id, event_id: 'no.such.event:1' }),
    ];
    for (const body of failures) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: eventTargetDeadLetterQueueUrl,
          MessageBody: body,
          MessageAttributes: {
            RULE_ARN: { DataType: 'String', StringValue: 'arn:aws:events:eu-west-1:000000000000:rule/bus/WebhookDelivery' },
            ERROR_CODE: { DataType: 'String', StringValue: 'SQSPermissionDenied' },
            ERROR_MESSAGE: { DataType: 'String', StringValue: 'Access denied to the target queue' },
          },
        }),
      );
    }
    // Not put there by the bus (no RULE_ARN): a redrive must not sign it and send it to the partner.
    const forged = busEvent(
      'booking.within_cutoff',
      makeDomainEvent({ partner_id: created.partner_id, event_id: 'booking.within_cutoff:forged', timestamp }),
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: eventTargetDeadLetterQueueUrl, MessageBody: forged }));
    sqs.destroy();

    // Act
    const listed = (await ops('dlq', 'list', '--queue', 'bus-targets', '--json')).json();
    const redrive = await ops('dlq', 'redrive', '--queue', 'bus-targets', '--json');
    const delivered = await eventually(
      () => receiver.received('/bus-targets'),
      (list) => list.some((d) => d.body.event_id === webhookEventId),
    );
    const sent = await mailbox(service.dataDir).waitFor(to);
    const leftInQueue = (await ops('dlq', 'list', '--queue', 'bus-targets', '--json')).json();

    // Assess
    expect(listed.approximate_count).toBe(4);
    expect(listed.messages).toContainEqual({
      detail_type: 'booking.within_cutoff',
      partner_id: created.partner_id,
      event_id: webhookEventId,
      target: 'webhookQueue',
      rule: 'WebhookDelivery',
      error_code: 'SQSPermissionDenied',
      error_message: 'Access denied to the target queue',
    });
    expect(JSON.stringify(listed)).not.toContain(to);
    expect(JSON.stringify(listed)).not.toContain('BUSS-ETCO-DE12');
    expect(redrive.code).toBe(1);
    expect(redrive.err).toContain('2 left in place');
    expect(redrive.json()).toMatchObject({ redriven: 2, not_moved: 0 });
    expect(redrive.json().left_in_place).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event_id: 'no.such.event:1', reason: expect.any(String) }),
        expect.objectContaining({ event_id: 'booking.within_cutoff:forged', reason: expect.stringContaining('RULE_ARN') }),
      ]),
    );
    expect(delivered.filter((d) => d.body.event_id === webhookEventId)).toHaveLength(1);
    expect(delivered.filter((d) => d.body.event_id === 'booking.within_cutoff:forged')).toHaveLength(0);
    expect(sent).toHaveLength(1);
    expect(leftInQueue.messages.map((m: { event_id: string }) => m.event_id).sort()).toEqual(['booking.within_cutoff:forged', 'no.such.event:1']);
  }, 60_000);

  it('lists the stream batches the publisher gave up on, publishes a batch again from the stream, and leaves one it cannot read', async () => {
    // Prepare: a booking event delivered once; then Lambda's on-failure records (a batch's position, no event) for
    // the stream record of its outbox item, and for a batch of a stream that does not exist.
    const created = (await ops('partner', 'create', '--name', 'Stream failure', '--json')).json();
    await ops('webhook', 'set', created.partner_id, '--url', `${receiver.url}/stream-failures`);
    // Two bookings: the shard holds their two outbox items and, between them, the table's other writes.
    const book = async () =>
      (
        await signedClient(service.url, created).send('POST', '/bookings', {
          body: makeBookingRequest({ departure_date: inDays(2), return_date: inDays(4) }),
        })
      ).body.data[0].id;
    const eventIds = [`booking.within_cutoff:${await book()}`, `booking.within_cutoff:${await book()}`];
    const deliveredOf = (eventId: string) => (list: Array<{ body: { event_id: string; delivery_id: string } }>) =>
      list.filter((d) => d.body.event_id === eventId);
    await eventually(
      () => receiver.received('/stream-failures'),
      (list) => eventIds.every((eventId) => deliveredOf(eventId)(list).length === 1),
    );
    const { sqsEndpoint, streamFailureQueueUrl, streamArn } = service.runtime.events;
    const [firstRecord, lastRecord] = await Promise.all(
      eventIds.map((eventId) => findStreamRecord(service.runtime.dynamodbEndpoint, streamArn, eventId)),
    );
    const failure = (batch: Record<string, unknown>) =>
      JSON.stringify({
        requestContext: {
          requestId: 'r-1',
          functionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:publish',
          condition: 'RetryAttemptsExhausted',
        },
        responseContext: { statusCode: 200, functionError: 'Unhandled' },
        version: '1.0',
        timestamp: '2026-11-27T10:05:00.000Z',
        DDBStreamBatchInfo: {
          approximateArrivalOfFirstRecord: '2026-11-27T10:00:00Z',
          approximateArrivalOfLastRecord: '2026-11-27T10:00:02Z',
          ...batch,
        },
      });
    const gone = {
      shardId: 'shardId-00000001573689847184-864758bb',
      startSequenceNumber: '800000000003126276362',
      endSequenceNumber: '800000000003126276365',
      batchSize: 4,
      streamArn: `${streamArn}-gone`,
    };
    expect(lastRecord!.shardId).toBe(firstRecord!.shardId);
    // Lambda counts the records its filter passed: the two outbox items, not the writes between them.
    const real = {
      shardId: firstRecord!.shardId,
      startSequenceNumber: firstRecord!.sequenceNumber,
      endSequenceNumber: lastRecord!.sequenceNumber,
      batchSize: 2,
      streamArn,
    };
    const sqs = new SQSClient({ endpoint: sqsEndpoint, ...localAwsClientConfig });
    // A range that holds more outbox items than the batch Lambda names is no such batch: publishing it would resend more.
    const overfull = { ...real, batchSize: 1 };
    for (const batch of [gone, real, overfull]) {
      await sqs.send(new SendMessageCommand({ QueueUrl: streamFailureQueueUrl, MessageBody: failure(batch) }));
    }
    sqs.destroy();

    // Act
    const listed = (await ops('dlq', 'list', '--queue', 'stream-failures', '--json')).json();
    const redrive = await ops('dlq', 'redrive', '--queue', 'stream-failures', '--json');
    const delivered = await eventually(
      () => receiver.received('/stream-failures'),
      (list) => eventIds.every((eventId) => deliveredOf(eventId)(list).length === 2),
    );
    const listedAgain = (await ops('dlq', 'list', '--queue', 'stream-failures', '--json')).json();

    // Assess
    expect(listed.messages).toContainEqual({
      condition: 'RetryAttemptsExhausted',
      function_error: 'Unhandled',
      stream_arn: gone.streamArn,
      shard_id: gone.shardId,
      start_sequence_number: gone.startSequenceNumber,
      end_sequence_number: gone.endSequenceNumber,
      batch_size: 4,
      first_record_at: '2026-11-27T10:00:00Z',
      last_record_at: '2026-11-27T10:00:02Z',
      readable_until: '2026-11-28T10:00:00.000Z',
    });
    expect(redrive.code).toBe(1);
    expect(redrive.json()).toMatchObject({
      recovered: 1,
      batches: [expect.objectContaining({ shard_id: real.shardId, outbox_items: 2, entries_published: 2 })],
    });
    expect(redrive.json().left_in_place).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ stream_arn: gone.streamArn, reason: expect.stringContaining('another stream') }),
        expect.objectContaining({ batch_size: 1, reason: expect.stringContaining('2 outbox items, more than the batch') }),
      ]),
    );
    // Each event again, as the publisher would have sent it: same event_id, a delivery of its own.
    for (const eventId of eventIds) {
      const [first, second] = deliveredOf(eventId)(delivered);
      expect(second!.body.delivery_id).not.toBe(first!.body.delivery_id);
    }
    expect(listedAgain.messages.map((m: { batch_size: number }) => m.batch_size).sort()).toEqual([1, 4]);
  }, 60_000);

  it('explains what went wrong and exits non-zero', async () => {
    const unknown = await ops('partner', 'show', 'ptn_nobody');
    const badUrl = await ops('webhook', 'set', 'ptn_nobody', '--url', 'ftp://example.com');
    const usage = await ops('frobnicate');
    const missing = await ops('partner', 'create');
    const longOverlap = await ops('webhook', 'rotate-secret', 'ptn_nobody', '--overlap-minutes', '20000');
    const bothSwitches = await ops('webhook', 'set', 'ptn_nobody', '--enable', '--disable');
    const bothFilters = await ops('deliveries', 'list', '--event-id', 'e-1', '--partner', 'ptn_nobody');
    const unknownPartnersDeliveries = await ops('deliveries', 'list', '--partner', 'ptn_nobody');
    const quiet = (await ops('partner', 'create', '--name', 'Quiet Air', '--json')).json().partner_id;
    const noDeliveries = await ops('deliveries', 'list', '--partner', quiet);

    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('No partner') });
    expect(badUrl.code).toBe(1);
    expect(usage).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining('--name') });
    // The API's bound (7 days): support cannot keep an old signing secret valid longer than a partner can.
    expect(longOverlap).toMatchObject({ code: 2, err: expect.stringContaining('at most 10080') });
    expect(bothSwitches).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    expect(bothFilters).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    // A mistyped partner id is named as such, not taken for a partner without deliveries.
    expect(unknownPartnersDeliveries).toMatchObject({ code: 1, err: expect.stringContaining('No partner "ptn_nobody"') });
    expect(noDeliveries).toMatchObject({ code: 0, out: 'No deliveries.' });
  });

  it('tells the operator to start the service when none is running', async () => {
    const code = await runOps(['partner', 'list', '--data-dir', '/nonexistent-folder'], {
      out: () => {},
      err: (text) => expect(text).toContain('npm start'),
      defaultDataDir: '/nonexistent-folder',
    });
    expect(code).toBe(1);
  });
  it('manages brands: set with validation, default, list, remove', async () => {
    // Prepare
    const partner = (await ops('partner', 'create', '--name', 'Branded', '--json')).json();
    const logo = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;

    // Act
    const set = await ops(
      'brand',
      'set',
      partner.partner_id,
      'skyline',
      '--name',
      'Skyline',
      '--primary-color',
      '#0B5CAD',
      '--logo',
      logo,
      '--default',
      '--json',
    );
    const lowContrast = await ops('brand', 'set', partner.partner_id, 'pale', '--name', 'Pale', '--primary-color', '#ffdd00');
    const badLogo = await ops(
      'brand',
      'set',
      partner.partner_id,
      'remote',
      '--name',
      'Remote',
      '--primary-color',
      '#222222',
      '--logo',
      'http://logo.example/x.png',
    );
    await ops('brand', 'set', partner.partner_id, 'second', '--name', 'Second', '--primary-color', '#222222');
    const listed = (await ops('brand', 'list', partner.partner_id, '--json')).json();
    const removed = await ops('brand', 'remove', partner.partner_id, 'skyline', '--json');
    const afterRemoval = (await ops('brand', 'list', partner.partner_id, '--json')).json();
    const removedAgain = await ops('brand', 'remove', partner.partner_id, 'skyline');
    const otherPartner = await ops('brand', 'list', 'ptn_unknown');

    // Assess
    expect(set.code).toBe(0);
    expect(set.json()).toMatchObject({ brand_id: 'skyline', primary_color: '#0b5cad', logo, is_default: true });
    expect(lowContrast.code).toBe(1);
    expect(lowContrast.err).toContain('contrast');
    expect(badLogo.code).toBe(1);
    expect(badLogo.err).toContain('https');
    expect(listed.map((b: { brand_id: string; is_default: boolean }) => [b.brand_id, b.is_default])).toEqual([
      ['second', false],
      ['skyline', true],
    ]);
    expect(removed.code).toBe(0);
    expect(afterRemoval.map((b: { brand_id: string; is_default: boolean }) => [b.brand_id, b.is_default])).toEqual([['second', false]]);
    expect(removedAgain.code).toBe(1);
    expect(otherPartner.code).toBe(1);
  });
});
