// stream adapter → publishes outbox items committed to the table onto the event bus; failures retry alone.
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { publisherDependencies, readOutboxStream } from '#shared/composition/event-bus';
import { countOutboxPublishFailures, logger, observability } from '#shared/observability';
import { publishOutbox } from '#shared/usecases/publish-outbox';

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(observability())
  .handler(async (event) => {
    const failed = await publishOutbox(readOutboxStream(event.Records), publisherDependencies);
    countOutboxPublishFailures(failed.length);
    if (failed.length > 0) logger.warn('Some outbox items were not published; the stream retries them in order', { count: failed.length });
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  });
