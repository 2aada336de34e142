// use case → deliver one queued event to the partner's webhook: signed, recorded, retried or dead-lettered.
import { createHash } from 'node:crypto';
import { eventSettingKey, optInOnlyEvents, type DomainEvent } from '#shared/events/catalog';
import type { PartnerProfile } from '#shared/domain/partner';
import { RESPONSE_EXCERPT_BYTES, webhookEnvelope } from '#shared/webhooks/delivery-model';
import { isReplay, parseQueueMessage } from '#shared/webhooks/queue-message';
import { classifyOutcome, MAX_ATTEMPTS, nextDelaySeconds } from '#shared/webhooks/retry-policy';
import { scrubbedExcerpt, signedDeliveryHeaders } from '#shared/webhooks/signed-request';
import { signingSecrets } from '#shared/usecases/webhook-signing-secrets';
import type { SecretCipher, PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';
import type { DeliveryLog, DeliveryOutcome, WebhookPost, WebhookQueue } from '#shared/usecases/ports/webhooks';
import { trackEndpointHealth, type EndpointHealthDeps } from '#shared/usecases/track-endpoint-health';

export interface QueuedDelivery {
  messageId: string;
  receiptHandle: string;
  body: string;
  /** Stable for every receive of this message in this queue, new after a redrive (so is the delivery). */
  firstReceivedAt: string;
}

export interface DeliverWebhookDeps extends EndpointHealthDeps {
  partners: PartnerDirectory;
  deliveries: DeliveryLog;
  queue: WebhookQueue;
  cipher: SecretCipher;
  post: (request: WebhookPost) => Promise<DeliveryOutcome>;
  clock: Clock;
  settings: { timeoutMs: number; backoffScale: number; allowPrivateUrls: boolean };
  /** Counts each HTTP attempt by its outcome, with its latency (metrics in Lambda; nothing in tests that omit it). */
  observeAttempt?: (outcome: 'delivered' | 'retried' | 'rejected' | 'dead_lettered', latencyMs: number) => void;
}

/** Thrown to leave a message on the queue for its next attempt (the batch reports it as failed). */
export class DeliveryPostponed extends Error {
  constructor(readonly seconds: number) {
    super(`Delivery postponed by ${seconds} s`);
  }
}

export const deliveryIdOf = (message: Pick<QueuedDelivery, 'messageId' | 'firstReceivedAt'>): string =>
  `dlv_${createHash('sha256').update(`${message.messageId}:${message.firstReceivedAt}`).digest('hex').slice(0, 26)}`;

export const isSubscribed = (profile: PartnerProfile, event: DomainEvent['event']): boolean => {
  const setting = profile.webhook.events[eventSettingKey(event)];
  return optInOnlyEvents.has(event) ? setting === true : setting !== false;
};

/**
 * Input: one message of the webhook queue. Output: nothing, or DeliveryPostponed when it must come back.
 * Steps: count the attempt in the delivery log (a delivery already final is left alone), check the partner's
 * endpoint, opt-in and whether it is enabled (held if not), sign the envelope afresh, POST it, record the
 * attempt and the endpoint's health; then acknowledge (2xx or permanent 4xx), postpone with backoff (5xx, 429,
 * time-out, network), or dead-letter after attempt 12.
 */
export const deliverWebhook = async (message: QueuedDelivery, deps: DeliverWebhookDeps): Promise<void> => {
  const now = deps.clock.now();
  const parsed = parseQueueMessage(message.body);
  if (!parsed) {
    await deps.queue.deadLetter(message.body, {
      partner_id: 'unknown',
      event_id: 'unknown',
      event: 'unknown',
      delivery_id: 'none',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      reason: 'Message is not a webhook event',
    });
    return;
  }
  const event = parsed.detail as DomainEvent;
  const start = { deliveryId: deliveryIdOf(message), event, replay: isReplay(parsed), now: now.toISOString() };

  const profile = await deps.partners.getProfile(event.partner_id);
  if (!profile?.webhook.url) return deps.deliveries.recordFinal(start, 'skipped', 'No webhook URL is registered for this partner.');
  if (!isSubscribed(profile, event.event)) return deps.deliveries.recordFinal(start, 'skipped', `Partner is not subscribed to ${event.event}.`);
  if (profile.webhook.disabled_at) {
    return deps.deliveries.recordFinal(
      start,
      'held',
      `The endpoint was disabled (${profile.webhook.disabled_reason ?? 'by the partner'}); recover it once enabled.`,
    );
  }

  const attempt = await deps.deliveries.beginAttempt(start);
  if (attempt === undefined) return; // already delivered, rejected or dead-lettered: a duplicate receive
  const deadLetter = (lastStatus: number | null, lastError: string | null, reason: string) =>
    deps.queue.deadLetter(message.body, {
      partner_id: event.partner_id,
      event_id: event.event_id,
      event: event.event,
      delivery_id: start.deliveryId,
      attempts: Math.min(attempt, MAX_ATTEMPTS),
      last_status_code: lastStatus,
      last_error: lastError,
      reason,
    });
  if (attempt > MAX_ATTEMPTS) {
    // Only reachable when an earlier receive crashed after its HTTP attempt: never exceed 12 attempts.
    await deadLetter(null, null, `Gave up after ${MAX_ATTEMPTS} attempts`);
    return deps.deliveries.recordFinal(start, 'dead_lettered', `Gave up after ${MAX_ATTEMPTS} attempts`);
  }

  const body = JSON.stringify(webhookEnvelope(event, start.deliveryId));
  const secrets = await signingSecrets(profile, deps.cipher, now);
  const headers = signedDeliveryHeaders({ profile, secrets, eventId: event.event_id, deliveryId: start.deliveryId, body, now });
  const outcome = await deps.post({
    url: profile.webhook.url,
    headers,
    body,
    timeoutMs: deps.settings.timeoutMs,
    allowPrivate: deps.settings.allowPrivateUrls,
  });
  const verdict = classifyOutcome(outcome);
  const record = {
    delivery_id: start.deliveryId,
    partner_id: event.partner_id,
    attempt,
    status_code: outcome.status ?? null,
    verdict,
    latency_ms: Math.round(outcome.latencyMs),
    error: outcome.error ?? null,
    response_excerpt: scrubbedExcerpt(outcome.responseText, [profile.api_key, ...secrets], RESPONSE_EXCERPT_BYTES),
    at: deps.clock.now().toISOString(),
  };

  const observe = (outcome: Parameters<NonNullable<DeliverWebhookDeps['observeAttempt']>>[0]) => deps.observeAttempt?.(outcome, record.latency_ms);

  // After the attempt is recorded: a failing health write then never costs the partner a second attempt.
  const updateHealth = () => trackEndpointHealth(profile, verdict === 'delivered', deps.clock.now(), deps);

  if (verdict === 'delivered') {
    observe('delivered');
    await deps.deliveries.recordAttempt(record, 'delivered');
    return updateHealth();
  }
  if (verdict === 'rejected') {
    observe('rejected');
    await deps.deliveries.recordAttempt(record, 'rejected', { reason: 'Permanent rejection: not retried' });
    return updateHealth();
  }
  if (attempt >= MAX_ATTEMPTS) {
    observe('dead_lettered');
    await deadLetter(record.status_code, record.error, `No success after ${MAX_ATTEMPTS} attempts`);
    await deps.deliveries.recordAttempt(record, 'dead_lettered', { reason: `No success after ${MAX_ATTEMPTS} attempts` });
    return updateHealth();
  }
  observe('retried');
  const delay = nextDelaySeconds({
    attempt,
    status: outcome.status,
    retryAfterHeader: outcome.retryAfter,
    scale: deps.settings.backoffScale,
    now: deps.clock.now(),
  });
  const nextAttemptAt = new Date(Date.parse(record.at) + delay * 1000).toISOString();
  await deps.deliveries.recordAttempt(record, 'retrying', { nextAttemptAt });
  await updateHealth();
  await deps.queue.postpone(message.receiptHandle, delay);
  throw new DeliveryPostponed(delay);
};
