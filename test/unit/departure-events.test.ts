// When booking.within_cutoff / booking.about_to_depart are due and what they carry.
import { departureEvent, planDepartureEvents, defaultDepartureEventSettings } from '#shared/domain/departure-events';
import type { Booking } from '#shared/domain/booking';
import { makeBookingRecord } from '#test/support/factories';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const makeBooking = (overrides: Partial<Booking> = {}): Booking => makeBookingRecord(overrides, NOW.toISOString());

describe('Departure events', () => {
  it('plans within_cutoff 7 days and about_to_depart 2 hours before a precise departure', () => {
    const departure = NOW.getTime() + 30 * DAY;
    const planned = planDepartureEvents(makeBooking(), defaultDepartureEventSettings, NOW);
    expect(planned).toEqual([
      { event: 'booking.within_cutoff', dueAt: new Date(departure - 7 * DAY) },
      { event: 'booking.about_to_depart', dueAt: new Date(departure - 2 * HOUR) },
    ]);
  });

  it('never plans about_to_depart for a date without time and zone', () => {
    const planned = planDepartureEvents(makeBooking({ departure_date: '2026-12-24' }), defaultDepartureEventSettings, NOW);
    expect(planned.map((p) => p.event)).toEqual(['booking.within_cutoff']);
  });

  it('plans nothing for a departure in the past or a server-defaulted date', () => {
    expect(planDepartureEvents(makeBooking({ departure_date: '2026-11-01T10:00:00Z' }), defaultDepartureEventSettings, NOW)).toEqual([]);
    expect(planDepartureEvents(makeBooking({ departure_date_defaulted: true }), defaultDepartureEventSettings, NOW)).toEqual([]);
  });

  it("uses the partner's windows", () => {
    const planned = planDepartureEvents(makeBooking(), { cutoffDays: 3, aboutToDepartHours: 6 }, NOW);
    const departure = NOW.getTime() + 30 * DAY;
    expect(planned.map((p) => p.dueAt.getTime())).toEqual([departure - 3 * DAY, departure - 6 * HOUR]);
  });

  it('carries exactly the spec fields, with counts rounded up', () => {
    const booking = makeBooking({
      departure_date: new Date(NOW.getTime() + 6 * DAY + HOUR).toISOString(),
      package_queues: [
        {
          uuid: 'q-0',
          esim_type: 'universal',
          external_user_id: null,
          email: 'x@y.z',
          status: 'pending',
          expires_at: null,
          promo_code_uuid: 'p',
          package_specification: {} as never,
          created_at: '',
        },
        {
          uuid: 'q-1',
          esim_type: 'universal',
          external_user_id: 'user-9',
          email: null,
          status: 'pending',
          expires_at: null,
          promo_code_uuid: 'p',
          package_specification: {} as never,
          created_at: '',
        },
      ],
    });

    const cutoff = departureEvent(booking, 'booking.within_cutoff', NOW, false);
    const depart = departureEvent(booking, 'booking.about_to_depart', NOW, false);

    expect(cutoff).toEqual({
      partner_id: 'p-1',
      event: 'booking.within_cutoff',
      event_id: 'booking.within_cutoff:b-1',
      timestamp: NOW.toISOString(),
      data: { external_user_id: 'user-9', booking_id: 'b-1', departure_date: booking.departure_date, days_until_departure: 7, esim_installed: false },
    });
    expect(Object.keys(depart.data).sort()).toEqual(['booking_id', 'departure_date', 'esim_installed', 'external_user_id', 'hours_until_departure']);
    expect(depart.data.hours_until_departure).toBe(6 * 24 + 1);
  });

  it('sends a date-only or zone-less departure_date as its UTC instant, keeping a zoned one as given', () => {
    const dateOnly = departureEvent(makeBooking({ departure_date: '2026-11-25' }), 'booking.within_cutoff', NOW, false);
    const zoned = departureEvent(makeBooking({ departure_date: '2026-11-25T10:00:00+02:00' }), 'booking.within_cutoff', NOW, false);

    expect(dateOnly.data.departure_date).toBe('2026-11-25T00:00:00.000Z');
    expect(zoned.data.departure_date).toBe('2026-11-25T10:00:00+02:00');
  });
});
