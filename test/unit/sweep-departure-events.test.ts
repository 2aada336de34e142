// The departure sweeper reports whether the booking's traveler has an eSIM installed when the event fires.
import type { Booking } from '#shared/domain/booking';
import type { DomainEvent } from '#shared/events/catalog';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import type { DueSchedule, ScheduleStore, BookingStore } from '#shared/usecases/ports/bookings';

const NOW = new Date('2026-06-01T00:00:00.000Z');

const setup = () => {
  const booking = {
    id: 'b-1',
    partner_id: 'p-1',
    departure_date: '2026-06-04T10:00:00+02:00',
    departure_date_defaulted: false,
    package_queues: [{ external_user_id: 'alice' }],
  } as unknown as Booking;
  const fired: DomainEvent[] = [];
  const schedule: DueSchedule = { partner_id: 'p-1', booking_id: 'b-1', event: 'booking.within_cutoff', due_at: NOW.toISOString() };
  const schedules: ScheduleStore = {
    due: async () => [schedule],
    fire: async (_s, event) => {
      fired.push(event);
      return true;
    },
    drop: async () => {},
  };
  const bookings = { get: async () => booking } as unknown as BookingStore;
  return { schedules, bookings, fired };
};

describe('Use case: sweepDepartureEvents', () => {
  it.each([true, false])('sets esim_installed to %s from the traveler', async (installed) => {
    const { schedules, bookings, fired } = setup();

    await sweepDepartureEvents({ schedules, bookings, clock: { now: () => NOW }, esimInstalled: async () => installed });

    expect(fired).toHaveLength(1);
    expect(fired[0]?.data).toMatchObject({ external_user_id: 'alice', esim_installed: installed });
  });
});
