// sqs adapter → delivers each queued event; a record that must retry fails alone (partial batch response).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/clients/dynamodb';
import { secretCipher } from '#shared/clients/secret-cipher';
import { sqsClient } from '#shared/clients/sqs';
import { config } from '#shared/config';
import { logger, observability, recordWebhookAttempt } from '#shared/observability';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { deliverWebhook, DeliveryPostponed } from '#shared/usecases/deliver-webhook';
import { postWebhook } from '#shared/webhooks/http-delivery';
import { sqsWebhookQueue } from '#shared/webhooks/webhook-queue';

const processor = new BatchProcessor(EventType.SQS);

const deps = {
  partners: dynamoPartnerStore(documentClient, config.tableName),
  deliveries: dynamoDeliveryLog(documentClient, config.tableName),
  queue: sqsWebhookQueue(sqsClient, { queueUrl: () => config.webhookQueueUrl, deadLetterQueueUrl: () => config.webhookDeadLetterQueueUrl }),
  cipher: secretCipher,
  post: postWebhook,
  // Real time: receivers check the signature timestamp against their own clock, and retries wait in real time.
  clock: wallClock,
  settings: {
    timeoutMs: config.webhookTimeoutMs,
    backoffScale: config.webhookBackoffScale,
    allowPrivateUrls: config.webhookAllowPrivateUrls,
  },
  observeAttempt: recordWebhookAttempt,
};

const recordHandler = async (record: SQSRecord): Promise<void> => {
  try {
    await deliverWebhook(
      {
        messageId: record.messageId,
        receiptHandle: record.receiptHandle,
        body: record.body,
        firstReceivedAt: record.attributes.ApproximateFirstReceiveTimestamp ?? '',
      },
      deps,
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
