// composition → the partner's webhook self-service: uncached partner profiles, the delivery log, the poster and throttle.
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import { secretCipher } from '#shared/composition/secret-cipher';
import { config } from '#shared/config';
import { healthThresholds } from '#shared/webhooks/endpoint-health';
import { dynamoDeliveryLog, dynamoDeliveryLogReads } from '#shared/storage/delivery-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import type { PartnerWebhookDeps, PartnerWebhookReadDeps } from '#shared/usecases/partner-webhooks';
import { postWebhook } from '#shared/messaging/http-delivery';

/** A test delivery answers within the function's own 10 s, whatever the queued deliveries' time-out is. */
const TEST_DELIVERY_TIMEOUT_MS = 5_000;

/**
 * What reading the endpoint and the delivery log needs. Its own pure-marked value, so the functions that only read
 * bundle no poster (and its address checks, ipaddr.js), throttle or cipher.
 */
export const partnerWebhookReadDeps = /* @__PURE__ */ ((): PartnerWebhookReadDeps => ({
  // Uncached: a partner reads back exactly what it just changed.
  partners: dynamoPartnerStore(documentClient, config.tableName),
  deliveries: dynamoDeliveryLogReads(documentClient, config.tableName),
  // Real time: signatures are checked against the receiver's clock, and the log records real times.
  clock: wallClock,
  thresholds: healthThresholds(config.webhookHealthHours),
}))();

export const partnerWebhookDeps = /* @__PURE__ */ ((): PartnerWebhookDeps => ({
  ...partnerWebhookReadDeps,
  deliveries: dynamoDeliveryLog(documentClient, config.tableName),
  cipher: secretCipher,
  post: postWebhook,
  throttle: dynamoThrottleCounter(documentClient, config.tableName),
  settings: {
    timeoutMs: Math.min(config.webhookTimeoutMs, TEST_DELIVERY_TIMEOUT_MS),
    allowPrivateUrls: config.webhookAllowPrivateUrls,
  },
}))();
