// test support → the traveler lifecycle's dependencies in memory: both stores over one table (a lifecycle commit
// writes bookings as the DynamoDB adapter does), the simulated providers, a partner directory and a clock a test
// moves. `book` creates a booking through the create-booking use case, so fixtures are what production writes.
import * as v from 'valibot';
import type { Booking } from '#shared/domain/booking';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import type { PartnerProfile } from '#shared/domain/partner';
import type { TravelerPackage } from '#shared/domain/traveler';
import type { DomainEvent } from '#shared/events/catalog';
import { simulatedConnectivity } from '#shared/providers/simulated-connectivity';
import { simulatedPayments } from '#shared/providers/simulated-payments';
import { createBooking } from '#shared/usecases/create-booking';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { activatePackage } from '#shared/usecases/traveler-facts';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { makePartnerProfile } from '#test/support/fakes';
import { memoryBookingStore } from '#test/support/in-memory/bookings';
import { memoryKeys } from '#test/support/in-memory/keys';
import { memoryTable } from '#test/support/in-memory/table';
import { memoryPackageScheduleIndex, memoryTravelerStore } from '#test/support/in-memory/travelers';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';

/** A clock that stands still until the test moves it. */
export const fixedClock = (start: string) => {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
};

/** Creates bookings through the create-booking use case on these dependencies, from makeBookingRequest overrides. */
/** The partner the world's bookings and travelers belong to unless a test names another. */
const PARTNER_ID = 'ptn_test';

export const bookWith =
  (deps: LifecycleDeps) =>
  (overrides: Record<string, unknown> = {}, partnerId = PARTNER_ID): Promise<Booking> =>
    createBooking(
      { partnerId, request: v.parse(BookingRequestSchema, makeBookingRequest(overrides)) },
      {
        ...deps,
        brands: { nameOf: async () => 'Brand', resolve: async () => undefined },
        catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
        esimInstalled: esimInstalledAmong(deps.travelers),
      },
    );

/** A partner directory holding these profiles. */
export const memoryPartners = (profiles: PartnerProfile[] = [makePartnerProfile()]): LifecycleDeps['partners'] => {
  const byId = new Map(profiles.map((profile) => [profile.partner_id, profile]));
  return { getProfile: async (partnerId) => byId.get(partnerId) };
};

export const memoryLifecycle = (options: { now?: string; partners?: PartnerProfile[] } = {}) => {
  const table = memoryTable();
  const clock = fixedClock(options.now ?? '2026-06-01T00:00:00.000Z');
  const deps: LifecycleDeps = {
    travelers: memoryTravelerStore(table),
    bookings: memoryBookingStore(table),
    partners: memoryPartners(options.partners),
    connectivity: simulatedConnectivity(),
    payments: simulatedPayments(),
    clock,
  };

  const book = bookWith(deps);

  /** Traveler u-1 with one package from a redeemed grant (package specification overrides), queued on its eSIM. */
  const redeemedPackage = async (spec: Record<string, unknown> = {}): Promise<TravelerPackage> => {
    const booking = await book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1', ...spec })] });
    return (await redeemPromoCode({ partnerId: booking.partner_id, uuid: booking.promo_codes[0]?.uuid }, deps)).pkg;
  };

  /** The same, activated now; `expiresAt` as the network's activation may set it apart from package_duration. */
  const activePackage = async (spec: Record<string, unknown> = {}, activation: { expiresAt?: string } = {}): Promise<TravelerPackage> => {
    const pkg = await redeemedPackage(spec);
    return (await activatePackage({ partnerId: PARTNER_ID, packageId: pkg.package_id, ...activation }, deps)).pkg;
  };

  /** The events committed to the outbox for the partner, by event id. */
  const events = (partnerId = PARTNER_ID): DomainEvent[] => table.query(memoryKeys.prefix('event', partnerId)) as unknown as DomainEvent[];

  return { deps, packageSchedules: memoryPackageScheduleIndex(table), table, clock, book, redeemedPackage, activePackage, events };
};

/** A provider call as a test sees it: which call, and the order keys it was given. */
export interface RecordedProviderCall {
  call: 'allocateEsim' | 'addPackage';
  idempotencyKey: string;
  formerIdempotencyKey?: string;
}

/** The lifecycle's dependencies with every provider order call recorded before it goes on to the simulated provider. */
export const recordingProviderCalls = (deps: LifecycleDeps): { deps: LifecycleDeps; calls: RecordedProviderCall[] } => {
  const calls: RecordedProviderCall[] = [];
  const { connectivity } = deps;
  return {
    calls,
    deps: {
      ...deps,
      connectivity: {
        ...connectivity,
        allocateEsim: (input) => {
          calls.push({ call: 'allocateEsim', idempotencyKey: input.idempotencyKey, formerIdempotencyKey: input.formerIdempotencyKey });
          return connectivity.allocateEsim(input);
        },
        addPackage: (input) => {
          calls.push({ call: 'addPackage', idempotencyKey: input.idempotencyKey, formerIdempotencyKey: input.formerIdempotencyKey });
          return connectivity.addPackage(input);
        },
      },
    },
  };
};
