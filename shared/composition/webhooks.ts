// composition → the webhook dispatcher's adapters: partners, the delivery log, the queue, the cipher, the poster, endpoint health.
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import { secretCipher } from '#shared/composition/secret-cipher';
import { sqsClient } from '#shared/composition/sqs';
import * as config from '#shared/config';
import { healthThresholds } from '#shared/webhooks/endpoint-health';
import { recordWebhookAttempt } from '#shared/observability';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoEndpointHealthStore } from '#shared/storage/endpoint-health-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import type { DeliverWebhookDeps } from '#shared/usecases/deliver-webhook';
import { postWebhook } from '#shared/messaging/http-delivery';
import { sqsWebhookQueue } from '#shared/messaging/webhook-queue';

export const dispatcherDependencies: DeliverWebhookDeps = {
  partners: dynamoPartnerStore(documentClient, config.tableName()),
  deliveries: dynamoDeliveryLog(documentClient, config.tableName()),
  queue: sqsWebhookQueue(sqsClient, { queueUrl: () => config.webhookQueueUrl(), deadLetterQueueUrl: () => config.webhookDeadLetterQueueUrl() }),
  cipher: secretCipher,
  post: postWebhook,
  // Real time: receivers check the signature timestamp against their own clock, and retries wait in real time.
  clock: wallClock,
  settings: {
    timeoutMs: config.webhookTimeoutMs(),
    backoffScale: config.webhookBackoffScale(),
    allowPrivateUrls: config.webhookAllowPrivateUrls(),
  },
  observeAttempt: recordWebhookAttempt,
  health: dynamoEndpointHealthStore(documentClient, config.tableName()),
  thresholds: healthThresholds(config.webhookHealthHours()),
};
