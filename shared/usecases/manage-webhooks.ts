// use cases → support and ops actions on webhooks: settings, signing-secret rotation, replay, delivery log.
import { randomToken } from '#shared/domain/ids';
import type { WebhookSettings } from '#shared/domain/partner';
import { type DomainEvent, eventSettingKey, webhookEventNames, type WebhookEventName } from '#shared/events/catalog';
import * as v from 'valibot';
import { emailAddress } from '#shared/domain/schema-fields';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '#shared/errors';
import { replayMessage } from '#shared/webhooks/queue-message';
import { isDeliveryOwnHeader } from '#shared/webhooks/signing';
import { checkWebhookUrl } from '#shared/webhooks/url-safety';
import { updatePartnerProfile } from '#shared/usecases/manage-partners';
import type { PartnerProfiles, SecretCipher } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';
import type { DeliveryLog, PartnerDeliveryLog, WebhookQueue } from '#shared/usecases/ports/webhooks';
import { type DeliveryAttempt, type DeliveryRecord, recoverableDeliveryStatuses } from '#shared/webhooks/delivery-model';

export interface WebhookSettingsChange {
  url?: string | null;
  authHeaderName?: string;
  authHeaderPrefix?: string;
  /** Event name → subscribed. */
  events?: Partial<Record<WebhookEventName, boolean>>;
  /** false holds deliveries (recorded as `held`, recoverable); true sends them again. */
  enabled?: boolean;
  /** Why the endpoint is disabled, shown to the partner and support. */
  disabledReason?: string;
  /** Stops signing with the previous secret now, before its overlap ends. */
  endSecretOverlap?: boolean;
  /** Where endpoint health warnings go; null for none. */
  alertEmail?: string | null;
}

/** What changing a partner's webhook settings needs: its profile, read and replaced, and the clock. */
export interface WebhookProfileDeps {
  partners: PartnerProfiles;
  clock: Clock;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

/** Why `name` cannot carry the partner's API key, or undefined when it can. */
export const authHeaderNameProblem = (name: string): string | undefined => {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid HTTP header name.`;
  // Headers are built as an object: these names would not become a header at all.
  if (['__proto__', 'constructor', 'prototype'].includes(name.toLowerCase())) return `"${name}" cannot be used as a header name.`;
  if (isDeliveryOwnHeader(name)) {
    return `"${name}" is reserved: it is set by every delivery itself, or means something hop by hop only. Use e.g. Authorization or x-api-key.`;
  }
  return undefined;
};

/** Changes a partner's webhook settings; the URL is checked now and again at every delivery. */
export const setWebhookSettings = async (
  partnerId: string,
  change: WebhookSettingsChange,
  deps: WebhookProfileDeps & { allowPrivateUrls: boolean },
) => {
  // The URL is stored as the parser writes it (tabs and line breaks removed, host lower-cased).
  let url = change.url;
  if (url !== undefined && url !== null) {
    const check = checkWebhookUrl(url, { allowPrivate: deps.allowPrivateUrls });
    if (!check.ok) throw new BadRequestError('unsafe_webhook_url', check.reason);
    url = check.url.href;
  }
  if (change.alertEmail && !v.is(emailAddress('alert_email'), change.alertEmail)) {
    throw new ValidationError('alert_email must be a valid email address.', [{ path: 'alert_email', message: 'Not an email address.' }]);
  }
  const headerProblem = change.authHeaderName === undefined ? undefined : authHeaderNameProblem(change.authHeaderName);
  if (headerProblem) throw new BadRequestError('invalid_header_name', headerProblem);
  for (const name of Object.keys(change.events ?? {})) {
    if (!webhookEventNames.includes(name as WebhookEventName)) {
      throw new BadRequestError('unknown_event', `Unknown event "${name}". Known: ${webhookEventNames.join(', ')}.`);
    }
  }
  return updatePartnerProfile(
    partnerId,
    (profile) => {
      const webhook: WebhookSettings = { ...profile.webhook };
      if (url !== undefined) webhook.url = url;
      if (change.authHeaderName !== undefined) webhook.auth_header_name = change.authHeaderName.toLowerCase();
      if (change.authHeaderPrefix !== undefined) webhook.auth_header_prefix = change.authHeaderPrefix;
      if (change.events) {
        webhook.events = { ...webhook.events };
        for (const [name, on] of Object.entries(change.events)) webhook.events[eventSettingKey(name as WebhookEventName)] = Boolean(on);
      }
      if (change.alertEmail !== undefined) webhook.alert_email = change.alertEmail;
      // Enabling starts health afresh: days of old failures must not disable the endpoint again at its next failure.
      if (change.enabled === true)
        Object.assign(webhook, { disabled_at: null, disabled_reason: null, failing_since: null, failure_warning_sent_at: null });
      if (change.enabled === false && !webhook.disabled_at) {
        Object.assign(webhook, { disabled_at: deps.clock.now().toISOString(), disabled_reason: change.disabledReason ?? 'disabled by the partner' });
      }
      if (change.endSecretOverlap) Object.assign(webhook, { previous_signing_secret_ciphertext: null, previous_secret_expires_at: null });
      return { ...profile, webhook };
    },
    deps,
  );
};

/**
 * Generates a new signing secret, returned once. Hard cutover by default; with `overlapMinutes` the previous
 * secret keeps signing too (both values in x-service-signature) until the overlap ends.
 */
export const rotateWebhookSigningSecret = async (
  partnerId: string,
  options: { overlapMinutes?: number },
  deps: WebhookProfileDeps & { cipher: SecretCipher },
): Promise<{ signing_secret: string; previous_secret_valid_until: string | null }> => {
  const secret = `whsec_${randomToken(32)}`;
  const ciphertext = await deps.cipher.encrypt(secret, { partner_id: partnerId, purpose: 'webhook_signing' });
  const overlap = options.overlapMinutes ?? 0;
  let validUntil: string | null = null;
  await updatePartnerProfile(
    partnerId,
    (profile) => {
      const keepPrevious = overlap > 0 && profile.webhook.signing_secret_ciphertext !== null;
      validUntil = keepPrevious ? new Date(deps.clock.now().getTime() + overlap * 60_000).toISOString() : null;
      return {
        ...profile,
        webhook: {
          ...profile.webhook,
          signing_secret_ciphertext: ciphertext,
          previous_signing_secret_ciphertext: keepPrevious ? profile.webhook.signing_secret_ciphertext : null,
          previous_secret_expires_at: validUntil,
        },
      };
    },
    deps,
  );
  return { signing_secret: secret, previous_secret_valid_until: validUntil };
};

/** The delivery log as support's sending again uses it: an event's deliveries, and marking one recovered. */
type SupportRecoveryLog = Pick<DeliveryLog, 'byEvent' | 'findEvent'> & Pick<PartnerDeliveryLog, 'findPartnerEvent' | 'requestReplay'>;

/** The event's failed deliveries not yet recovered, read before it is sent again: the new delivery is never among them. */
const unrecoveredFailuresOf = async (event: DomainEvent, deps: { deliveries: SupportRecoveryLog }) =>
  (await deps.deliveries.byEvent(event.event_id)).filter(
    (record) => record.partner_id === event.partner_id && recoverableDeliveryStatuses.includes(record.status) && !record.recovered_at,
  );

/**
 * Support sent the event again (replay, DLQ redrive): its failed deliveries are marked recovered, as a partner's own
 * replay marks them, so the partner's later "recover since" does not send it once more. Returns how many were marked.
 */
const markRecovered = async (event: DomainEvent, failed: DeliveryRecord[], deps: { deliveries: SupportRecoveryLog; clock: Clock }) => {
  const now = deps.clock.now().toISOString();
  let marked = 0;
  for (const record of failed) if (await deps.deliveries.requestReplay(event, { now, recovering: [record], markOnly: true })) marked += 1;
  return marked;
};

/**
 * Puts a recorded event back on the webhook queue: same event_id and timestamp, a new delivery. Its failed
 * deliveries are marked recovered (`recovered`: how many).
 */
export const replayEvent = async (
  eventId: string,
  deps: { deliveries: SupportRecoveryLog; queue: WebhookQueue; clock: Clock; partners: Pick<PartnerProfiles, 'getProfile'> },
) => {
  const event = await deps.deliveries.findEvent(eventId);
  if (!event) throw new NotFoundError(`No recorded event "${eventId}".`, 'event_not_found');
  // As the partner's own recovery: with no URL the replay would only be skipped (decision F94), and on a disabled
  // endpoint held at once while its failed deliveries counted as recovered.
  const webhook = (await deps.partners.getProfile(event.partner_id))?.webhook;
  if (!webhook?.url) {
    throw new ConflictError('webhook_url_missing', `Partner ${event.partner_id} has no webhook URL: set one with webhook set --url first.`);
  }
  if (webhook.disabled_at) {
    throw new ConflictError(
      'webhook_endpoint_disabled',
      `Partner ${event.partner_id}'s webhook endpoint is disabled: enable it (webhook set --enable) first, then replay.`,
    );
  }
  const failed = await unrecoveredFailuresOf(event, deps);
  await deps.queue.enqueue(replayMessage(event));
  return { event, recovered: await markRecovered(event, failed, deps) };
};

/**
 * Recovery marks for a DLQ redrive: `beforeSend` reads each dead letter's event and its failed deliveries before the
 * message goes back to the queue; `markMoved` marks those of the messages that were moved. Returns how many.
 */
export const redriveRecovery = (deps: { deliveries: SupportRecoveryLog; clock: Clock }) => {
  const read = new Map<string, { event: DomainEvent; failed: DeliveryRecord[] } | undefined>();
  const keyOf = (attributes: Record<string, string>) => `${attributes.partner_id} ${attributes.event_id}`;
  return {
    async beforeSend({ attributes }: { attributes: Record<string, string> }): Promise<void> {
      if (!attributes.partner_id || !attributes.event_id || read.has(keyOf(attributes))) return;
      const event = await deps.deliveries.findPartnerEvent(attributes.partner_id, attributes.event_id);
      read.set(keyOf(attributes), event && { event, failed: await unrecoveredFailuresOf(event, deps) });
    },
    async markMoved(moved: ReadonlyArray<{ attributes: Record<string, string> }>): Promise<number> {
      let marked = 0;
      for (const key of new Set(moved.map(({ attributes }) => keyOf(attributes)))) {
        const found = read.get(key);
        read.delete(key);
        if (found) marked += await markRecovered(found.event, found.failed, deps);
      }
      return marked;
    },
  };
};

/**
 * A delivery as support reads it: its fields in the delivery log's documented order (what happened first, then when),
 * `recovered_at` and `next_attempt_at` always present, and each attempt without the ids it repeats.
 */
export const supportDeliveryView = (record: DeliveryRecord, attempts: readonly DeliveryAttempt[]) => ({
  delivery_id: record.delivery_id,
  event_id: record.event_id,
  event: record.event,
  partner_id: record.partner_id,
  status: record.status,
  attempts: record.attempts,
  last_status_code: record.last_status_code,
  last_error: record.last_error,
  reason: record.reason,
  replay: record.replay,
  recovered_at: record.recovered_at ?? null,
  next_attempt_at: record.next_attempt_at ?? null,
  created_at: record.created_at,
  updated_at: record.updated_at,
  attempt_log: attempts.map(({ attempt, at, verdict, status_code, latency_ms, error, response_excerpt }) => ({
    attempt,
    at,
    verdict,
    status_code,
    latency_ms,
    error,
    response_excerpt,
  })),
});

/** The deliveries of one event or one partner, each with its attempts, for support. */
export const listDeliveries = async (
  filter: { eventId?: string; partnerId?: string; limit?: number },
  deps: { deliveries: DeliveryLog; partners: Pick<PartnerProfiles, 'getProfile'> },
) => {
  if (!filter.eventId && !filter.partnerId) throw new BadRequestError('filter_required', 'Give --event-id or --partner.');
  // A mistyped id is not a partner, or an event, without deliveries.
  if (!filter.eventId && !(await deps.partners.getProfile(filter.partnerId ?? ''))) {
    throw new NotFoundError(`No partner "${filter.partnerId}".`, 'partner_not_found');
  }
  if (filter.eventId && !(await deps.deliveries.findEvent(filter.eventId))) {
    throw new NotFoundError(`No recorded event "${filter.eventId}".`, 'event_not_found');
  }
  const records = filter.eventId
    ? await deps.deliveries.byEvent(filter.eventId)
    : await deps.deliveries.byPartner(filter.partnerId ?? '', filter.limit ?? 50);
  return Promise.all(
    records.map(async (record) => supportDeliveryView(record, await deps.deliveries.attempts(record.partner_id, record.delivery_id))),
  );
};
