// stream adapter → a PutEvents that refuses entries or fails is logged with EventBridge's cause and retried in order.
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import { jest } from '@jest/globals';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';

process.env.EVENT_BUS_NAME = 'bus';
process.env.AWS_REGION = 'eu-west-1';
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const { handler } = await import('#functions/publish-outbox');
const { logger } = await import('#shared/observability');

const streamEvent = (count: number): DynamoDBStreamEvent => ({
  Records: Array.from({ length: count }, (_, index) => ({
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: `seq-${index}`,
      NewImage: marshall({
        entity: 'outbox',
        partner_id: 'ptn_1',
        event: 'booking.within_cutoff',
        event_id: `evt-${index}`,
        timestamp: '2026-11-22T12:00:00.000Z',
        data: { traveler_email: 'a@example.com' },
      }) as NonNullable<DynamoDBStreamEvent['Records'][number]['dynamodb']>['NewImage'],
    },
  })),
});
const context = { functionName: 'publishOutbox', awsRequestId: 'req-1' } as Context;

describe('Function: publishOutbox', () => {
  const eventBridge = mockClient(EventBridgeClient);
  afterEach(() => {
    eventBridge.reset();
    jest.restoreAllMocks();
  });

  it('logs the entries EventBridge refused with its error code, never the event body, and retries from the first', async () => {
    // Prepare
    eventBridge.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ EventId: 'e0' }, { ErrorCode: 'ThrottlingException', ErrorMessage: 'Rate exceeded' }, { EventId: 'e2' }],
    });
    const error = jest.spyOn(logger, 'error').mockImplementation(() => {});

    // Act
    const response = await handler(streamEvent(3), context);

    // Assess
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'seq-1' }, { itemIdentifier: 'seq-2' }]);
    expect(error).toHaveBeenCalledWith('PutEvents refused entries', {
      refused: [{ detailType: 'booking.within_cutoff', errorCode: 'ThrottlingException', errorMessage: 'Rate exceeded' }],
    });
    expect(JSON.stringify(error.mock.calls)).not.toContain('a@example.com');
  });

  it('logs a failed PutEvents call with its cause and retries the whole batch', async () => {
    // Prepare
    eventBridge.on(PutEventsCommand).rejects(Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' }));
    const error = jest.spyOn(logger, 'error').mockImplementation(() => {});

    // Act
    const response = await handler(streamEvent(2), context);

    // Assess
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'seq-0' }, { itemIdentifier: 'seq-1' }]);
    expect(error).toHaveBeenCalledWith('PutEvents failed', { entries: 2, error: expect.objectContaining({ name: 'AccessDeniedException' }) });
  });
});
