// Use case: createBooking checks the dates a schema cannot, on its own clock, not the process's: a defaulted
// departure (today) against return_date, a grant's expires_at still ahead, a date_of_birth not in the future.
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
    brands: { nameOf: async () => 'Brand', resolve: async () => undefined },
    catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
    clock: { now: () => new Date(now) },
    esimInstalled: async () => false,
  };
  return { deps, stored };
};

describe('Use case: createBooking, the dates checked on its clock', () => {
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

  it('refuses a grant whose redemption window has closed already, and a date_of_birth in the future, naming both', async () => {
    // Prepare
    const { deps, stored } = depsAt('2030-01-15T09:00:00Z');
    const request = v.parse(
      BookingRequestSchema,
      makeBookingRequest({
        date_of_birth: '2030-03-01',
        package_specifications: [makePackageSpecification(), makePackageSpecification({ esim_type: 'classic', expires_at: '2030-01-15T08:59:59Z' })],
      }),
    );

    // Act
    const created = createBooking({ partnerId: 'ptn_1', request }, deps);

    // Assess
    await expect(created).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      details: [
        { path: 'package_specifications.1.expires_at', message: expect.stringContaining('future') },
        { path: 'date_of_birth', message: expect.stringContaining('future') },
      ],
    });
    expect(stored).toHaveLength(0);
  });

  it('refuses a date_of_birth with a time that lies ahead, even within the 14 hours a date alone is given', async () => {
    // Prepare
    const { deps, stored } = depsAt('2030-01-15T10:00:00Z');
    const request = v.parse(BookingRequestSchema, makeBookingRequest({ date_of_birth: '2030-01-15T23:00:00Z' }));

    // Act
    const created = createBooking({ partnerId: 'ptn_1', request }, deps);

    // Assess
    await expect(created).rejects.toMatchObject({ status: 400, details: [{ path: 'date_of_birth', message: expect.stringContaining('future') }] });
    expect(stored).toHaveLength(0);
  });

  it('accepts an expires_at ahead of its clock and a date_of_birth of today, also where today began at UTC+14', async () => {
    // Prepare: 10:00 UTC is midnight of the next day at UTC+14
    const { deps, stored } = depsAt('2030-01-15T10:00:00Z');
    const request = v.parse(
      BookingRequestSchema,
      makeBookingRequest({
        date_of_birth: '2030-01-16',
        package_specifications: [makePackageSpecification({ esim_type: 'classic', expires_at: '2030-01-15T10:00:01Z' })],
      }),
    );

    // Act
    await createBooking({ partnerId: 'ptn_1', request }, deps);

    // Assess
    expect(stored).toHaveLength(1);
  });
});
