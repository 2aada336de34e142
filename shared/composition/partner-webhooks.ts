// composition → the partner's webhook self-service, one value per use case: profiles, delivery log, poster, throttle.
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import { secretCipher } from '#shared/composition/secret-cipher';
import * as config from '#shared/config';
import { healthThresholds } from '#shared/webhooks/endpoint-health';
import { dynamoDeliveryLogReads, dynamoPartnerDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoPartnerProfiles } from '#shared/storage/partner-store';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import type { WebhookProfileDeps } from '#shared/usecases/manage-webhooks';
import type { SecretCipher } from '#shared/usecases/ports/partners';
import type { PartnerWebhookReadDeps, WebhookEndpointUpdateDeps, WebhookRecoveryDeps, WebhookTestDeps } from '#shared/usecases/partner-webhooks';
import { postWebhook } from '#shared/messaging/http-delivery';

/** A test delivery answers within the function's own 10 s, whatever the queued deliveries' time-out is. */
const TEST_DELIVERY_TIMEOUT_MS = 5_000;

/**
 * Each use case's adapters in their own pure-marked value, so a function bundles only what its use case calls: the
 * readers no poster (and its address checks, ipaddr.js), throttle or cipher; a secret rotation no delivery log.
 */
export const partnerWebhookReadDeps = /* @__PURE__ */ ((): PartnerWebhookReadDeps => ({
  // Uncached: a partner reads back exactly what it just changed.
  partners: dynamoPartnerProfiles(documentClient, config.tableName()),
  deliveries: dynamoDeliveryLogReads(documentClient, config.tableName()),
  // Real time: signatures are checked against the receiver's clock, and the log records real times.
  clock: wallClock,
  thresholds: healthThresholds(config.webhookHealthHours()),
}))();

/** Changing the endpoint: the reads and the URL check's setting; no poster, throttle or cipher. */
export const webhookEndpointUpdateDeps = /* @__PURE__ */ ((): WebhookEndpointUpdateDeps => ({
  ...partnerWebhookReadDeps,
  settings: { allowPrivateUrls: config.webhookAllowPrivateUrls() },
}))();

/** Switching the endpoint on or ending a rotation's overlap (the portal's buttons): the profile and the clock alone. */
export const webhookSwitchDeps = /* @__PURE__ */ ((): WebhookProfileDeps & { allowPrivateUrls: boolean } => ({
  partners: dynamoPartnerProfiles(documentClient, config.tableName()),
  // Real time, as every change of the webhook settings through the API.
  clock: wallClock,
  allowPrivateUrls: config.webhookAllowPrivateUrls(),
}))();

/** Rotating the signing secret: the profile, the cipher and the clock alone. */
export const webhookSecretDeps = /* @__PURE__ */ ((): WebhookProfileDeps & { cipher: SecretCipher } => ({
  partners: dynamoPartnerProfiles(documentClient, config.tableName()),
  cipher: secretCipher,
  clock: wallClock,
}))();

/** A test delivery: the poster (and its address checks) and the throttle; no delivery log. */
export const webhookTestDeps = /* @__PURE__ */ ((): WebhookTestDeps => ({
  ...webhookSecretDeps,
  post: postWebhook,
  throttle: dynamoThrottleCounter(documentClient, config.tableName()),
  settings: {
    timeoutMs: Math.min(config.webhookTimeoutMs(), TEST_DELIVERY_TIMEOUT_MS),
    allowPrivateUrls: config.webhookAllowPrivateUrls(),
  },
}))();

/** A recovery: the delivery log's writes and the throttle; nothing posted or decrypted. */
export const webhookRecoveryDeps = /* @__PURE__ */ ((): WebhookRecoveryDeps => ({
  partners: dynamoPartnerProfiles(documentClient, config.tableName()),
  deliveries: dynamoPartnerDeliveryLog(documentClient, config.tableName()),
  throttle: dynamoThrottleCounter(documentClient, config.tableName()),
  clock: wallClock,
}))();
