// Local event pipeline pieces on real emulators: EventBridge stand-in → fauxqs queue → queue poller, and the DynamoDB Local stream poller.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ChangeMessageVisibilityCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord, SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { eventSource, outboxEntityType, webhookQueueSettings } from '#shared/events/pipeline';
import { ensureTable } from '#bin/local/create-table';
import { type RunningEventBridge, startEventBridgeLocal } from '#bin/local/eventbridge-local';
import { waitFor } from '#bin/local/ports';
import { type QueuePoller, startQueuePoller } from '#bin/local/queue-poller';
import { localAwsClientConfig, type RunningSqs, startSqsLocal } from '#bin/local/sqs-local';
import { type StreamHandler, startStreamPoller } from '#bin/local/stream-poller';

/** Waits for something the pipeline does in the background; fails with `what` after 10 s. */
const eventually = (condition: () => boolean | Promise<boolean>, what: string) =>
  waitFor(
    async () => {
      if (!(await condition())) throw new Error(`still waiting for ${what}`);
    },
    what,
    10_000,
  );

const queueCounts = async (client: SQSClient, queueUrl: string) => {
  const { Attributes = {} } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return { visible: Number(Attributes.ApproximateNumberOfMessages), inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible) };
};

describe('Local runtime: EventBridge PutEvents', () => {
  let sqs: RunningSqs;
  let eventBridge: RunningEventBridge;
  let sqsClient: SQSClient;
  let eventBridgeClient: EventBridgeClient;

  beforeAll(async () => {
    sqs = await startSqsLocal();
    eventBridge = await startEventBridgeLocal({
      eventBusName: 'local',
      sqsEndpoint: sqs.endpoint,
      targets: { webhookQueue: sqs.queueUrl, emailQueue: sqs.emailQueueUrl },
    });
    sqsClient = new SQSClient({ endpoint: sqs.endpoint, ...localAwsClientConfig });
    eventBridgeClient = new EventBridgeClient({ endpoint: eventBridge.endpoint, ...localAwsClientConfig });
  });
  afterAll(async () => {
    eventBridgeClient.destroy();
    sqsClient.destroy();
    await eventBridge.stop();
    await sqs.stop();
  });

  it('delivers an event matching a rule to the webhook queue as EventBridge does, and ignores other detail-types', async () => {
    // Prepare
    const detail = {
      partner_id: 'p-1',
      event: 'booking.within_cutoff',
      event_id: 'booking.within_cutoff:b-1',
      timestamp: '2026-01-02T03:04:05.000Z',
      data: {},
    };
    const time = new Date('2026-01-02T03:04:05.678Z');

    // Act
    const response = await eventBridgeClient.send(
      new PutEventsCommand({
        Entries: [
          { Source: eventSource, DetailType: 'booking.within_cutoff', Detail: JSON.stringify(detail), EventBusName: 'local', Time: time },
          { Source: eventSource, DetailType: 'booking.internal_note', Detail: '{}', EventBusName: 'local' },
        ],
      }),
    );

    // Assess
    expect(response.FailedEntryCount).toBe(0);
    expect(response.Entries).toHaveLength(2);
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: sqs.queueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages).toHaveLength(1);
    expect(JSON.parse(Messages[0]?.Body ?? '')).toEqual({
      version: '0',
      id: response.Entries?.[0]?.EventId,
      'detail-type': 'booking.within_cutoff',
      source: eventSource,
      account: '000000000000',
      time: '2026-01-02T03:04:05Z',
      region: 'us-east-1',
      resources: [],
      detail,
    });
  });

  it('routes an email request to the email queue only, never to the webhook queue', async () => {
    // Prepare
    const detail = {
      partner_id: 'p-1',
      event: 'email.requested',
      event_id: 'email.requested:r-1:0',
      timestamp: '2026-01-02T03:04:05.000Z',
      data: { to: 'a@example.com', subject: 's', text: 't' },
    };

    // Act
    const response = await eventBridgeClient.send(
      new PutEventsCommand({
        Entries: [{ Source: eventSource, DetailType: 'email.requested', Detail: JSON.stringify(detail), EventBusName: 'local' }],
      }),
    );

    // Assess
    expect(response.FailedEntryCount).toBe(0);
    const email = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: sqs.emailQueueUrl, MaxNumberOfMessages: 10 }));
    const webhook = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: sqs.queueUrl, MaxNumberOfMessages: 10 }));
    expect((email.Messages ?? []).map((message) => JSON.parse(message.Body ?? '').detail)).toEqual([detail]);
    expect(webhook.Messages ?? []).toEqual([]);
  });

  it('fails entries sent to another bus or with a detail that is not a JSON object', async () => {
    // Act
    const response = await eventBridgeClient.send(
      new PutEventsCommand({
        Entries: [
          { Source: eventSource, DetailType: 'booking.within_cutoff', Detail: '{}' },
          { Source: eventSource, DetailType: 'booking.within_cutoff', Detail: 'not json', EventBusName: 'local' },
        ],
      }),
    );

    // Assess
    expect(response.FailedEntryCount).toBe(2);
    expect(response.Entries?.map((entry) => entry.ErrorCode)).toEqual(['ResourceNotFoundException', 'MalformedDetail']);
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: sqs.queueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages).toHaveLength(0);
  });

  it('answers any other operation with UnknownOperationException', async () => {
    // Act
    const response = await fetch(eventBridge.endpoint, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.ListRules', 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });

    // Assess
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(await response.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});

describe('Local runtime: SQS event source (queue poller)', () => {
  let sqs: RunningSqs;
  let client: SQSClient;
  let poller: QueuePoller | undefined;

  beforeEach(async () => {
    sqs = await startSqsLocal();
    client = new SQSClient({ endpoint: sqs.endpoint, ...localAwsClientConfig });
  });
  afterEach(async () => {
    await poller?.stop();
    poller = undefined;
    client.destroy();
    await sqs.stop();
    jest.restoreAllMocks();
  });

  it('deletes handled messages, leaves failed ones to come back, and a message failing maxReceiveCount times lands in the DLQ', async () => {
    // Prepare
    await client.send(
      new SendMessageCommand({ QueueUrl: sqs.queueUrl, MessageBody: 'ok', MessageAttributes: { kind: { DataType: 'String', StringValue: 'test' } } }),
    );
    await client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl, MessageBody: 'fail' }));
    const seen: SQSRecord[] = [];
    // Like the dispatcher: a failed delivery ends its visibility (backoff 0 here) and is reported as a batch item failure.
    const handler = async (event: { Records: SQSRecord[] }): Promise<SQSBatchResponse> => {
      seen.push(...event.Records);
      const failed = event.Records.filter((record) => record.body === 'fail');
      for (const record of failed) {
        await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: sqs.queueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: 0 }));
      }
      return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
    };

    // Act
    poller = await startQueuePoller({ sqsEndpoint: sqs.endpoint, queueUrl: sqs.queueUrl, handler, functionName: 'dispatchWebhooks' });
    let deadLetters: string[] = [];
    await eventually(async () => {
      const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl: sqs.deadLetterQueueUrl, WaitTimeSeconds: 1 }));
      deadLetters = Messages.map((message) => message.Body ?? '');
      return deadLetters.length > 0;
    }, 'the failing message in the dead-letter queue');
    await poller.stop();

    // Assess
    expect(deadLetters).toEqual(['fail']);
    const ok = seen.filter((record) => record.body === 'ok');
    const fail = seen.filter((record) => record.body === 'fail');
    expect(ok).toHaveLength(1);
    expect(fail.map((record) => Number(record.attributes.ApproximateReceiveCount))).toEqual(
      Array.from({ length: webhookQueueSettings.maxReceiveCount }, (_, i) => i + 1),
    );
    expect(ok[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:webhook-queue',
      awsRegion: 'us-east-1',
      md5OfBody: expect.any(String),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: expect.any(String), SenderId: expect.any(String) },
      messageAttributes: { kind: { stringValue: 'test', stringListValues: [], binaryListValues: [], dataType: 'String' } },
    });
    expect(await queueCounts(client, sqs.queueUrl)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('runs a batch while an earlier one still waits in the handler, up to maxConcurrency batches', async () => {
    // Prepare: the first message's handler waits until released, as a delivery to a hanging receiver does
    await client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl, MessageBody: 'slow' }));
    let release: () => void = () => {};
    const handled: string[] = [];
    const handler = async (event: { Records: SQSRecord[] }): Promise<SQSBatchResponse> => {
      if (event.Records.some((record) => record.body === 'slow')) await new Promise<void>((resolve) => (release = resolve));
      handled.push(...event.Records.map((record) => record.body));
      return { batchItemFailures: [] };
    };
    poller = await startQueuePoller({
      sqsEndpoint: sqs.endpoint,
      queueUrl: sqs.queueUrl,
      handler,
      functionName: 'dispatchWebhooks',
      maxConcurrency: 2,
    });
    await eventually(() => queueCounts(client, sqs.queueUrl).then((counts) => counts.inFlight === 1), 'the slow batch in the handler');

    // Act
    await client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl, MessageBody: 'fast' }));
    await eventually(() => handled.includes('fast'), 'the fast batch handled beside the slow one');
    release();
    await eventually(() => handled.includes('slow'), 'the slow batch handled once released');

    // Assess
    expect(handled).toEqual(['fast', 'slow']);
  });

  it('deletes nothing of a batch whose handler throws', async () => {
    // Prepare
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl, MessageBody: 'crash' }));
    let calls = 0;
    const handler = async (): Promise<SQSBatchResponse> => {
      calls += 1;
      throw new Error('dispatcher crashed');
    };

    // Act
    poller = await startQueuePoller({ sqsEndpoint: sqs.endpoint, queueUrl: sqs.queueUrl, handler, functionName: 'dispatchWebhooks' });
    await eventually(() => calls === 1, 'the handler to be called');
    await poller.stop();

    // Assess: still in flight until its visibility timeout ends, not deleted.
    expect(await queueCounts(client, sqs.queueUrl)).toEqual({ visible: 0, inFlight: 1 });
  });
});

describe('Local runtime: DynamoDB stream event source (stream poller)', () => {
  const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, ...localAwsClientConfig });
  let tableName: string;
  let streamArn: string;
  let stopPoller: (() => Promise<void>) | undefined;

  const put = (pk: string, entity: string) =>
    client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, sk: { S: 'item' }, entity: { S: entity } } }));
  const pkOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.pk?.S;
  const poll = async (handler: StreamHandler, options: { maxRetries?: number; checkpointFile?: string } = {}) => {
    const poller = await startStreamPoller({
      dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? '',
      streamArn,
      handler,
      functionName: 'publishOutbox',
      pollIntervalMs: 50,
      ...options,
    });
    stopPoller = () => poller.stop();
  };

  beforeEach(async () => {
    // A table per test: every poller starts at the trim horizon of its own stream.
    tableName = `pipeline-${randomUUID()}`;
    streamArn = await ensureTable(client, tableName);
  });
  afterEach(async () => {
    await stopPoller?.();
    stopPoller = undefined;
    jest.restoreAllMocks();
  });
  afterAll(() => client.destroy());

  it('delivers an inserted outbox item once, and neither other items nor updates', async () => {
    // Prepare
    const delivered: DynamoDBRecord[] = [];
    await poll(async (event) => {
      delivered.push(...event.Records);
    });

    // Act
    await put('outbox-1', outboxEntityType);
    await put('booking-1', 'booking');
    await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { pk: { S: 'outbox-1' }, sk: { S: 'item' } },
        UpdateExpression: 'SET published = :yes',
        ExpressionAttributeValues: { ':yes': { BOOL: true } },
      }),
    );
    await put('outbox-2', outboxEntityType); // written last: once it arrives, everything before it was read
    await eventually(() => delivered.some((record) => pkOf(record) === 'outbox-2'), 'the second outbox item');

    // Assess
    expect(delivered.map(pkOf)).toEqual(['outbox-1', 'outbox-2']);
    expect(delivered[0]).toMatchObject({
      eventID: expect.any(String),
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: streamArn,
      dynamodb: {
        Keys: { pk: { S: 'outbox-1' }, sk: { S: 'item' } },
        NewImage: { pk: { S: 'outbox-1' }, sk: { S: 'item' }, entity: { S: outboxEntityType } },
        SequenceNumber: expect.any(String),
        StreamViewType: 'NEW_IMAGE',
        ApproximateCreationDateTime: expect.any(Number),
      },
    });
  });

  it('retries a failed record from its sequence number, and skips one that keeps failing after maxRetries', async () => {
    // Prepare
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const attempts: Record<string, number> = {};
    const batches: string[][] = [];
    await poll(
      async (event) => {
        batches.push(event.Records.map((record) => pkOf(record) ?? ''));
        for (const record of event.Records) attempts[pkOf(record) ?? ''] = (attempts[pkOf(record) ?? ''] ?? 0) + 1;
        const first = event.Records[0];
        // flaky fails by throwing, then by a batch item failure, then succeeds; broken always reports a failure.
        if (pkOf(first!) === 'flaky' && attempts.flaky === 1) throw new Error('publisher crashed');
        if (pkOf(first!) === 'flaky' && attempts.flaky === 2) return { batchItemFailures: [{ itemIdentifier: first!.dynamodb!.SequenceNumber! }] };
        const broken = event.Records.filter((record) => pkOf(record) === 'broken');
        return { batchItemFailures: broken.map((record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber! })) };
      },
      { maxRetries: 3 },
    );

    // Act: one item at a time, so each batch holds exactly the record under test.
    await put('flaky', outboxEntityType);
    await eventually(() => attempts.flaky === 3, 'flaky to be published on its third attempt');
    await put('broken', outboxEntityType);
    await eventually(() => attempts.broken === 4, 'broken to be tried 1 + 3 times');
    await put('after', outboxEntityType);
    await eventually(() => attempts.after === 1, 'the next item');

    // Assess
    expect(batches).toEqual([['flaky'], ['flaky'], ['flaky'], ['broken'], ['broken'], ['broken'], ['broken'], ['after']]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('skipping it'), expect.any(String));
  });

  it('resumes after its checkpoint when a persistent run restarts', async () => {
    // Prepare
    const dataDir = mkdtempSync(join(tmpdir(), 'stream-checkpoint-'));
    const checkpointFile = join(dataDir, 'stream-checkpoints.json');
    const firstRun: string[] = [];
    await poll(async (event) => void firstRun.push(...event.Records.map((record) => pkOf(record) ?? '')), { checkpointFile });
    await put('before-restart', outboxEntityType);
    await eventually(() => firstRun.length === 1, 'the first run to publish its item');
    await stopPoller?.();

    // Act
    await put('after-restart', outboxEntityType);
    const secondRun: string[] = [];
    await poll(async (event) => void secondRun.push(...event.Records.map((record) => pkOf(record) ?? '')), { checkpointFile });
    await eventually(() => secondRun.length > 0, 'the second run to publish');

    // Assess
    expect(firstRun).toEqual(['before-restart']);
    expect(secondRun).toEqual(['after-restart']);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
