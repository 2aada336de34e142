// ports → what the booking use cases need from storage: bookings, departure schedules, promo-code look-ups.
import type { Booking } from '#shared/domain/booking';
import type { DepartureEventName, PlannedDepartureEvent } from '#shared/domain/departure-events';
import type { DomainEvent } from '#shared/events/catalog';
import type { UsedSignature } from '#shared/usecases/ports/partners';
import type { EmailRequest } from '#shared/events/email-request';

export interface BookingPage {
  bookings: Booking[];
  /** True when more bookings lie beyond this page in the direction read. */
  more: boolean;
}

export interface BookingPosition {
  id: string;
  direction: 'older' | 'newer';
  /** Include the booking `id` itself. */
  inclusive: boolean;
}

export interface BookingStore {
  /**
   * Atomically writes the booking, its look-ups, its first events and its schedules; 409 on a taken booking_id. With
   * `usedSignature` the request's single-use signature record too: 401 `signature_reused`, nothing written, when used before.
   * `emails` go into the outbox in the same write (sent by the email function).
   */
  create(input: {
    booking: Booking;
    events: DomainEvent[];
    schedules: PlannedDepartureEvent[];
    usedSignature?: UsedSignature;
    emails?: EmailRequest[];
  }): Promise<void>;
  get(partnerId: string, bookingId: string): Promise<Booking | undefined>;
  findByReference(partnerId: string, reference: string): Promise<Booking | undefined>;
  findByPromoCode(partnerId: string, promoCodeUuid: string): Promise<Booking | undefined>;
  /** Replaces the booking when nobody changed it since `booking.version - 1`, with any events and email requests in the same write. */
  replace(booking: Booking, events?: DomainEvent[], emails?: EmailRequest[]): Promise<void>;
  /** Removes the booking, its reference, its unredeemed codes' look-ups, pending queue entries and schedules. */
  delete(booking: Booking): Promise<void>;
}

/** Reading one booking, by id, reference or promo code: what a function that only reads bookings needs. */
export type BookingLookups = Pick<BookingStore, 'get' | 'findByReference' | 'findByPromoCode'>;

/** Pages of a partner's bookings: a port of its own, so only the list function bundles the sharded query. */
export interface BookingPages {
  /** Newest first, from a position: `older` reads bookings older than `from`, `newer` newer ones. */
  listPage(partnerId: string, options: { limit: number; from?: BookingPosition }): Promise<BookingPage>;
}

export interface DueSchedule {
  partner_id: string;
  booking_id: string;
  event: DepartureEventName;
  due_at: string;
}

export interface ScheduleStore {
  /** Due schedules, oldest first, at most `limit` per shard. */
  due(now: Date, limit: number): Promise<DueSchedule[]>;
  /** Removes the schedule and writes its event in one transaction; false when it already fired or was cancelled. */
  fire(schedule: DueSchedule, event: DomainEvent): Promise<boolean>;
  drop(schedule: DueSchedule): Promise<void>;
}

export interface PromoCodeLocation {
  partnerId: string;
  bookingId: string;
}

export interface PromoCodeDirectory {
  locate(uuid: string): Promise<PromoCodeLocation | undefined>;
}
