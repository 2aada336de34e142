// api docs → example payloads for the OpenAPI document, built by the same code that builds real responses.
import { bookingResponse, type Booking } from '#shared/domain/booking';
import type { BookingInput } from '#shared/domain/booking-schemas';
import type { UpdatePackageSpecificationInput } from '#shared/domain/package-schemas';
import type { WebhookEventData } from '#shared/events/event-schemas';
import type { WebhookEventName } from '#shared/events/catalog';

const created = '2026-11-20T09:15:00.000Z';
const specification = {
  package_type: 'data-limited',
  package_duration: 365,
  size: '1GB',
  destination: 'FRA',
  package_id: null,
  bundle_id: null,
  traffic_policy: null,
} as const;

const booking: Booking = {
  // Ids as the service makes them: a UUIDv7 booking id, a partner id `ptn_` and 12 characters.
  id: '0193a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
  partner_id: 'ptn_7Qd2Lm9XkP3a',
  booking_id: 'BK-2026-000123',
  external_id: 'order-98765',
  title: 'ms.',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: null,
  pax: 1,
  email: 'ada@example.com',
  phone: '+4915112345678',
  gender: 'F',
  flight_number: 'LH1234',
  date_of_birth: null,
  locale: 'en',
  data: null,
  communication_options: null,
  custom_branding: null,
  departure_location: 'FRA',
  departure_date: '2026-12-20T10:30:00+01:00',
  departure_date_defaulted: false,
  return_date: '2026-12-27T18:00:00+01:00',
  promo_codes: [
    {
      uuid: '3f0d6c1e-8d2a-4f7b-9a51-2c4e8b7d9f10',
      code: 'FRA-7KQ2-M9XD',
      status: 'unredeemed',
      redeemed_at: null,
      redeemed_by: null,
      iso3: 'FRA',
      package_specification: specification,
      package_queue_uuid: '9b2e4a71-5c3d-4e8f-a1b2-6d7c8e9f0a1b',
      created_at: created,
      updated_at: created,
    },
  ],
  package_queues: [
    {
      uuid: '9b2e4a71-5c3d-4e8f-a1b2-6d7c8e9f0a1b',
      esim_type: 'universal',
      external_user_id: 'user-4711',
      email: null,
      status: 'pending',
      expires_at: null,
      promo_code_uuid: '3f0d6c1e-8d2a-4f7b-9a51-2c4e8b7d9f10',
      package_specification: specification,
      created_at: created,
    },
  ],
  created_at: created,
  updated_at: created,
  created_by: 'ptn_7Qd2Lm9XkP3a',
  updated_by: 'ptn_7Qd2Lm9XkP3a',
  version: 1,
};

export const exampleBookingResponse = bookingResponse(booking, 'https://api.example.com/api', new Date(booking.created_at));

export const exampleBookingRequest: BookingInput = {
  booking_id: 'BK-2026-000123',
  external_id: 'order-98765',
  email: 'ada@example.com',
  title: 'ms.',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+4915112345678',
  pax: 1,
  gender: 'F',
  flight_number: 'LH1234',
  locale: 'en',
  departure_date: '2026-12-20T10:30:00+01:00',
  return_date: '2026-12-27T18:00:00+01:00',
  departure_location: 'FRA',
  package_specifications: [{ external_user_id: 'user-4711', destination: 'FRA', size: '1GB' }],
};

export const exampleUpdateRequest: UpdatePackageSpecificationInput = {
  package_specification: { package_type: 'data-limited', size: '3GB', destination: 'FRA' },
};

/** The example booking after the example update: its one unredeemed promo code and queue entry carry the new package. */
const updatedSpecification = { ...specification, size: '3GB' } as const;
const updated = '2026-11-21T08:00:00.000Z';
export const exampleUpdatedBookingResponse = bookingResponse(
  {
    ...booking,
    promo_codes: booking.promo_codes.map((code) => ({ ...code, package_specification: updatedSpecification, updated_at: updated })),
    package_queues: booking.package_queues.map((entry) => ({ ...entry, package_specification: updatedSpecification })),
    updated_at: updated,
    version: 2,
  },
  'https://api.example.com/api',
  new Date(updated),
);

export const examplePagination = {
  perPage: 10,
  hasNextPage: true,
  hasPrevPage: false,
  nextCursor: 'eyJkIjoibmV4dCIsImkiOiIwMTkzYTFiMi1jM2Q0LTdlNWYtOGE2Yi03YzhkOWUwZjFhMmIifQ.q1w2e3r4t5y6u7i8o9p0aA',
  prevCursor: '',
};

const traveler = { external_user_id: 'user-4711', booking_id: exampleBookingResponse.id };
const esim = { ...traveler, iccid: '8944500102198304826' };
const usage = {
  ...esim,
  package_id: 'pkg_5f1c2a9e7b3d4c6a8e0f1b2d',
  package_queue_uuid: '9b2e4a71-5c3d-4e8f-a1b2-6d7c8e9f0a1b',
  promo_code_id: '3f0d6c1e-8d2a-4f7b-9a51-2c4e8b7d9f10',
  destination: 'FRA',
  package_type: 'data-limited',
  size: '1GB',
} as const;
const usageAt = (percent: 50 | 80 | 100) => ({
  ...usage,
  usage_percent: percent,
  used_bytes: Math.round((1_073_741_824 * percent) / 100),
  remaining_bytes: Math.round((1_073_741_824 * (100 - percent)) / 100),
});
const payment = { iccid: esim.iccid, payment_id: 'pay_5Kx9Q2', amount: 1299, currency: 'EUR', promo_code_id: usage.promo_code_id };

/** An example `data` for every event, typed by the event schemas. */
export const exampleEventData: WebhookEventData = {
  'package.usage.50_percent': usageAt(50),
  'package.usage.80_percent': usageAt(80),
  'package.usage.100_percent': usageAt(100),
  'esim.installed': esim,
  'esim.removed': esim,
  'package.activated': {
    ...esim,
    package_id: usage.package_id,
    package_queue_uuid: usage.package_queue_uuid,
    promo_code_id: usage.promo_code_id,
    destination: 'FRA',
    size: '1GB',
    activated_at: '2026-12-20T12:02:11.000Z',
    expires_at: '2027-12-20T12:02:11.000Z',
  },
  'package.purchased': { ...traveler, ...payment, package_queue_uuid: null },
  'topup.completed': { ...traveler, ...payment, package_id: 'pkg_8b3e0d7a1c9f4e2b6a5d3c1e', destination: 'FRA', size: '3GB' },
  'promo_code.redeemed': {
    promocode: 'FRA-7KQ2-M9XD',
    booking_id: exampleBookingResponse.id,
    redeemed_at: '2026-12-18T08:00:00.000Z',
    redeemed_by: 'user-4711',
  },
  'classic_package_queue.claimed': {
    queue_id: usage.package_queue_uuid,
    booking_id: exampleBookingResponse.id,
    esim_iccid: esim.iccid,
    user_id: 'usr_8d1f2c',
    partner_id: 'ptn_7Qd2Lm9XkP3a',
    is_top_up: false,
  },
  'booking.within_cutoff': {
    ...traveler,
    departure_date: '2026-12-20T10:30:00+01:00',
    days_until_departure: 7,
    esim_installed: false,
  },
  'booking.about_to_depart': {
    ...traveler,
    departure_date: '2026-12-20T10:30:00+01:00',
    hours_until_departure: 2,
    esim_installed: false,
  },
};

/** What each event's id names after its name (docs/webhooks.md): the booking, the code, the eSIM's nth change, … */
const exampleEventEntity = (event: WebhookEventName): string => {
  if (event.startsWith('booking.')) return exampleBookingResponse.id;
  if (event.startsWith('esim.')) return `${esim.iccid}:1`;
  if (event.startsWith('package.usage.') || event === 'package.activated') return usage.package_id;
  if (event === 'package.purchased' || event === 'topup.completed') return payment.payment_id;
  if (event === 'promo_code.redeemed') return usage.promo_code_id;
  return usage.package_queue_uuid; // classic_package_queue.claimed
};

export const exampleEvent = (event: WebhookEventName) => ({
  event,
  timestamp: '2026-12-13T09:30:00.000Z',
  data: exampleEventData[event],
  event_id: `${event}:${exampleEventEntity(event)}`,
  delivery_id: 'dlv_01JD7R0B4C2VZ8H5K3M1N6P7QS',
});

/** The uuid every example uses, so the examples of one flow fit together. */
export const exampleUuid = '5b0c6a8e-2f43-4d2a-9a5e-8f7b1c2d3e4f';

export const exampleDestination = {
  id: 'FRA',
  type: 'country',
  name: 'France',
  iso3: 'FRA',
  iso2: 'FR',
  regions: ['europe'],
  countries: ['FRA'],
  bundle_count: 1,
};
export const exampleDevice = {
  brand: 'Apple',
  model: 'iPhone 15',
  os: 'iOS',
  device_type: 'phone',
  min_os_version: null,
  notes: null,
};
export const exampleEsim = {
  iccid: '8988247000001234567',
  esim_type: 'universal',
  status: 'installed',
  is_installed: true,
  activation_code: 'LPA:1$smdp.example.com$ABC123',
  destination: null,
  created_at: '2026-12-01T09:00:00.000Z',
};
export const examplePackage = {
  package_id: 'pkg_01J9Z3',
  iccid: '8988247000001234567',
  status: 'active',
  package_type: 'data-limited',
  destination: 'FRA',
  size: '1GB',
  package_duration: 7,
  used_bytes: 0,
  remaining_bytes: 1073741824,
  usage_percent: 0,
  activated_at: '2026-12-20T10:30:00.000Z',
  expires_at: '2026-12-27T10:30:00.000Z',
  package_queue_uuid: exampleUuid,
  promo_code_id: '6c1d7b9f-3a54-4e3b-8b6f-9a8c2d3e4f50',
};
export const exampleClassicGrant = {
  queue_id: exampleUuid,
  booking_id: exampleBookingResponse.id,
  status: 'pending',
  destination: null,
  package_type: 'data-limited',
  size: '2GB',
  package_duration: 365,
  expires_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
};

/** A redirect token shaped as the service signs them (shared/usecases/traveler-sessions.ts). */
export const exampleRedirectToken = 'v1.ptn_7Qd2Lm9XkP3a.Xq3vT9mK2pL8wR4nB6yZ1c.1796549400.c2lnbmF0dXJlX29mX3RoZV90b2tlbg';
