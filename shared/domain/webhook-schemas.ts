// domain → the payloads of the partner's webhook self-service: its endpoint, secret rotation, test delivery,
// delivery log and recovery (docs/webhooks.md, Self-service). One schema per payload; the OpenAPI document reads them.
// Each schema is built in a pure-marked closure, so a function bundles only the one it validates with.
import * as v from 'valibot';
import { emailAddress } from '#shared/domain/schema-fields';
import { parseIsoDateTime } from '#shared/domain/dates';
import { webhookEventNames } from '#shared/events/catalog';
import { deliveryStatuses, deliveryStatusFilters } from '#shared/webhooks/delivery-model';

/** Longest overlap a partner may choose for the previous signing secret: 7 days. */
export const MAX_SECRET_OVERLAP_MINUTES = 7 * 24 * 60;
/** The overlap when the partner chooses none: 24 hours. */
export const DEFAULT_SECRET_OVERLAP_MINUTES = 24 * 60;
/** Deliveries one recovery call sends again at most; call again (with the same `since`) for the rest. */
export const MAX_RECOVERED_PER_CALL = 100;
export const MAX_DELIVERIES_PER_PAGE = 100;

const nullable = <T extends v.GenericSchema>(schema: T) => v.nullable(schema);
const text = (description: string) => v.pipe(v.string(), v.description(description));
const integer = (description: string) => v.pipe(v.number(), v.integer(), v.description(description));

/** A whole number in a JSON body, within bounds, with messages naming the field. */
const wholeNumberField = (field: string, { min, max }: { min: number; max: number }, description: string) =>
  v.pipe(
    v.number(`${field} must be a number.`),
    v.integer(`${field} must be a whole number.`),
    v.minValue(min, `${field} must be at least ${min}.`),
    v.maxValue(max, `${field} must be at most ${max}.`),
    v.description(description),
  );

/** An ISO 8601 date-time given by the partner, answered as UTC (`toISOString`), the form the log sorts by. */
const instant = (field: string) =>
  v.pipe(
    v.string(`${field} must be an ISO 8601 date-time.`),
    v.maxLength(40, `${field} must be an ISO 8601 date-time.`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseIsoDateTime(dataset.value);
      if (parsed) return parsed.instant.toISOString();
      addIssue({ message: `${field} must be an ISO 8601 date-time, e.g. 2026-11-25T09:00:00Z.` });
      return NEVER;
    }),
  );

/** An optional member where `null` means absent, as on every body (docs/api.md, Conventions). */
const absentWhenNull = <T extends v.GenericSchema>(schema: T) =>
  v.optional(
    v.pipe(
      v.nullable(schema),
      v.transform((value) => value ?? undefined),
    ),
  );

/** A time window read from `since` to `until` must not end before it starts (an empty window would read nothing). */
const windowInOrder = (window: { since?: string; until?: string }): boolean =>
  window.since === undefined || window.until === undefined || Date.parse(window.since) <= Date.parse(window.until);
const WINDOW_OUT_OF_ORDER = 'until must not be before since.';

/** An event's name as the spec spells its setting (`webhook_settings.events.classic_package_queue_claimed`). */
const settingSpelling = (name: string) => name.replaceAll('.', '_');

const eventSwitches = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject(
      Object.fromEntries(
        webhookEventNames.flatMap((name) =>
          [...new Set([name, settingSpelling(name)])].map((key) => [key, absentWhenNull(v.boolean(`${key} must be true or false.`))]),
        ),
      ),
    ),
    // Both spellings name one event: given twice, they must agree.
    v.check(
      (switches) =>
        webhookEventNames.every((name) => {
          const [dotted, setting] = [switches[name], switches[settingSpelling(name)]];
          return dotted === undefined || setting === undefined || dotted === setting;
        }),
      'events names one event in both spellings with different values.',
    ),
    // The settings keep the event name.
    v.transform((switches) =>
      Object.fromEntries(
        webhookEventNames.flatMap((name) => {
          const on = switches[name] ?? switches[settingSpelling(name)];
          return on === undefined ? [] : [[name, on]];
        }),
      ),
    ),
    v.description(
      'Event name → subscribed, as `classic_package_queue.claimed` or the setting spelling `classic_package_queue_claimed`. ' +
        'Events you leave out keep their setting; only classic_package_queue.claimed is off by default.',
    ),
  ))();

export const WebhookEndpointUpdateSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject({
      url: v.optional(
        v.nullable(
          v.pipe(
            v.string('url must be a string.'),
            v.maxLength(2048, 'url must be at most 2048 characters.'),
            v.description('Public https URL deliveries go to; null removes it (deliveries are then skipped).'),
          ),
        ),
      ),
      // null restores the default, as null on `url` removes the URL (a change is a merge patch of the settings).
      auth_header_name: v.optional(
        v.nullable(
          v.pipe(
            v.string('auth_header_name must be a string.'),
            v.maxLength(64, 'auth_header_name must be at most 64 characters.'),
            v.description(
              'Header that carries your API key on every delivery (default x-api-key; null restores it). Reserved and hop-by-hop names are refused.',
            ),
          ),
        ),
      ),
      auth_header_prefix: v.optional(
        v.nullable(
          v.pipe(
            v.string('auth_header_prefix must be a string.'),
            v.maxLength(64, 'auth_header_prefix must be at most 64 characters.'),
            v.regex(/^[\x20-\x7e]*$/, 'auth_header_prefix must be printable ASCII.'),
            v.description('Text before the API key in that header, e.g. "Bearer " (default none; null restores it).'),
          ),
        ),
      ),
      events: absentWhenNull(eventSwitches),
      enabled: absentWhenNull(
        v.pipe(v.boolean('enabled must be true or false.'), v.description('false holds deliveries (kept, recoverable); true sends again.')),
      ),
      alert_email: v.optional(
        v.nullable(
          v.pipe(
            emailAddress('alert_email'),
            v.description('Where we write when the endpoint keeps failing and when it is disabled; null for nobody.'),
          ),
        ),
      ),
      end_secret_overlap: absentWhenNull(
        v.pipe(v.literal(true, 'end_secret_overlap can only be true.'), v.description('Stops signing with the previous secret now.')),
      ),
    }),
    v.title('WebhookEndpointUpdate'),
  ))();
export type WebhookEndpointUpdateInput = v.InferInput<typeof WebhookEndpointUpdateSchema>;
export type WebhookEndpointUpdateOutput = v.InferOutput<typeof WebhookEndpointUpdateSchema>;

export const WebhookHealthSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      last_delivered_at: nullable(text('Last 2xx answer among the recent deliveries.')),
      failing_since: nullable(text('First failed attempt since the last success; null while deliveries succeed.')),
      disable_at: nullable(text('When the endpoint is disabled automatically unless a delivery succeeds first.')),
      recent_deliveries: integer('Deliveries looked at (the most recent ones, at most 50).'),
      recent_failures: integer('Of those, still retrying, or rejected, dead-lettered or held and not recovered yet.'),
    }),
    v.title('WebhookHealth'),
  ))();

export const WebhookEndpointSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      url: nullable(text('Where deliveries go; null when none is set.')),
      enabled: v.pipe(v.boolean(), v.description('false while deliveries are held.')),
      disabled_at: nullable(text('When deliveries started being held.')),
      disabled_reason: nullable(text('Why they are held.')),
      alert_email: nullable(text('Where health warnings go.')),
      auth_header_name: text('Header that carries your API key.'),
      auth_header_prefix: text('Text before the API key.'),
      events: v.pipe(v.record(v.string(), v.boolean()), v.description('Every event name → whether you receive it.')),
      signing_secret: v.object({
        configured: v.pipe(v.boolean(), v.description('Deliveries are signed (x-service-signature).')),
        previous_secret_valid_until: nullable(text("Until then deliveries also carry the previous secret's signature.")),
      }),
      health: WebhookHealthSchema,
      updated_at: text('Last change of your settings.'),
    }),
    v.title('WebhookEndpoint'),
  ))();
export type WebhookEndpointOutput = v.InferOutput<typeof WebhookEndpointSchema>;

export const RotateSigningSecretSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject({
      overlap_minutes: absentWhenNull(
        wholeNumberField(
          'overlap_minutes',
          { min: 0, max: MAX_SECRET_OVERLAP_MINUTES },
          `How long the previous secret keeps signing too; 0 is a hard cutover. Default ${DEFAULT_SECRET_OVERLAP_MINUTES} (24 h), at most 7 days.`,
        ),
      ),
    }),
    v.title('RotateSigningSecretRequest'),
  ))();
export type RotateSigningSecretInput = v.InferInput<typeof RotateSigningSecretSchema>;

export const SigningSecretSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      signing_secret: text('The new secret. Shown only in this answer: store it now.'),
      previous_secret_valid_until: nullable(text('End of the overlap; null for a hard cutover or when there was no secret before.')),
    }),
    v.title('SigningSecret'),
  ))();

/** Name of the test delivery's event: not one of the 12, so no receiver mistakes it for a real fact. */
export const TEST_EVENT_NAME = 'webhook.test';

/** The body of a test delivery: the envelope of every event, with an event name none of the 12 has. */
export const WebhookTestEventSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      event: v.literal(TEST_EVENT_NAME),
      timestamp: text('When the test was sent, ISO 8601 UTC.'),
      data: v.object({
        partner_id: text('Your partner id.'),
        message: text('What this delivery is for.'),
      }),
      event_id: text('webhook.test:{random}: never the id of a real event, never repeated.'),
      delivery_id: text('dlv_test_{random}.'),
    }),
    v.title('WebhookTestEvent'),
    v.description('Sent only by POST /webhooks/endpoint/test, signed like every delivery. Answer 2xx; do not process it as an event.'),
  ))();

export const WebhookTestResultSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      event: v.literal(TEST_EVENT_NAME),
      event_id: text('webhook.test:{random}: never the id of a real event.'),
      delivery_id: text('dlv_test_{random}.'),
      url: text('Where it was sent.'),
      signed: v.pipe(v.boolean(), v.description('It carried x-service-signature.')),
      delivered: v.pipe(v.boolean(), v.description('Your endpoint answered 2xx.')),
      status_code: nullable(integer('HTTP status of the answer; null when none arrived.')),
      latency_ms: integer('Time until the answer (or the failure).'),
      error: nullable(text('Network error or time-out, when no answer arrived.')),
      response_excerpt: nullable(text('The first 1 KiB of the answer, credentials scrubbed.')),
    }),
    v.title('WebhookTestResult'),
  ))();
export type WebhookTestResultOutput = v.InferOutput<typeof WebhookTestResultSchema>;

const wholeNumber = (field: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${field} must be a whole number.`),
    v.transform(Number),
    v.minValue(1, `${field} must be at least 1.`),
    v.maxValue(max, `${field} must be at most ${max}.`),
  );

export const ListWebhookDeliveriesQuerySchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      perPage: v.optional(wholeNumber('perPage', MAX_DELIVERIES_PER_PAGE), '20'),
      cursor: v.optional(v.pipe(v.string(), v.maxLength(1024, 'cursor is not valid.'))),
      event: v.optional(v.picklist(webhookEventNames, `event must be one of: ${webhookEventNames.join(', ')}.`)),
      event_id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(255, 'event_id must be at most 255 characters.'))),
      status: v.optional(
        v.picklist(
          [...deliveryStatuses, ...(Object.keys(deliveryStatusFilters) as Array<keyof typeof deliveryStatusFilters>)],
          `status must be one of: ${[...deliveryStatuses, ...Object.keys(deliveryStatusFilters)].join(', ')}.`,
        ),
      ),
      since: v.optional(instant('since')),
      until: v.optional(instant('until')),
    }),
    v.forward(
      v.check((window) => windowInOrder(window), WINDOW_OUT_OF_ORDER),
      ['until'],
    ),
  ))();
export type ListWebhookDeliveriesQueryOutput = v.InferOutput<typeof ListWebhookDeliveriesQuerySchema>;

export const WebhookAttemptSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      attempt: integer('1 to 12.'),
      at: text('When the answer (or failure) came.'),
      status_code: nullable(integer('HTTP status; null for a network error or time-out.')),
      verdict: v.pipe(
        v.picklist(['delivered', 'retry', 'rejected']),
        v.description(
          'How the answer was classified: `delivered` (2xx); `retry`, a failure worth retrying (429, 5xx, time-out, network ' +
            'error); `rejected`, any other answer (a 3xx, which is never followed, or a 4xx) or a URL refused as unsafe (never retried). ' +
            'After a 12th `retry` no attempt follows: the delivery is `dead_lettered`.',
        ),
      ),
      latency_ms: integer('Milliseconds.'),
      error: nullable(text('Network error or time-out.')),
      response_excerpt: nullable(text('The first 1 KiB of your answer, credentials scrubbed.')),
    }),
    v.title('WebhookAttempt'),
  ))();

export const WebhookDeliverySchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      delivery_id: text('The delivery_id your endpoint received.'),
      event_id: text('The event_id (same in retries and replays).'),
      event: text('Event name.'),
      status: v.pipe(
        v.picklist(deliveryStatuses),
        v.description('held = the endpoint was disabled; rejected = an answer or URL not worth retrying (3xx, 4xx but 429, unsafe URL).'),
      ),
      attempts: integer('HTTP attempts so far (at most 12).'),
      replay: v.pipe(v.boolean(), v.description('A replay or recovery of an earlier delivery.')),
      recovered_at: nullable(text('When a recovery or replay sent this event again.')),
      reason: nullable(text('Why it was skipped, held, rejected or dead-lettered.')),
      last_status_code: nullable(integer('Status of the last answer.')),
      last_error: nullable(text('Error of the last attempt.')),
      next_attempt_at: nullable(
        text(
          'For a `retrying` delivery, when its next attempt is due (the backoff after the last failure, jitter included; ' +
            'it starts within a few seconds of that time). Null in every other status.',
        ),
      ),
      created_at: text('When the delivery started.'),
      updated_at: text('Last change.'),
      attempt_log: v.array(WebhookAttemptSchema),
    }),
    v.title('WebhookDelivery'),
  ))();
export type WebhookDeliveryOutput = v.InferOutput<typeof WebhookDeliverySchema>;

export const RecoverWebhookDeliveriesSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.strictObject({
      event_id: absentWhenNull(
        v.pipe(
          v.string('event_id must be a string.'),
          v.minLength(1, 'event_id must not be empty.'),
          v.maxLength(255, 'event_id must be at most 255 characters.'),
          v.description('Replay this one event (any status), with a new delivery_id.'),
        ),
      ),
      since: absentWhenNull(v.pipe(instant('since'), v.description('Send again every rejected, dead-lettered or held delivery started since then.'))),
      until: absentWhenNull(v.pipe(instant('until'), v.description('Upper bound of `since` (default: now).'))),
      limit: absentWhenNull(
        wholeNumberField(
          'limit',
          { min: 1, max: MAX_RECOVERED_PER_CALL },
          `Most deliveries recovered by this call (default ${MAX_RECOVERED_PER_CALL}).`,
        ),
      ),
    }),
    v.check((body) => (body.event_id === undefined) !== (body.since === undefined), 'Give either event_id (one replay) or since (recovery).'),
    v.forward(
      v.check((window) => windowInOrder(window), WINDOW_OUT_OF_ORDER),
      ['until'],
    ),
    v.title('RecoverWebhookDeliveriesRequest'),
  ))();
export type RecoverWebhookDeliveriesInput = v.InferInput<typeof RecoverWebhookDeliveriesSchema>;
export type RecoverWebhookDeliveriesOutput = v.InferOutput<typeof RecoverWebhookDeliveriesSchema>;

export const RecoveryResultSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      queued: integer('Events sent again now, each with a new delivery_id.'),
      event_ids: v.array(v.string()),
      more: v.pipe(v.boolean(), v.description('More failed deliveries remain in the range: call again with the same body.')),
    }),
    v.title('WebhookRecoveryResult'),
  ))();
export type RecoveryResultOutput = v.InferOutput<typeof RecoveryResultSchema>;

export const PortalLinkSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.object({
      url: text('Open it within 5 minutes; it works once and starts a 30-minute portal session.'),
      expires_at: text('When the link stops working.'),
    }),
    v.title('PortalLink'),
  ))();
