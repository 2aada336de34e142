// stream adapter → publishes outbox items committed to the table onto the event bus; failures retry alone.
import middy from '@middy/core';
import { PutEventsCommand, type PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeClient } from '#shared/clients/eventbridge';
import { config } from '#shared/config';
import { countOutboxPublishFailures, logger, observability } from '#shared/observability';
import { type BusEntry, publishOutbox } from '#shared/usecases/publish-outbox';

/** Entries the bus refused, with EventBridge's own reason (never the event body: it carries traveler data). */
const refusals = (entries: BusEntry[], results: PutEventsResultEntry[]) =>
  entries.flatMap((entry, index) => {
    const result = results[index];
    if (result !== undefined && !result.ErrorCode) return [];
    return [{ detailType: entry.DetailType, errorCode: result?.ErrorCode ?? 'NoResult', errorMessage: result?.ErrorMessage }];
  });

const putEvents = async (entries: BusEntry[]): Promise<boolean[]> => {
  try {
    const result = await eventBridgeClient.send(
      new PutEventsCommand({ Entries: entries.map((entry) => ({ ...entry, EventBusName: config.eventBusName })) }),
    );
    const results = result.Entries ?? [];
    const refused = refusals(entries, results);
    if (refused.length > 0) logger.error('PutEvents refused entries', { refused });
    return entries.map((_, index) => results[index] !== undefined && !results[index].ErrorCode);
  } catch (error) {
    logger.error('PutEvents failed', { entries: entries.length, error: error as Error });
    throw error;
  }
};

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(observability())
  .handler(async (event) => {
    const items = event.Records.map((record) => ({
      sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
      image: unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>),
    }));
    const failed = await publishOutbox(items, { putEvents });
    countOutboxPublishFailures(failed.length);
    if (failed.length > 0) logger.warn('Some outbox items were not published; the stream retries them in order', { count: failed.length });
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  });
