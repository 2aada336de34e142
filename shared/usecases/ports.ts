// use cases → the ports they need; DynamoDB adapters implement them in shared/storage, tests may fake them.
import type { UsedSignature } from '#shared/auth/authenticate-partner';
import type { Booking } from '#shared/domain/booking';
import type { PlannedDepartureEvent } from '#shared/domain/departure-events';
import type { DomainEvent } from '#shared/events/catalog';
import type { EmailRequest } from '#shared/events/email-request';
import type { PartnerProfile } from '#shared/domain/partner';
import { serviceClock } from '#shared/clock';

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
  /** Newest first, from a position: `older` reads bookings older than `from`, `newer` newer ones. */
  listPage(partnerId: string, options: { limit: number; from?: BookingPosition }): Promise<BookingPage>;
  /** Replaces the booking when nobody changed it since `booking.version - 1`, with any events and email requests in the same write. */
  replace(booking: Booking, events?: DomainEvent[], emails?: EmailRequest[]): Promise<void>;
  /** Removes the booking, its reference, its unredeemed codes' look-ups, pending queue entries and schedules. */
  delete(booking: Booking): Promise<void>;
}

export interface PartnerDirectory {
  getProfile(partnerId: string): Promise<PartnerProfile | undefined>;
}

export interface Clock {
  now(): Date;
}

/** The service clock under its first name; new code imports serviceClock from #shared/clock. */
export const systemClock: Clock = serviceClock;
/** One email: plain text always, HTML optionally (the same content). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends an email now; Amazon SES v2 in AWS, .eml files under the data folder locally. */
export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}
