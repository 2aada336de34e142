// api docs → the registry entries of the webhook self-service routes (docs/webhooks.md, Self-service).
// Merged into `operations` (shared/api/operations.ts); same rules: one entry per route of shared/routes.ts.
import * as v from 'valibot';
import { NO_MEMBERS_MESSAGE } from '#shared/http/request';
import { examplePagination } from '#shared/api/examples';
import { formRefused } from '#shared/api/operation-helpers';
import { envelope, type OperationDoc, type Parameter } from '#shared/api/operation-types';
import * as successMessages from '#shared/api/success-messages';
import type { OperationName } from '#shared/routes';
import { PaginationMetaSchema } from '#shared/domain/booking-response-schemas';

/** The body of the calls that take no members (shared/http/request.ts, readBodyWithoutMembers, checks it). */
const NoMembersSchema = v.strictObject({}, NO_MEMBERS_MESSAGE);
import {
  DEFAULT_SECRET_OVERLAP_MINUTES,
  MAX_DELIVERIES_PER_PAGE,
  PortalLinkSchema,
  RecoverWebhookDeliveriesSchema,
  RecoveryResultSchema,
  RotateSigningSecretSchema,
  SigningSecretSchema,
  TEST_EVENT_NAME,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookTestResultSchema,
  type RecoveryResultOutput,
  type WebhookDeliveryOutput,
  type WebhookEndpointOutput,
  type WebhookTestResultOutput,
} from '#shared/domain/webhook-schemas';
import { webhookEventNames } from '#shared/events/catalog';
import { deliveryStatuses, deliveryStatusFilters } from '#shared/webhooks/delivery-model';

const tag = 'Webhooks';

/** What a portal page answers without a live portal session (shared/web/portal-handler.ts). */
const portalClosed = 'No live portal session: a page that says how to get a new link; the cookie is cleared.';

const exampleEndpoint: WebhookEndpointOutput = {
  url: 'https://hooks.partner.example/esim',
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  alert_email: 'webhooks@partner.example',
  auth_header_name: 'authorization',
  auth_header_prefix: 'Bearer ',
  events: Object.fromEntries(webhookEventNames.map((name) => [name, name !== 'classic_package_queue.claimed'])),
  signing_secret: { configured: true, previous_secret_valid_until: '2026-11-26T09:00:00.000Z' },
  health: { last_delivered_at: '2026-11-25T08:59:58.120Z', failing_since: null, disable_at: null, recent_deliveries: 50, recent_failures: 0 },
  updated_at: '2026-11-25T09:00:00.000Z',
};

const exampleDelivery: WebhookDeliveryOutput = {
  delivery_id: 'dlv_4f0c2a9e1b7d3c5a8e6f0b2d4c',
  event_id: 'booking.within_cutoff:5b1f8d2e-3c4a-4e6b-9d0f-1a2b3c4d5e6f',
  event: 'booking.within_cutoff',
  status: 'dead_lettered',
  attempts: 12,
  replay: false,
  recovered_at: null,
  reason: 'No success after 12 attempts',
  last_status_code: 503,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-25T06:00:00.000Z',
  updated_at: '2026-11-25T08:41:12.004Z',
  attempt_log: [
    {
      attempt: 1,
      at: '2026-11-25T06:00:00.412Z',
      status_code: 503,
      verdict: 'retry',
      latency_ms: 87,
      error: null,
      response_excerpt: '{"error":"maintenance"}',
    },
  ],
};

const exampleTest: WebhookTestResultOutput = {
  event: TEST_EVENT_NAME,
  event_id: 'webhook.test:0d6f7f4e-52c1-4c55-9a3e-5f7a1f0c9b11',
  delivery_id: 'dlv_test_8a2e41f0b6c94d1f9e3a7c5b2d0f6e18',
  url: 'https://hooks.partner.example/esim',
  signed: true,
  delivered: true,
  status_code: 200,
  latency_ms: 143,
  error: null,
  response_excerpt: 'ok',
};

const exampleRecovery: RecoveryResultOutput = { queued: 1, event_ids: [exampleDelivery.event_id], more: false };

/** Query values arrive as text, so they are documented by hand (as listBookings does). */
const query = (name: string, description: string, schema: Record<string, unknown>): Parameter => ({ name, in: 'query', description, schema });

export const webhookOperations = {
  getWebhookEndpoint: {
    kind: 'json',
    summary: 'Get your webhook endpoint',
    description:
      'Your webhook URL, the header that carries your API key, every event with whether you receive it, the signing-secret state ' +
      'and the health of recent deliveries: an endpoint that fails every delivery for 72 hours is disabled automatically (a warning ' +
      'goes to `alert_email` after 24 hours). Nothing secret is ever returned.',
    tag,
    response: {
      status: 200,
      description: 'The endpoint.',
      schema: envelope(WebhookEndpointSchema),
      example: { success: true, message: successMessages.getWebhookEndpoint, data: exampleEndpoint },
    },
    errors: [],
  },
  updateWebhookEndpoint: {
    kind: 'json',
    summary: 'Change your webhook endpoint',
    description:
      'Changes only the fields you send. `url` must be a public https URL. `enabled: false` holds deliveries (recorded as `held`, ' +
      'recoverable with POST /webhooks/deliveries/recover); `enabled: true` sends again. Every attempt reads these settings when it ' +
      'starts, so after this call answers no attempt goes to the old URL. `end_secret_overlap: true` stops signing with the previous secret now.',
    tag,
    request: {
      schema: WebhookEndpointUpdateSchema,
      example: {
        url: 'https://hooks.partner.example/esim',
        auth_header_name: 'Authorization',
        auth_header_prefix: 'Bearer ',
        events: { 'classic_package_queue.claimed': true },
        alert_email: 'webhooks@partner.example',
      },
    },
    response: {
      status: 200,
      description: 'The endpoint after the change.',
      schema: envelope(WebhookEndpointSchema),
      example: { success: true, message: successMessages.updateWebhookEndpoint, data: exampleEndpoint },
    },
    errors: ['validation_error', 'unsafe_webhook_url', 'invalid_header_name', 'concurrent_modification'],
  },
  rotateWebhookSigningSecret: {
    kind: 'json',
    summary: 'Rotate your signing secret',
    description:
      'Creates a new signing secret and answers it once. During the overlap (`overlap_minutes`, default ' +
      `${DEFAULT_SECRET_OVERLAP_MINUTES}, at most 7 days) every delivery carries two values in x-service-signature, one per secret, ` +
      'so your receiver verifies with either while you deploy the new one. `overlap_minutes: 0` is a hard cutover. ' +
      'End the overlap early with PUT /webhooks/endpoint `{ "end_secret_overlap": true }`.',
    tag,
    request: { schema: RotateSigningSecretSchema, example: { overlap_minutes: 60 }, optional: true },
    response: {
      status: 201,
      description: 'The new secret.',
      schema: envelope(SigningSecretSchema),
      example: {
        success: true,
        message: successMessages.rotateWebhookSigningSecret,
        data: { signing_secret: 'whsec_3q2Vb0dXy5JkLm8NpQrStUvWxYz0aBcD', previous_secret_valid_until: '2026-11-25T10:00:00.000Z' },
      },
    },
    errors: ['validation_error', 'concurrent_modification'],
  },
  sendTestWebhook: {
    kind: 'json',
    summary: 'Send a test delivery',
    description:
      `Sends one signed delivery of the event \`${TEST_EVENT_NAME}\` to your URL now (also while deliveries are held) and answers how ` +
      'your endpoint answered: status, latency and the first 1 KiB of its answer. Its event name is none of the 12 events and its ' +
      '`event_id` starts with `webhook.test:`, so event handlers can ignore it; it is not retried and not in the delivery log. ' +
      'It waits 5 s for the answer (a delivery waits 10 s). At most 10 per minute. Takes no body members: send no body, or `{}`.',
    tag,
    request: { schema: NoMembersSchema, example: {}, optional: true, bodyRefusals: ['validation_error'] },
    response: {
      status: 200,
      description: 'How your endpoint answered.',
      schema: envelope(WebhookTestResultSchema),
      example: { success: true, message: successMessages.sendTestWebhook, data: exampleTest },
    },
    errors: ['webhook_url_missing'],
  },
  listWebhookDeliveries: {
    kind: 'json',
    summary: 'List your webhook deliveries',
    description:
      'Your delivery log, newest first, each delivery with its attempts. Kept 30 days. Filters combine. Follow `pagination.nextCursor` ' +
      '(the log is read forward: `prevCursor` is always null). A page can hold fewer deliveries than `perPage` when filters are sparse; ' +
      'continue while `hasNextPage` is true.',
    tag,
    parameters: [
      query('perPage', 'Deliveries per page.', { type: 'integer', minimum: 1, maximum: MAX_DELIVERIES_PER_PAGE, default: 20 }),
      query('cursor', '`nextCursor` of an earlier page, exactly as returned.', { type: 'string', maxLength: 1024 }),
      query('event', 'Only this event name.', { type: 'string', enum: [...webhookEventNames] }),
      query('event_id', 'Only this event id.', { type: 'string', maxLength: 255 }),
      query(
        'status',
        'Only this status (`rejected` is a 4xx answer, not retried; `held` was due while the endpoint was disabled); `failed` is both `rejected` and `dead_lettered` (failed for good), `dead-lettered` the same as `dead_lettered`.',
        { type: 'string', enum: [...deliveryStatuses, ...Object.keys(deliveryStatusFilters)] },
      ),
      query(
        'since',
        'Only deliveries started at or after this ISO 8601 time (a date alone is its midnight UTC, a time without a zone UTC; decision 13).',
        {
          type: 'string',
          maxLength: 40,
        },
      ),
      query('until', 'Only deliveries started at or before this ISO 8601 time (read as `since` is).', {
        type: 'string',
        maxLength: 40,
      }),
    ],
    response: {
      status: 200,
      description: 'A page of deliveries.',
      schema: envelope(v.array(WebhookDeliverySchema), { pagination: PaginationMetaSchema }),
      example: {
        success: true,
        message: successMessages.listWebhookDeliveries,
        data: [exampleDelivery],
        pagination: { ...examplePagination, hasPrevPage: false, prevCursor: '' },
      },
    },
    errors: ['validation_error'],
  },
  createPortalLink: {
    kind: 'json',
    summary: 'Create a portal link',
    description:
      'A single-use link (5 minutes) to the webhook portal: a page with your endpoint, its health, recent deliveries with their ' +
      'attempts, and buttons for test, rotate, recover and replay. Opening it starts a 30-minute session for your account only. Takes no body members: send no body, or `{}`.',
    tag,
    request: { schema: NoMembersSchema, example: {}, optional: true, bodyRefusals: ['validation_error'] },
    response: {
      status: 201,
      description: 'The link.',
      schema: envelope(PortalLinkSchema),
      example: {
        success: true,
        message: successMessages.createPortalLink,
        data: { url: 'https://api.example.com/api/portal/start?token=portal1.…', expires_at: '2026-11-25T09:05:00.000Z' },
      },
    },
    errors: [],
  },
  portalStart: {
    kind: 'page',
    summary: 'Portal: open with a link',
    description: 'Exchanges the single-use portal link for a session cookie and redirects (303) to the portal page.',
    tag,
    answers: {
      303: 'Opened: the portal session cookie is set and Location is the portal page (/portal).',
      400: 'The link is missing, incomplete or was changed: a page that says so.',
      410: "The link has expired, was already used, or the account's API secret changed since: a page that says so.",
    },
    parameters: [
      { name: 'token', in: 'query', required: true, description: 'The token of the portal link.', schema: { type: 'string', maxLength: 300 } },
    ],
  },
  portalHome: {
    kind: 'page',
    summary: 'Portal: your webhooks',
    description: 'Endpoint, health, the 20 most recent deliveries with their attempts, and the action forms. Needs the portal session cookie.',
    tag,
    answers: { 200: 'The portal page.', 401: portalClosed },
  },
  portalAction: {
    kind: 'page',
    summary: 'Portal: run an action',
    description: 'A form of the portal page (`action` test, rotate, recover or replay, with its CSRF token); answers a page that says what happened.',
    tag,
    answers: {
      200: 'Done: a page that says what happened (for rotate, the new secret, shown once).',
      400: 'An unknown action, or a value no button of the page sends.',
      401: portalClosed,
      403: formRefused,
      404: 'replay: no recorded event of yours has this id.',
      409: 'test: no webhook URL is set yet; rotate: another change of your settings ran at the same moment.',
      429: 'test, recover or replay: too many of these calls this minute.',
    },
  },
  recoverWebhookDeliveries: {
    kind: 'json',
    summary: 'Replay an event or recover failed deliveries',
    description:
      '`{ "event_id" }` sends that event again. `{ "since" }` sends again every rejected, dead-lettered or held delivery started ' +
      'since then (up to `until`, default now) that was not recovered yet, at most `limit` (default and maximum 100) per call; when ' +
      '`more` is true, call again with the same body. Repeating a call never sends a delivery twice. Each event goes out with its ' +
      'original event_id and timestamp and a new delivery_id, marked `replay` in the log. At most 5 calls per minute.',
    tag,
    request: { schema: RecoverWebhookDeliveriesSchema, example: { since: '2026-11-25T00:00:00Z' } },
    response: {
      status: 202,
      description: 'What was queued.',
      schema: envelope(RecoveryResultSchema),
      example: { success: true, message: successMessages.recoverWebhookDeliveries({ queued: 1 }), data: exampleRecovery },
    },
    errors: ['validation_error', 'event_not_found', 'webhook_url_missing', 'webhook_endpoint_disabled'],
  },
} satisfies Partial<Record<OperationName, OperationDoc>>;
