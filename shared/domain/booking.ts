// domain → the booking aggregate: a booking with its promo codes and package queue entries.
import type { PackageType } from '#shared/domain/schema-fields';
import type {
  BookingResponseOutput,
  PackageQueueResponseOutput,
  PackageSpecificationOutput,
  PromoCodeResponseOutput,
} from '#shared/domain/booking-response-schemas';

export interface PackageSpecification {
  package_type: PackageType;
  package_duration: number | null;
  size: string | null;
  destination: string | string[] | null;
  package_id: string | null;
  bundle_id: string | null;
  traffic_policy: string | null;
  /**
   * The country the first destination names (ISO3, or a region's X-code), resolved when the specification is
   * stored: a country code as itself, an IATA airport code as its airport's country (decision 15); null when
   * neither. Absent on specifications stored before airports were resolved: read them with destinationOf().
   */
  iso3?: string | null;
}

export type PromoCodeStatus = 'unredeemed' | 'redeemed';

export interface PromoCode {
  uuid: string;
  /** What the traveler types in the app to redeem the package. */
  code: string;
  status: PromoCodeStatus;
  redeemed_at: string | null;
  redeemed_by: string | null;
  iso3: string | null;
  package_specification: PackageSpecification;
  /** Queue entry that delivers the same package in the traveler's app, when the entry named a traveler. */
  package_queue_uuid: string | null;
  /** Set when a traveler claimed the code through the public claim endpoint (absent on older items). */
  claimed_email?: string | null;
  claimed_at?: string | null;
  created_at: string;
  updated_at: string;
}

export type EsimType = 'classic' | 'universal';

export interface PackageQueueEntry {
  uuid: string;
  esim_type: EsimType;
  external_user_id: string | null;
  email: string | null;
  /** pending → redeemed (universal) or claimed (classic); past `expires_at` a pending entry counts as expired. */
  status: 'pending' | 'redeemed' | 'claimed';
  /** End of the redemption window of a classic grant. */
  expires_at: string | null;
  promo_code_uuid: string;
  package_specification: PackageSpecification;
  created_at: string;
}

export interface Booking {
  id: string;
  partner_id: string;
  booking_id: string | null;
  external_id: string | null;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  pax: number | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  flight_number: string | null;
  date_of_birth: string | null;
  locale: string | null;
  data: Record<string, unknown> | null;
  communication_options: { should_send_message?: boolean; channels?: string[] } | null;
  custom_branding: string | null;
  departure_location: string | null;
  departure_date: string;
  /** True when the server chose today's date for a classic grant; such bookings get no departure events. */
  departure_date_defaulted: boolean;
  return_date: string | null;
  promo_codes: PromoCode[];
  package_queues: PackageQueueEntry[];
  created_at: string;
  updated_at: string;
  created_by: string;
  updated_by: string;
  /** Optimistic-concurrency counter, bumped by every write. */
  version: number;
}

/**
 * The email a booking states for the traveler of an entry that names an external_user_id: the entry's own email,
 * else the booking's email when the booking names no other traveler (the booker is then that traveler). It lets
 * `POST /redirect-tokens/create` find the traveler by email before anything is redeemed (decision F62).
 */
export const bookedEmailOf = (booking: Pick<Booking, 'email' | 'package_queues'>, entry: PackageQueueEntry): string | null => {
  if (!entry.external_user_id) return null;
  if (entry.email) return entry.email.toLowerCase();
  const travelers = new Set(booking.package_queues.map((queued) => queued.external_user_id));
  return travelers.size === 1 && booking.email ? booking.email.toLowerCase() : null;
};

/**
 * Whether a traveler may claim the code by email (decision 9): only when its booking has no email (spec 1.3.1), and
 * not for a classic grant's code, which the traveler claims in the partner's app and which is never redeemed as a
 * code (decision F28).
 */
export const isClaimableByEmail = (promo: Pick<PromoCode, 'package_queue_uuid'>, booking: Pick<Booking, 'email' | 'package_queues'>): boolean =>
  !booking.email && !booking.package_queues.some((entry) => entry.uuid === promo.package_queue_uuid && entry.esim_type === 'classic');

/**
 * A specification as partners sent it, member by member in the documented order: a stored one comes back from the
 * table in no particular order. The resolved country is the promo code's own `iso3`.
 */
const packageSpecificationResponse = (specification: PackageSpecification): PackageSpecificationOutput => ({
  package_type: specification.package_type,
  package_duration: specification.package_duration,
  size: specification.size,
  destination: specification.destination,
  package_id: specification.package_id,
  bundle_id: specification.bundle_id,
  traffic_policy: specification.traffic_policy,
});

/** The promo code as partners see it; `claim_url` only when a traveler may claim it by email. */
export const promoCodeResponse = (
  promo: PromoCode,
  booking: Pick<Booking, 'email' | 'package_queues'>,
  claimBaseUrl: string,
): PromoCodeResponseOutput => ({
  uuid: promo.uuid,
  code: promo.code,
  status: promo.status,
  is_redeemed: promo.status === 'redeemed',
  redeemed_at: promo.redeemed_at,
  iso3: promo.iso3,
  package_type: promo.package_specification.package_type,
  package_duration: promo.package_specification.package_duration,
  size: promo.package_specification.size,
  destination: promo.package_specification.destination,
  package_id: promo.package_specification.package_id,
  traffic_policy: promo.package_specification.traffic_policy,
  package_specification: packageSpecificationResponse(promo.package_specification),
  package_queue_uuid: promo.package_queue_uuid,
  ...(isClaimableByEmail(promo, booking) ? { claim_url: `${claimBaseUrl}/promo-codes/claim/${promo.uuid}` } : {}),
  created_at: promo.created_at,
  updated_at: promo.updated_at,
});

/** A pending entry past its `expires_at` has expired (checked at every read, redemption and claim). */
export const isEntryExpired = (entry: Pick<PackageQueueEntry, 'status' | 'expires_at'>, now: Date): boolean =>
  entry.status === 'pending' && entry.expires_at !== null && new Date(entry.expires_at).getTime() <= now.getTime();

/** The state a partner sees: `expired` for a pending entry past its window, the stored status otherwise. */
export const entryState = (entry: PackageQueueEntry, now: Date): PackageQueueEntry['status'] | 'expired' =>
  isEntryExpired(entry, now) ? 'expired' : entry.status;

/** A queue entry as partners see it: a pending entry past its `expires_at` reads `expired` (decision F27). */
export const packageQueueResponse = (entry: PackageQueueEntry, now: Date): PackageQueueResponseOutput => ({
  uuid: entry.uuid,
  esim_type: entry.esim_type,
  external_user_id: entry.external_user_id,
  email: entry.email,
  status: entryState(entry, now),
  expires_at: entry.expires_at,
  promo_code_uuid: entry.promo_code_uuid,
  package_type: entry.package_specification.package_type,
  package_duration: entry.package_specification.package_duration,
  size: entry.package_specification.size,
  destination: entry.package_specification.destination,
  package_id: entry.package_specification.package_id,
  bundle_id: entry.package_specification.bundle_id,
  created_at: entry.created_at,
});

/** BookingResponse of the interface spec, field for field. */
export const bookingResponse = (booking: Booking, claimBaseUrl: string, now: Date): BookingResponseOutput => ({
  id: booking.id,
  external_id: booking.external_id,
  booking_id: booking.booking_id,
  title: booking.title,
  first_name: booking.first_name,
  last_name: booking.last_name,
  full_name: booking.full_name,
  pax: booking.pax,
  email: booking.email,
  phone: booking.phone,
  gender: booking.gender,
  locale: booking.locale,
  departure_date: booking.departure_date,
  return_date: booking.return_date,
  promo_codes: booking.promo_codes.map((promo) => promoCodeResponse(promo, booking, claimBaseUrl)),
  package_queues: booking.package_queues.map((entry) => packageQueueResponse(entry, now)),
  created_at: booking.created_at,
  updated_at: booking.updated_at,
  created_by: booking.created_by,
  updated_by: booking.updated_by,
  custom_branding: booking.custom_branding,
  departure_location: booking.departure_location,
});
export type BookingResponse = BookingResponseOutput;
