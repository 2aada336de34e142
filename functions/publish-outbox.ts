// stream adapter → publishes outbox items committed to the table onto the event bus; failures retry alone.
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeClient } from '#shared/clients/eventbridge';
import { config } from '#shared/config';
import { logger } from '#shared/observability';
import { publishOutbox } from '#shared/usecases/publish-outbox';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const items = event.Records.map((record) => ({
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
    image: unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>),
  }));
  const failed = await publishOutbox(items, {
    putEvents: async (entries) => {
      const result = await eventBridgeClient.send(
        new PutEventsCommand({ Entries: entries.map((entry) => ({ ...entry, EventBusName: config.eventBusName })) }),
      );
      return (result.Entries ?? []).map((entry) => !entry.ErrorCode);
    },
  });
  if (failed.length > 0) logger.warn('Some outbox items were not published', { count: failed.length });
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
};
