// use cases → the partner's own webhook self-service: endpoint, secret rotation, test delivery, delivery log, recovery.
import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor, NO_CURSOR } from '#shared/domain/cursor';
import type { PaginationMetaOutput } from '#shared/domain/booking-response-schemas';
import { defaultWebhookSettings, type PartnerProfile } from '#shared/domain/partner';
import {
  MAX_RECOVERED_PER_CALL,
  TEST_EVENT_NAME,
  type ListWebhookDeliveriesQueryOutput,
  type RecoverWebhookDeliveriesOutput,
  type RecoveryResultOutput,
  type WebhookDeliveryOutput,
  type WebhookEndpointOutput,
  type WebhookEndpointUpdateOutput,
  type WebhookTestResultOutput,
} from '#shared/domain/webhook-schemas';
import { webhookEventNames, type WebhookEventName } from '#shared/events/catalog';
import { ConflictError, NotFoundError, TooManyRequestsError } from '#shared/errors';
import { isSubscribed } from '#shared/usecases/deliver-webhook';
import { requirePartner } from '#shared/usecases/manage-partners';
import { setWebhookSettings, type WebhookProfileDeps } from '#shared/usecases/manage-webhooks';
import type { SecretCipher } from '#shared/usecases/ports/partners';
import type { Clock, ThrottleCounter } from '#shared/usecases/ports/services';
import type { DeliveryOutcome, PartnerDeliveryLog, PartnerDeliveryLogReads, WebhookPost } from '#shared/usecases/ports/webhooks';
import { RESPONSE_EXCERPT_BYTES, recoverableDeliveryStatuses, type DeliveryRecord, statusesOf } from '#shared/webhooks/delivery-model';
import { disableAtOf, type HealthThresholds } from '#shared/webhooks/endpoint-health';
import { classifyOutcome } from '#shared/webhooks/retry-policy';
import { scrubbedExcerpt, signedDeliveryHeaders } from '#shared/webhooks/signed-request';
import { signingSecrets } from '#shared/usecases/webhook-signing-secrets';

export interface PartnerWebhookDeps extends WebhookProfileDeps {
  cipher: SecretCipher;
  deliveries: PartnerDeliveryLog;
  post: (request: WebhookPost) => Promise<DeliveryOutcome>;
  throttle: ThrottleCounter;
  clock: Clock;
  settings: { timeoutMs: number; allowPrivateUrls: boolean };
  thresholds: HealthThresholds;
}

/** What reading the endpoint and its delivery log needs. */
export type PartnerWebhookReadDeps = Pick<PartnerWebhookDeps, 'partners' | 'clock' | 'thresholds'> & { deliveries: PartnerDeliveryLogReads };
/** Changing the endpoint: the reads, and whether private addresses are allowed (the URL check). */
export type WebhookEndpointUpdateDeps = PartnerWebhookReadDeps & { settings: Pick<PartnerWebhookDeps['settings'], 'allowPrivateUrls'> };
/** A test delivery: the profile, its secrets, the poster and the throttle; no delivery log. */
export type WebhookTestDeps = Pick<PartnerWebhookDeps, 'partners' | 'cipher' | 'clock' | 'post' | 'throttle' | 'settings'>;
/** A recovery: the profile (is a URL set?), the delivery log and the throttle; nothing is posted or decrypted here. */
export type WebhookRecoveryDeps = Pick<PartnerWebhookDeps, 'partners' | 'deliveries' | 'throttle' | 'clock'>;

const urlMissing = () => new ConflictError('webhook_url_missing', 'No webhook URL is set: set one with PUT /webhooks/endpoint first.');
const endpointDisabled = () =>
  new ConflictError(
    'webhook_endpoint_disabled',
    'Your webhook endpoint is disabled, so the replays would be held at once: enable it with PUT /webhooks/endpoint {"enabled": true} first, then recover.',
  );

/** Calls per partner and minute: test deliveries reach the partner's own server; recoveries add to the shared queue. */
export const SELF_SERVICE_LIMITS = { windowSeconds: 60, testDeliveries: 10, recoveries: 5 } as const;

/** Deliveries the health summary looks at. */
const HEALTH_WINDOW = 50;

const throttled = async (
  scope: 'WEBHOOK_TEST' | 'WEBHOOK_RECOVER',
  limit: number,
  partnerId: string,
  deps: Pick<PartnerWebhookDeps, 'throttle' | 'clock'>,
) => {
  const now = deps.clock.now();
  const window = await deps.throttle.hit({ scope, subject: partnerId, windowSeconds: SELF_SERVICE_LIMITS.windowSeconds, now });
  if (window.count > limit) {
    throw new TooManyRequestsError(
      `At most ${limit} of these calls per minute. Wait until the time in Retry-After has passed, then try again.`,
      Math.max(1, window.resetsAt - Math.floor(now.getTime() / 1000)),
    );
  }
};

/** Deliveries that did not arrive and still need something: retrying, or failed or held and not recovered yet. */
const failed = new Set(['rejected', 'dead_lettered', 'retrying', 'held']);
const isOutstandingFailure = (record: DeliveryRecord): boolean => failed.has(record.status) && !record.recovered_at;

/**
 * The health the dispatcher tracks on the profile (decision F97), with the last success among recent deliveries. The
 * dispatcher ends a failing period just after it records the success that ends it: a read in between already sees
 * that success in the log, and is answered as the profile is about to read (not failing, no disable date).
 */
const healthOf = (profile: PartnerProfile, recent: DeliveryRecord[], thresholds: HealthThresholds): WebhookEndpointOutput['health'] => {
  const lastDeliveredAt = recent.find((record) => record.status === 'delivered')?.updated_at ?? null;
  const failingSince = profile.webhook.failing_since ?? null;
  const endedBySuccess = failingSince !== null && lastDeliveredAt !== null && lastDeliveredAt > failingSince;
  const webhook = endedBySuccess ? { ...profile.webhook, failing_since: null } : profile.webhook;
  return {
    last_delivered_at: lastDeliveredAt,
    failing_since: webhook.failing_since ?? null,
    disable_at: disableAtOf(webhook, thresholds),
    recent_deliveries: recent.length,
    recent_failures: recent.filter(isOutstandingFailure).length,
  };
};

const endpointView = (
  profile: PartnerProfile,
  recent: DeliveryRecord[],
  deps: Pick<PartnerWebhookDeps, 'clock' | 'thresholds'>,
): WebhookEndpointOutput => {
  const { webhook } = profile;
  const overlapUntil = webhook.previous_signing_secret_ciphertext ? webhook.previous_secret_expires_at : null;
  return {
    url: webhook.url,
    enabled: !webhook.disabled_at,
    disabled_at: webhook.disabled_at ?? null,
    disabled_reason: webhook.disabled_reason ?? null,
    alert_email: webhook.alert_email ?? null,
    auth_header_name: webhook.auth_header_name,
    auth_header_prefix: webhook.auth_header_prefix,
    events: Object.fromEntries(webhookEventNames.map((name) => [name, isSubscribed(profile, name)])),
    signing_secret: {
      configured: webhook.signing_secret_ciphertext !== null,
      previous_secret_valid_until: overlapUntil && Date.parse(overlapUntil) > deps.clock.now().getTime() ? overlapUntil : null,
    },
    health: healthOf(profile, recent, deps.thresholds),
    updated_at: profile.updated_at,
  };
};

/** Output: the partner's endpoint, subscriptions, secret state and health (one profile read, one log page). */
export const getWebhookEndpoint = async (partnerId: string, deps: PartnerWebhookReadDeps): Promise<WebhookEndpointOutput> => {
  const [profile, recent] = await Promise.all([requirePartner(partnerId, deps), deps.deliveries.page(partnerId, { limit: HEALTH_WINDOW })]);
  return endpointView(profile, recent.records, deps);
};

/**
 * Input: the fields to change. Output: the endpoint after the change. The URL is checked as for support
 * (public https); every delivery reads the settings when it is attempted, so a confirmed change applies to every
 * attempt that starts after it, queued or not.
 */
export const updateWebhookEndpoint = async (
  partnerId: string,
  change: WebhookEndpointUpdateOutput,
  deps: WebhookEndpointUpdateDeps,
): Promise<WebhookEndpointOutput> => {
  const profile = await setWebhookSettings(
    partnerId,
    {
      url: change.url,
      // null: back to the default header (x-api-key, no prefix).
      authHeaderName: change.auth_header_name === null ? defaultWebhookSettings().auth_header_name : change.auth_header_name,
      authHeaderPrefix: change.auth_header_prefix === null ? defaultWebhookSettings().auth_header_prefix : change.auth_header_prefix,
      events: change.events as Partial<Record<WebhookEventName, boolean>> | undefined,
      enabled: change.enabled,
      endSecretOverlap: change.end_secret_overlap === true,
      alertEmail: change.alert_email,
    },
    { ...deps, allowPrivateUrls: deps.settings.allowPrivateUrls },
  );
  const recent = await deps.deliveries.page(partnerId, { limit: HEALTH_WINDOW });
  return endpointView(profile, recent.records, deps);
};

/**
 * Sends a signed `webhook.test` delivery to the endpoint now (also while deliveries are held) and reports the
 * answer. Not recorded in the delivery log and never retried; its event id can never be a real event's.
 */
export const sendTestDelivery = async (partnerId: string, deps: WebhookTestDeps): Promise<WebhookTestResultOutput> => {
  await throttled('WEBHOOK_TEST', SELF_SERVICE_LIMITS.testDeliveries, partnerId, deps);
  const profile = await requirePartner(partnerId, deps);
  const url = profile.webhook.url;
  if (!url) throw urlMissing();
  const now = deps.clock.now();
  const eventId = `${TEST_EVENT_NAME}:${randomUUID()}`;
  const deliveryId = `dlv_test_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({
    event: TEST_EVENT_NAME,
    timestamp: now.toISOString(),
    data: { partner_id: partnerId, message: 'A test delivery: check the signature, answer 2xx, and do not process it as an event.' },
    event_id: eventId,
    delivery_id: deliveryId,
  });
  const secrets = await signingSecrets(profile, deps.cipher, now);
  const outcome = await deps.post({
    url,
    headers: signedDeliveryHeaders({ profile, secrets, eventId, deliveryId, body, now }),
    body,
    timeoutMs: deps.settings.timeoutMs,
    allowPrivate: deps.settings.allowPrivateUrls,
  });
  return {
    event: TEST_EVENT_NAME,
    event_id: eventId,
    delivery_id: deliveryId,
    url,
    signed: secrets.length > 0,
    delivered: classifyOutcome(outcome) === 'delivered',
    status_code: outcome.status ?? null,
    latency_ms: Math.round(outcome.latencyMs),
    error: outcome.error ?? null,
    response_excerpt: scrubbedExcerpt(outcome.responseText, [profile.api_key, ...secrets], RESPONSE_EXCERPT_BYTES),
  };
};

/**
 * Input: filters, page size and an optional cursor. Output: one page of deliveries, newest first, each with its
 * attempts. Cursors are opaque and MAC'd like the bookings' ones; the log is read forward only (prevCursor "").
 */
export const listWebhookDeliveries = async (
  partnerId: string,
  query: ListWebhookDeliveriesQueryOutput & { cursorKey: Buffer },
  deps: { deliveries: PartnerDeliveryLogReads },
): Promise<{ deliveries: WebhookDeliveryOutput[]; pagination: PaginationMetaOutput }> => {
  const after = query.cursor ? decodeCursor(query.cursor, query.cursorKey, 'deliveries').id : undefined;
  const page = await deps.deliveries.page(partnerId, {
    limit: query.perPage,
    after,
    since: query.since,
    until: query.until,
    event: query.event,
    eventId: query.event_id,
    statuses: query.status ? statusesOf(query.status) : undefined,
  });
  const deliveries = await Promise.all(
    page.records.map(async (record) => ({
      delivery_id: record.delivery_id,
      event_id: record.event_id,
      event: record.event,
      status: record.status,
      attempts: record.attempts,
      replay: record.replay,
      recovered_at: record.recovered_at ?? null,
      reason: record.reason,
      last_status_code: record.last_status_code,
      last_error: record.last_error,
      next_attempt_at: record.next_attempt_at ?? null,
      created_at: record.created_at,
      updated_at: record.updated_at,
      attempt_log: (await deps.deliveries.attempts(partnerId, record.delivery_id)).map((attempt) => ({
        attempt: attempt.attempt,
        at: attempt.at,
        status_code: attempt.status_code,
        verdict: attempt.verdict,
        latency_ms: attempt.latency_ms,
        error: attempt.error,
        response_excerpt: attempt.response_excerpt ?? null,
      })),
    })),
  );
  const next = page.nextPosition;
  return {
    deliveries,
    pagination: {
      perPage: query.perPage,
      hasNextPage: next !== undefined,
      hasPrevPage: false,
      nextCursor: next === undefined ? NO_CURSOR : encodeCursor({ direction: 'next', id: next }, query.cursorKey, 'deliveries'),
      prevCursor: NO_CURSOR,
    },
  };
};

/** Pages of the log one recovery reads at most, so a call stays bounded however sparse the failures are. */
const MAX_RECOVERY_PAGES = 20;

/** Up to `limit` failed, not yet recovered deliveries in [since, until], newest first; `more` when some may remain. */
const unrecoveredFailures = async (
  partnerId: string,
  request: RecoverWebhookDeliveriesOutput,
  now: string,
  deps: Pick<PartnerWebhookDeps, 'deliveries'>,
): Promise<{ records: DeliveryRecord[]; more: boolean }> => {
  const limit = request.limit ?? MAX_RECOVERED_PER_CALL;
  const records: DeliveryRecord[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < MAX_RECOVERY_PAGES; pages += 1) {
    const page = await deps.deliveries.page(partnerId, {
      limit: limit - records.length,
      after,
      since: request.since,
      until: request.until ?? now,
      statuses: recoverableDeliveryStatuses,
      unrecoveredOnly: true,
    });
    records.push(...page.records);
    after = page.nextPosition;
    if (after === undefined || records.length === limit) return { records, more: after !== undefined };
  }
  return { records, more: true };
};

/**
 * Replays one event (`event_id`), or recovers every rejected, dead-lettered or held delivery started in
 * [since, until] that was not recovered yet, at most `limit` per call. Each replay goes through the outbox and is
 * delivered with a new delivery_id; marking the event's failed deliveries recovered happens in the same transaction,
 * so a repeated call, or one running at the same time, sends nothing twice. Several failed deliveries of one event are
 * sent again once.
 */
export const recoverWebhookDeliveries = async (
  partnerId: string,
  request: RecoverWebhookDeliveriesOutput,
  deps: WebhookRecoveryDeps,
): Promise<RecoveryResultOutput> => {
  // Without a URL every replay would be skipped at once, and on a disabled endpoint held at once, while its failed
  // delivery counted as recovered: refused (the test delivery needs a URL too), so nothing leaves the reach of a
  // later recovery; a refusal spends none of the call limit.
  const { webhook } = await requirePartner(partnerId, deps);
  if (!webhook.url) throw urlMissing();
  if (webhook.disabled_at) throw endpointDisabled();
  await throttled('WEBHOOK_RECOVER', SELF_SERVICE_LIMITS.recoveries, partnerId, deps);
  const now = deps.clock.now().toISOString();
  if (request.event_id !== undefined) {
    const event = await deps.deliveries.findPartnerEvent(partnerId, request.event_id);
    if (!event) throw new NotFoundError(`No event of yours has the id "${request.event_id}".`, 'event_not_found');
    await deps.deliveries.requestReplay(event, { now });
    // Its failed deliveries are marked recovered by this replay, so a later recovery by time does not send it again.
    for (const record of await deps.deliveries.unrecoveredFailuresOf(partnerId, event.event_id)) {
      await deps.deliveries.requestReplay(event, { now, recovering: [record], markOnly: true });
    }
    return { queued: 1, event_ids: [event.event_id], more: false };
  }
  const { records, more } = await unrecoveredFailures(partnerId, request, now, deps);
  const sent: string[] = [];
  // An event goes out once however many of its deliveries failed: all of them are marked recovered in the transaction
  // that queues its replay, so of two recoveries running at once that found any one of them, only one sends it.
  for (const [eventId, found] of Map.groupBy(records, (record) => record.event_id)) {
    const event = await deps.deliveries.findPartnerEvent(partnerId, eventId);
    if (!event) continue; // its event is no longer recorded: nothing to send
    // With the failures of the event this call did not find (beyond its limit or its time range), as a replay by
    // event_id marks them: a later call finds none of them and does not send the event again.
    const foundIds = new Set(found.map((record) => record.delivery_id));
    const others = (await deps.deliveries.unrecoveredFailuresOf(partnerId, eventId)).filter((record) => !foundIds.has(record.delivery_id));
    const failures = [...found, ...others];
    // One transaction holds at most 100 items: the replay and 99 marks; any further ones are marked after it.
    const replayed = await deps.deliveries.requestReplay(event, { now, recovering: failures.slice(0, 99) });
    if (replayed) sent.push(eventId);
    // Refused: a recovery running at once marked one of them and sends the event; the rest are only marked here.
    for (const record of replayed ? failures.slice(99) : failures) {
      await deps.deliveries.requestReplay(event, { now, recovering: [record], markOnly: true });
    }
  }
  return { queued: sent.length, event_ids: sent, more };
};
