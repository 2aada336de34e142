// domain events → each event's `data` members, in the order the spec's Events table and the OpenAPI document list
// them. Plain lists, so the dispatcher orders a delivery without loading the schemas; test/unit/event-schemas.test.ts
// holds them to shared/events/event-schemas.ts.
import type { WebhookEventName } from '#shared/events/event-names';

/** The members every event about a traveler's eSIM starts with. */
const esimFields = ['external_user_id', 'booking_id', 'iccid'] as const;
/** And every event about one of its packages, after those. */
const packageFields = [...esimFields, 'package_id', 'package_queue_uuid', 'promo_code_id', 'destination'] as const;
/** And every event about a payment. */
const paymentFields = [...esimFields, 'payment_id', 'amount', 'currency', 'promo_code_id'] as const;
/** And both departure events. */
const departureFields = ['external_user_id', 'booking_id', 'departure_date'] as const;

/**
 * The `data` members of every event, as the spec lists them; the usage events have a data-based and a duration-based
 * form. Tests compare payloads against this table.
 */
export const eventDataFields = {
  'package.usage.data': [...packageFields, 'package_type', 'usage_percent', 'size', 'used_bytes', 'remaining_bytes'],
  'package.usage.duration': [...packageFields, 'package_type', 'usage_percent', 'duration_days', 'elapsed_days', 'remaining_days'],
  'esim.installed': esimFields,
  'esim.removed': esimFields,
  'package.activated': [...packageFields, 'size', 'activated_at', 'expires_at'],
  'package.purchased': [...paymentFields, 'package_queue_uuid'],
  'topup.completed': [...paymentFields, 'package_id', 'destination', 'size'],
  'promo_code.redeemed': ['promocode', 'booking_id', 'redeemed_at', 'redeemed_by'],
  'classic_package_queue.claimed': ['queue_id', 'booking_id', 'esim_iccid', 'user_id', 'partner_id', 'is_top_up'],
  'booking.within_cutoff': [...departureFields, 'days_until_departure', 'esim_installed'],
  'booking.about_to_depart': [...departureFields, 'hours_until_departure', 'esim_installed'],
} as const;

const usageFields = [...new Set([...eventDataFields['package.usage.data'], ...eventDataFields['package.usage.duration']])];

const fieldsOf = (event: WebhookEventName): readonly string[] =>
  event.startsWith('package.usage.') ? usageFields : eventDataFields[event as Exclude<WebhookEventName, `package.usage.${string}`>];

/**
 * The event's data with its members in the documented order: a stored event comes back from the table in no
 * particular order. A member the table does not name follows the named ones, so nothing is dropped.
 */
export const inDocumentedOrder = (event: WebhookEventName, data: Record<string, unknown>): Record<string, unknown> => {
  const ordered: Record<string, unknown> = {};
  for (const member of fieldsOf(event)) if (Object.hasOwn(data, member)) ordered[member] = data[member];
  for (const [member, value] of Object.entries(data)) if (!Object.hasOwn(ordered, member)) ordered[member] = value;
  return ordered;
};
