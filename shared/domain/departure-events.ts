// domain → booking.within_cutoff and booking.about_to_depart: when they are due and what they carry.
import type { Booking } from '#shared/domain/booking';
import { parseIsoDateTime } from '#shared/domain/dates';
import { domainEvent, eventIdOf, type DomainEvent } from '#shared/events/catalog';

export type DepartureEventName = 'booking.within_cutoff' | 'booking.about_to_depart';
export const departureEventNames: readonly DepartureEventName[] = ['booking.within_cutoff', 'booking.about_to_depart'];

export interface DepartureEventSettings {
  cutoffDays: number;
  aboutToDepartHours: number;
}

export const defaultDepartureEventSettings: DepartureEventSettings = { cutoffDays: 7, aboutToDepartHours: 2 };

export interface PlannedDepartureEvent {
  event: DepartureEventName;
  dueAt: Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The departure events this booking can still fire. None when the departure has passed or when the server
 * defaulted the date; about_to_depart needs a departure_date with time and zone.
 */
export const planDepartureEvents = (
  booking: Pick<Booking, 'departure_date' | 'departure_date_defaulted'>,
  settings: DepartureEventSettings,
  now: Date,
): PlannedDepartureEvent[] => {
  const departure = parseIsoDateTime(booking.departure_date);
  if (!departure || booking.departure_date_defaulted || departure.instant.getTime() <= now.getTime()) return [];
  const at = departure.instant.getTime();
  const planned: PlannedDepartureEvent[] = [{ event: 'booking.within_cutoff', dueAt: new Date(at - settings.cutoffDays * DAY_MS) }];
  if (departure.precise) {
    planned.push({ event: 'booking.about_to_depart', dueAt: new Date(at - settings.aboutToDepartHours * HOUR_MS) });
  }
  return planned;
};

/** The traveler a booking-level event names: the first package queue entry's external_user_id. */
export const primaryExternalUserId = (booking: Pick<Booking, 'package_queues'>): string | null =>
  booking.package_queues.find((entry) => entry.external_user_id)?.external_user_id ?? null;

/** The event as it fires at `now`; counts round up, so an event fired on time says 7 days / 2 hours. */
export const departureEvent = (booking: Booking, event: DepartureEventName, now: Date, esimInstalled: boolean): DomainEvent => {
  const departure = parseIsoDateTime(booking.departure_date);
  const untilMs = Math.max(0, (departure?.instant.getTime() ?? now.getTime()) - now.getTime());
  const common = {
    external_user_id: primaryExternalUserId(booking),
    booking_id: booking.id,
    // The spec types this as ISO 8601 with time zone: a date-only or zone-less value is sent as its UTC instant.
    departure_date: departure && !departure.precise ? departure.instant.toISOString() : booking.departure_date,
  };
  const envelope = { partner_id: booking.partner_id, event_id: eventIdOf(event, booking.id), timestamp: now.toISOString() };
  return event === 'booking.within_cutoff'
    ? domainEvent({
        ...envelope,
        event,
        data: { ...common, days_until_departure: Math.ceil(untilMs / DAY_MS), esim_installed: esimInstalled },
      })
    : domainEvent({
        ...envelope,
        event,
        data: { ...common, hours_until_departure: Math.ceil(untilMs / HOUR_MS), esim_installed: esimInstalled },
      });
};
