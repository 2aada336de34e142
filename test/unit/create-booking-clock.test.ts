// Use case: createBooking checks a defaulted departure (today) against return_date on its own clock, not the
// process's: a booking made in 2030 without departure_date cannot return in 2029.
import * as v from 'valibot';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { createBooking, type CreateBookingDeps } from '#shared/usecases/create-booking';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { makePartnerProfile } from '#test/support/fakes';

const classicGrantReturning = (returnDate: string) =>
  v.parse(
    BookingRequestSchema,
    makeBookingRequest({
      departure_date: undefined,
      return_date: returnDate,
      package_specifications: [makePackageSpecification({ esim_type: 'classic' })],
    }),
  );

const depsAt = (now: string) => {
  const stored: unknown[] = [];
  const deps: CreateBookingDeps = {
    bookings: { create: async (input: unknown) => void stored.push(input) } as unknown as CreateBookingDeps['bookings'],
    partners: { getProfile: async () => makePartnerProfile() } as unknown as CreateBookingDeps['partners'],
    brands: { exists: async () => true },
    catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
    clock: { now: () => new Date(now) },
    esimInstalled: async () => false,
  };
  return { deps, stored };
};

describe('Use case: createBooking, a departure left to the server', () => {
  it("refuses a return_date that is not after today on the use case's clock, storing nothing", async () => {
    // Prepare
    const { deps, stored } = depsAt('2030-01-15T09:00:00Z');

    // Act
    const created = createBooking({ partnerId: 'ptn_1', request: classicGrantReturning('2029-06-01T10:00:00Z') }, deps);

    // Assess
    await expect(created).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      details: [{ path: 'return_date', message: expect.stringContaining('today') }],
    });
    expect(stored).toHaveLength(0);
  });

  it("accepts a return_date after today on the use case's clock", async () => {
    // Prepare
    const { deps, stored } = depsAt('2030-01-15T09:00:00Z');

    // Act
    const booking = await createBooking({ partnerId: 'ptn_1', request: classicGrantReturning('2030-02-01T10:00:00Z') }, deps);

    // Assess
    expect(booking.departure_date).toBe('2030-01-15');
    expect(stored).toHaveLength(1);
  });
});
