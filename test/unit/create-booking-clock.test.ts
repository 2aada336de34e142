// Use case: createBooking checks the dates a schema cannot, on its own clock, not the process's: a defaulted
// departure (today) against return_date, a grant's expires_at still ahead, a date_of_birth not in the future.
import * as v from 'valibot';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { createBooking } from '#shared/usecases/create-booking';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { fakeCreateBookingDeps } from '#test/support/fakes';

/** The booking request as the handler passes it on: validated, with the factory's defaults and these overrides. */
const requestOf = (overrides: Record<string, unknown>) => v.parse(BookingRequestSchema, makeBookingRequest(overrides));

const classicGrantReturning = (returnDate: string) =>
  requestOf({ departure_date: undefined, return_date: returnDate, package_specifications: [makePackageSpecification({ esim_type: 'classic' })] });

/** A traveler born on `dateOfBirth` with a universal grant and a classic one redeemable until `classicExpiresAt`. */
const travelerWith = (dateOfBirth: string, classicExpiresAt: string) =>
  requestOf({
    date_of_birth: dateOfBirth,
    package_specifications: [makePackageSpecification(), makePackageSpecification({ esim_type: 'classic', expires_at: classicExpiresAt })],
  });

/** createBooking with its clock at `now`; what it stored, to check that a refusal stores nothing. */
const createAt = (now: string, request: ReturnType<typeof requestOf>) => {
  const { deps, stored } = fakeCreateBookingDeps({ now });
  return { created: createBooking({ partnerId: 'ptn_1', request }, deps), stored };
};

describe('Use case: createBooking, the dates checked on its clock', () => {
  it("refuses a return_date that is not after today on the use case's clock, storing nothing", async () => {
    // Act: the day before the clock's
    const { created, stored } = createAt('2030-01-15T09:00:00Z', classicGrantReturning('2029-06-01T10:00:00Z'));

    // Assess
    await expect(created).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      details: [{ path: 'return_date', message: expect.stringContaining('today') }],
    });
    expect(stored).toHaveLength(0);
  });

  it("accepts a return_date after today on the use case's clock", async () => {
    // Act
    const { created, stored } = createAt('2030-01-15T09:00:00Z', classicGrantReturning('2030-02-01T10:00:00Z'));
    const booking = await created;

    // Assess
    expect(booking.departure_date).toBe('2030-01-15');
    expect(stored).toHaveLength(1);
  });

  it('refuses a grant whose redemption window has closed already, and a date_of_birth in the future, naming both', async () => {
    // Act: a window that closed a second before the clock's time, a birth date six weeks after it
    const { created, stored } = createAt('2030-01-15T09:00:00Z', travelerWith('2030-03-01', '2030-01-15T08:59:59Z'));

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
    // Act: 13 hours ahead, with its time
    const { created, stored } = createAt('2030-01-15T10:00:00Z', requestOf({ date_of_birth: '2030-01-15T23:00:00Z' }));

    // Assess
    await expect(created).rejects.toMatchObject({ status: 400, details: [{ path: 'date_of_birth', message: expect.stringContaining('future') }] });
    expect(stored).toHaveLength(0);
  });

  it('accepts an expires_at ahead of its clock and a date_of_birth of today, also where today began at UTC+14', async () => {
    // Act: 10:00 UTC is midnight of the next day at UTC+14
    const { created, stored } = createAt('2030-01-15T10:00:00Z', travelerWith('2030-01-16', '2030-01-15T10:00:01Z'));
    await created;

    // Assess
    expect(stored).toHaveLength(1);
  });
});
