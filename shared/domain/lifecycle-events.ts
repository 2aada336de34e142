// domain → the traveler-side webhook events, field for field as the spec's Events table lists them.
import type { Booking, PackageQueueEntry, PromoCode } from '#shared/domain/booking';
import { DAY_MS, usageMeasure, type Esim, type Threshold, type Traveler, type TravelerPackage } from '#shared/domain/traveler';
import { domainEvent, eventIdOf, type DomainEvent, type WebhookEventName } from '#shared/events/catalog';
import type { WebhookEventData } from '#shared/events/event-schemas';

/** `data` is checked against the event's schema (shared/events/event-schemas.ts) at compile time. */
const event = <E extends WebhookEventName>(partnerId: string, name: E, entityId: string, at: Date, data: WebhookEventData[E]): DomainEvent =>
  domainEvent({ partner_id: partnerId, event: name, event_id: eventIdOf(name, entityId), timestamp: at.toISOString(), data });

export const promoCodeRedeemed = (booking: Booking, promo: PromoCode, redeemedBy: string, at: Date): DomainEvent =>
  event(booking.partner_id, 'promo_code.redeemed', promo.uuid, at, {
    promocode: promo.code,
    booking_id: booking.id,
    redeemed_at: at.toISOString(),
    redeemed_by: redeemedBy,
  });

const esimBooking = (traveler: Traveler, esim: Esim) => esim.booking_id ?? traveler.attribution?.booking_id ?? null;

/** Repeatable: the occurrence number is part of the entity id (#23). */
export const esimInstalled = (traveler: Traveler, esim: Esim, at: Date): DomainEvent =>
  event(traveler.partner_id, 'esim.installed', `${esim.iccid}:${esim.installs}`, at, {
    external_user_id: traveler.external_user_id,
    booking_id: esimBooking(traveler, esim),
    iccid: esim.iccid,
  });

export const esimRemoved = (traveler: Traveler, esim: Esim, at: Date): DomainEvent =>
  event(traveler.partner_id, 'esim.removed', `${esim.iccid}:${esim.removals}`, at, {
    external_user_id: traveler.external_user_id,
    booking_id: esimBooking(traveler, esim),
    iccid: esim.iccid,
  });

const packageCommon = (traveler: Traveler, pkg: TravelerPackage) => ({
  external_user_id: traveler.external_user_id,
  booking_id: pkg.booking_id,
  iccid: pkg.iccid,
  package_id: pkg.package_id,
  package_queue_uuid: pkg.package_queue_uuid,
  promo_code_id: pkg.promo_code_id,
  destination: pkg.destination,
});

export const packageActivated = (traveler: Traveler, pkg: TravelerPackage, at: Date): DomainEvent => {
  // Activation sets both times (shared/domain/traveler.ts); an event without them would break the contract.
  if (!pkg.activated_at || !pkg.expires_at) throw new Error(`package.activated for ${pkg.package_id}, which is not activated`);
  return event(traveler.partner_id, 'package.activated', pkg.package_id, at, {
    ...packageCommon(traveler, pkg),
    size: pkg.size,
    activated_at: pkg.activated_at,
    expires_at: pkg.expires_at,
  });
};

const usageEventName = (threshold: Threshold): WebhookEventName => `package.usage.${threshold}_percent`;

/**
 * The duration-based figures at `at`, over the validity window the thresholds are measured on (activated_at to
 * expires_at, which the network's activation may set apart from package_duration), in whole days: so 100 % always
 * says `remaining_days: 0`, and 50 % of a 4-day window says 2 elapsed of 4.
 */
const durationFigures = (pkg: TravelerPackage, at: Date) => {
  const start = new Date(pkg.activated_at ?? at.toISOString()).getTime();
  const end = pkg.expires_at ? new Date(pkg.expires_at).getTime() : start + pkg.duration_days * DAY_MS;
  const durationDays = Math.max(1, Math.round((end - start) / DAY_MS));
  // At the window's end every day has elapsed, also of a window shorter than the 1 day it counts as; before it, at
  // least one remains.
  const elapsedDays = at.getTime() >= end ? durationDays : Math.min(durationDays - 1, Math.max(0, Math.round((at.getTime() - start) / DAY_MS)));
  return { duration_days: durationDays, elapsed_days: elapsedDays, remaining_days: durationDays - elapsedDays };
};

/** One usage event; data-based or duration-based fields by the package's measure (#24). */
export const packageUsage = (traveler: Traveler, pkg: TravelerPackage, threshold: Threshold, at: Date): DomainEvent => {
  const measured =
    usageMeasure(pkg) === 'data'
      ? {
          size: pkg.size,
          used_bytes: pkg.used_bytes,
          remaining_bytes: Math.max(0, (pkg.size_bytes ?? 0) - pkg.used_bytes),
        }
      : durationFigures(pkg, at);
  return event(traveler.partner_id, usageEventName(threshold), pkg.package_id, at, {
    ...packageCommon(traveler, pkg),
    package_type: pkg.package_type,
    usage_percent: threshold,
    ...measured,
  });
};

export interface Payment {
  payment_id: string;
  amount: number;
  currency: string;
}

/**
 * Members both payment events share, in the spec's order. `promo_code_id` is the traveler's attribution (the code that
 * started it); `booking_id` too, except for a web shop purchase, which belongs to no booking (spec: "null for web shop
 * purchases"; decision 25). A purchased package has a queue entry only when it was bought in the web shop.
 */
const paymentCommon = (traveler: Traveler, pkg: TravelerPackage, payment: Payment) => ({
  external_user_id: traveler.external_user_id,
  booking_id: pkg.package_queue_uuid !== null ? null : (traveler.attribution?.booking_id ?? null),
  iccid: pkg.iccid,
  payment_id: payment.payment_id,
  amount: payment.amount,
  currency: payment.currency,
  promo_code_id: traveler.attribution?.promo_code_id ?? null,
});

/** No package_id: the spec says the package does not exist yet at payment time. */
export const packagePurchased = (traveler: Traveler, pkg: TravelerPackage, payment: Payment, at: Date, webAppQueueUuid: string | null): DomainEvent =>
  event(traveler.partner_id, 'package.purchased', payment.payment_id, at, {
    ...paymentCommon(traveler, pkg, payment),
    package_queue_uuid: webAppQueueUuid,
  });

export const topupCompleted = (traveler: Traveler, pkg: TravelerPackage, payment: Payment, at: Date): DomainEvent =>
  event(traveler.partner_id, 'topup.completed', payment.payment_id, at, {
    ...paymentCommon(traveler, pkg, payment),
    package_id: pkg.package_id,
    destination: pkg.destination,
    size: pkg.size,
  });

export const classicClaimed = (
  traveler: Traveler,
  booking: Booking,
  entry: PackageQueueEntry,
  iccid: string,
  isTopUp: boolean,
  at: Date,
): DomainEvent =>
  event(traveler.partner_id, 'classic_package_queue.claimed', entry.uuid, at, {
    queue_id: entry.uuid,
    booking_id: booking.id,
    esim_iccid: iccid,
    user_id: traveler.user_id,
    partner_id: traveler.partner_id,
    is_top_up: isTopUp,
  });
