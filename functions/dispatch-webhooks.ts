// sqs adapter → delivers each queued event; a record that must retry fails alone (partial batch response).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { dispatcherDependencies } from '#shared/composition/webhooks';
import { logger, observability } from '#shared/observability';
import { deliverWebhook, DeliveryPostponed } from '#shared/usecases/deliver-webhook';

const processor = new BatchProcessor(EventType.SQS);

const recordHandler = async (record: SQSRecord): Promise<void> => {
  try {
    await deliverWebhook(
      {
        messageId: record.messageId,
        receiptHandle: record.receiptHandle,
        body: record.body,
        firstReceivedAt: record.attributes.ApproximateFirstReceiveTimestamp ?? '',
      },
      dispatcherDependencies,
    );
  } catch (error) {
    if (!(error instanceof DeliveryPostponed)) logger.error('Webhook delivery failed', { messageId: record.messageId, error: error as Error });
    throw error;
  }
};

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(observability())
  .handler(async (event: SQSEvent, context: Context) =>
    processPartialResponse(event, recordHandler, processor, { context, throwOnFullBatchFailure: false }));
