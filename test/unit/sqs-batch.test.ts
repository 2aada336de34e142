// sqs adapter → one record's failure fails only that record, is logged without its body, and an expected
// failure (a postponed retry) goes back to the queue without an error log.
import { jest } from '@jest/globals';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';

process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const { sqsBatchHandler } = await import('#shared/http/sqs-batch');
const { logger } = await import('#shared/observability');

const makeRecord = (messageId: string, body: string): SQSRecord => ({
  messageId,
  receiptHandle: `rh-${messageId}`,
  body,
  attributes: {
    ApproximateReceiveCount: '2',
    SentTimestamp: '1764000000000',
    SenderId: 'sender',
    ApproximateFirstReceiveTimestamp: '1764000000001',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:queue',
  awsRegion: 'eu-west-1',
});
const makeEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const context = { functionName: 'consumer', awsRequestId: 'req-1' } as Context;

class Postponed extends Error {}

describe('Function wrapper: sqsBatchHandler', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reports only the records that threw, and handles every record of the batch', async () => {
    // Prepare
    const handled: string[] = [];
    const handler = sqsBatchHandler({
      handle: async (record) => {
        handled.push(record.messageId);
        if (record.body === 'bad') throw new Error('refused');
      },
      failureMessage: 'Work failed',
    });
    jest.spyOn(logger, 'error').mockImplementation(() => {});

    // Act
    const response = await handler(makeEvent(makeRecord('m-1', 'ok'), makeRecord('m-2', 'bad'), makeRecord('m-3', 'ok')), context);

    // Assess
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-2' }]);
    expect(handled.sort()).toEqual(['m-1', 'm-2', 'm-3']);
  });

  it('answers a batch where every record failed with all of them, instead of failing the invocation', async () => {
    const handler = sqsBatchHandler({ handle: async () => Promise.reject(new Error('down')), failureMessage: 'Work failed' });
    jest.spyOn(logger, 'error').mockImplementation(() => {});

    const response = await handler(makeEvent(makeRecord('m-1', 'a'), makeRecord('m-2', 'b')), context);

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }, { itemIdentifier: 'm-2' }]);
  });

  it('logs a failed record by message id and receive count, never its body', async () => {
    const handler = sqsBatchHandler({ handle: async () => Promise.reject(new Error('refused')), failureMessage: 'Email not sent' });
    const error = jest.spyOn(logger, 'error').mockImplementation(() => {});

    await handler(makeEvent(makeRecord('m-7', '{"to":"traveler@example.com","code":"SECRET-CODE"}')), context);

    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Email not sent', expect.objectContaining({ messageId: 'm-7', receiveCount: '2' }));
    expect(JSON.stringify(error.mock.calls)).not.toContain('SECRET-CODE');
  });

  it('sends an expected failure back to the queue without logging an error', async () => {
    const handler = sqsBatchHandler({
      handle: async (record) => {
        if (record.body === 'later') throw new Postponed();
        throw new Error('broken');
      },
      failureMessage: 'Delivery failed',
      isExpected: (failure) => failure instanceof Postponed,
    });
    const error = jest.spyOn(logger, 'error').mockImplementation(() => {});

    const response = await handler(makeEvent(makeRecord('m-1', 'later'), makeRecord('m-2', 'now')), context);

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }, { itemIdentifier: 'm-2' }]);
    expect(error.mock.calls.map(([, details]) => (details as { messageId: string }).messageId)).toEqual(['m-2']);
  });

  it('keeps the failures of two batches that overlap in one process apart', async () => {
    // Prepare: the first batch's failing record waits until the second batch has run
    let release: () => void = () => {};
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const handler = sqsBatchHandler({
      handle: async (record) => {
        if (record.body === 'slow-bad') await waiting;
        if (record.body.endsWith('bad')) throw new Postponed('later');
      },
      failureMessage: 'Record failed',
      isExpected: (error) => error instanceof Postponed,
    });

    // Act
    const first = handler(makeEvent(makeRecord('a-bad', 'bad'), makeRecord('a-slow', 'slow-bad')), context);
    const second = await handler(makeEvent(makeRecord('b-ok', 'ok')), context);
    release();

    // Assess
    expect(second).toEqual({ batchItemFailures: [] });
    expect(await first).toEqual({ batchItemFailures: [{ itemIdentifier: 'a-bad' }, { itemIdentifier: 'a-slow' }] });
  });
});
