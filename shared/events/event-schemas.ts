// domain events → the `data` of each webhook event (spec, "Event list"), as valibot schemas: the one place the
// field sets live. Producers build data through `domainEvent` (shared/events/catalog.ts), which is typed by these; the OpenAPI document's
// `webhooks` section and the contract tests use the same schemas.
import * as v from 'valibot';
import { packageTypes } from '#shared/domain/schema-fields';
import type { WebhookEventName } from '#shared/events/event-names';

const text = (description: string) => v.pipe(v.string(), v.description(description));
const nullableText = (description: string) => v.nullable(text(description));
const integer = (description: string) => v.pipe(v.number(), v.integer(), v.description(description));
const instant = (description: string) => v.pipe(v.string(), v.isoTimestamp(), v.description(description));

const traveler = {
  external_user_id: nullableText("The traveler's id in the partner's system."),
  booking_id: text("The service's booking id (`id` of BookingResponse)."),
};
/** eSIMs and packages can come from a purchase with no booking behind it: their booking_id may be null. */
const esim = {
  ...traveler,
  booking_id: nullableText("The service's booking id (`id` of BookingResponse); null for an eSIM or package bought without a booking."),
  iccid: text('ICCID of the eSIM.'),
};

const packageCommon = {
  ...esim,
  package_id: text('Package id.'),
  package_queue_uuid: nullableText('`uuid` of the package queue entry (BookingResponse.package_queues); null for a purchase in the native app.'),
  promo_code_id: nullableText('uuid of the promo code the package came from.'),
  destination: nullableText('ISO country code.'),
};

const packageUsageCommon = {
  ...packageCommon,
  package_type: v.picklist(packageTypes),
};

const usageData = (percent: 50 | 80 | 100) => {
  const usage_percent = v.pipe(v.literal(percent), v.description('Share of the allowance consumed (or of the duration elapsed).'));
  return v.union([
    v.pipe(
      v.object({
        ...packageUsageCommon,
        usage_percent,
        size: nullableText('Data allowance, e.g. 1GB; null for packages without one.'),
        used_bytes: integer('Bytes used so far.'),
        remaining_bytes: integer('Bytes left.'),
      }),
      v.title(`PackageUsage${percent}DataBased`),
      v.description('Data-limited and starter packages: the share of data consumed.'),
    ),
    v.pipe(
      v.object({
        ...packageUsageCommon,
        usage_percent,
        duration_days: integer('Length of the package in days.'),
        elapsed_days: integer('Days elapsed.'),
        remaining_days: integer('Days left.'),
      }),
      v.title(`PackageUsage${percent}DurationBased`),
      v.description('Unlimited and time-limited packages: the share of the validity elapsed.'),
    ),
  ]);
};

const payment = {
  iccid: text('ICCID of the eSIM.'),
  payment_id: text('Payment id.'),
  amount: v.pipe(v.number(), v.description('Amount in the smallest currency unit.')),
  currency: v.pipe(v.string(), v.length(3), v.description('ISO 4217 currency code.')),
  promo_code_id: nullableText('The original promo code that started attribution.'),
};

const departure = {
  ...traveler,
  departure_date: text('ISO 8601 date-time with time zone.'),
};

/** `data` of every event, keyed by event name. */
export const webhookEventDataSchemas = {
  'package.usage.50_percent': usageData(50),
  'package.usage.80_percent': usageData(80),
  'package.usage.100_percent': usageData(100),
  'esim.installed': v.object(esim),
  'esim.removed': v.object(esim),
  'package.activated': v.object({
    ...packageCommon,
    size: nullableText('Data allowance; null for packages without one (unlimited).'),
    activated_at: instant('When the package became usable.'),
    expires_at: instant('When the package expires.'),
  }),
  'package.purchased': v.object({
    external_user_id: nullableText("The traveler's id in the partner's system."),
    booking_id: nullableText('Booking id; null for web shop purchases.'),
    ...payment,
    package_queue_uuid: nullableText('Set for web-app purchases (match package.activated on it); null for native-app purchases.'),
  }),
  'topup.completed': v.object({
    external_user_id: nullableText("The traveler's id in the partner's system."),
    booking_id: nullableText('Booking id.'),
    ...payment,
    package_id: nullableText('Package id.'),
    destination: nullableText('ISO country code.'),
    size: nullableText('Data allowance.'),
  }),
  'promo_code.redeemed': v.object({
    promocode: text('The code the traveler redeemed.'),
    booking_id: text("The service's booking id."),
    redeemed_at: instant('When it was redeemed.'),
    redeemed_by: text('Identity of the redeemer.'),
  }),
  'classic_package_queue.claimed': v.object({
    queue_id: text('`uuid` of the package queue entry.'),
    booking_id: nullableText('Present for grants created via POST /bookings.'),
    esim_iccid: text('ICCID the package was attached to.'),
    user_id: text("The service's user id."),
    partner_id: text('Your partner id.'),
    is_top_up: v.pipe(v.boolean(), v.description('True when attached to an existing matching eSIM (destination and IMSI).')),
  }),
  'booking.within_cutoff': v.object({
    ...departure,
    days_until_departure: integer('Whole days until departure, rounded up.'),
    esim_installed: v.boolean(),
  }),
  'booking.about_to_depart': v.object({
    ...departure,
    hours_until_departure: integer('Whole hours until departure, rounded up.'),
    esim_installed: v.boolean(),
  }),
} as const satisfies Record<WebhookEventName, v.GenericSchema>;

export type WebhookEventData = { [E in WebhookEventName]: v.InferOutput<(typeof webhookEventDataSchemas)[E]> };

/** The body of a delivery (spec, "Envelope"); built by webhookEnvelope in shared/webhooks/delivery-model.ts. */
export const webhookEnvelopeSchema = <E extends WebhookEventName>(event: E) =>
  v.object({
    event: v.literal(event),
    timestamp: instant('When the event occurred (UTC); a replay keeps the original time.'),
    data: webhookEventDataSchemas[event],
    event_id: text('`{event}:{entity_id}`: the same in retries and replays; deduplicate on it.'),
    delivery_id: text('One delivery; a replay has a new one.'),
  });
