// test support → request and record fixtures with overrides (`makeBookingRequest({ email: undefined })`).
import { randomUUID } from 'node:crypto';
import type { Booking } from '#shared/domain/booking';
import type { BundleRecord, DestinationRecord } from '#shared/domain/catalog';
import type { Esim } from '#shared/domain/traveler';
import type { RouteDefinition } from '#shared/routes';
import type { PackagePlan } from '#shared/usecases/ports/lifecycle';

export const inDays = (days: number, from = Date.now()): string => new Date(from + days * 86_400_000).toISOString();

/**
 * A grant window that is still open when the booking is made (an `expires_at` in the past is refused, F162) and has
 * closed once `closed()` resolves: for the reads and refusals of an expired grant on a running service.
 */
export const shortWindow = (ms = 1_500): { expiresAt: string; closed: () => Promise<void> } => {
  const end = Date.now() + ms;
  return { expiresAt: new Date(end).toISOString(), closed: () => new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()) + 50)) };
};

export const makePackageSpecification = (overrides: Record<string, unknown> = {}) => ({
  destination: 'FRA',
  size: '1GB',
  ...overrides,
});

export const makeBookingRequest = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const request: Record<string, unknown> = {
    booking_id: `BK-${randomUUID().slice(0, 12)}`,
    email: 'traveler@example.com',
    departure_date: inDays(30),
    return_date: inDays(40),
    first_name: 'Ada',
    last_name: 'Lovelace',
    package_specifications: [makePackageSpecification()],
    ...overrides,
  };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete request[key];
  return request;
};

/** A sandbox route made up for tests, so sandbox handling is checked even while the route table has none. */
export const makeSandboxRoute = (overrides: Partial<RouteDefinition> = {}): RouteDefinition => ({
  operation: 'sandboxCheckOnly',
  method: 'POST',
  path: '/sandbox/check-only',
  // An existing handler without storage; it answers a plain-text 404 of its own, so a test sees whether it was routed to.
  entry: 'functions/web-asset.ts',
  auth: 'partner',
  sandbox: true,
  ...overrides,
});

/** A traveler's eSIM as the aggregate stores it, created and last changed at 2026-06-01T00:00:00Z. */
export const makeEsim = (overrides: Partial<Esim> = {}): Esim => ({
  iccid: '8988200000000000001',
  imsi: '001100000000001',
  activation_code: 'LPA:1$smdp.example$1',
  kind: 'universal',
  destination: null,
  state: 'provisioned',
  installs: 0,
  removals: 0,
  state_changed_at: '2026-06-01T00:00:00.000Z',
  booking_id: 'b-1',
  created_at: '2026-06-01T00:00:00.000Z',
  ...overrides,
});

/** A stored booking of partner p-1 with no grants, made at `createdAt`, departing 30 days later (a precise time). */
export const makeBookingRecord = (overrides: Partial<Booking> = {}, createdAt = '2026-11-22T12:00:00.000Z'): Booking => ({
  id: 'b-1',
  partner_id: 'p-1',
  booking_id: 'BK-1',
  external_id: null,
  title: null,
  first_name: null,
  last_name: null,
  full_name: null,
  pax: null,
  email: 'a@b.co',
  phone: null,
  gender: null,
  flight_number: null,
  date_of_birth: null,
  locale: null,
  data: null,
  communication_options: null,
  custom_branding: null,
  departure_location: null,
  departure_date: new Date(Date.parse(createdAt) + 30 * 86_400_000).toISOString(),
  departure_date_defaulted: false,
  return_date: null,
  promo_codes: [],
  package_queues: [],
  created_at: createdAt,
  updated_at: createdAt,
  created_by: 'p-1',
  updated_by: 'p-1',
  version: 1,
  ...overrides,
});

/** A catalog bundle: 5GB for 30 days in France, 12.99 EUR. */
export const makeBundleRecord = (overrides: Partial<BundleRecord> = {}): BundleRecord => ({
  id: 'fra-5gb',
  destination: 'FRA',
  package_type: 'data-limited',
  size: '5GB',
  package_duration: 30,
  traffic_policy: null,
  price: 1299,
  currency: 'EUR',
  countries: ['FRA'],
  ...overrides,
});

/** France in the catalog, in Europe, with its bundles (`bundle_count` follows them). */
export const makeFranceRecord = (overrides: Partial<DestinationRecord> = {}): DestinationRecord => {
  const bundles = overrides.bundles ?? [makeBundleRecord()];
  return {
    id: 'FRA',
    type: 'country',
    iso3: 'FRA',
    iso2: 'FR',
    names: null,
    regions: ['europe'],
    countries: ['FRA'],
    bundle_count: bundles.length,
    ...overrides,
    bundles,
  };
};

/** A package as the connectivity port carries it: 1 GB for 7 days on the universal eSIM unless told. */
export const makePackagePlan = (overrides: Partial<PackagePlan> = {}): PackagePlan => ({
  size: '1GB',
  sizeBytes: 1024 ** 3,
  durationDays: 7,
  destination: null,
  ...overrides,
});
