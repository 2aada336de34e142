// use case → fire the booking.within_cutoff / booking.about_to_depart events that have come due.
import type { EsimInstalledCheck } from '#shared/usecases/booking-traveler';
import { departureEvent } from '#shared/domain/departure-events';
import { parseIsoDateTime } from '#shared/domain/dates';
import type { ScheduleStore, BookingStore } from '#shared/usecases/ports/bookings';
import type { Clock } from '#shared/usecases/ports/services';

/** Schedules read per shard and run; a backlog drains over the following runs. */
export const SWEEP_LIMIT_PER_SHARD = 100;

/**
 * Input: the current time. Output: how many events fired.
 * Steps: read due schedules from the index; for each, read the booking and, while its departure is ahead,
 * delete the schedule and write the event in one transaction (so each fires at most once per booking).
 * Emits: booking.within_cutoff, booking.about_to_depart.
 */
export const sweepDepartureEvents = async (deps: {
  schedules: ScheduleStore;
  bookings: BookingStore;
  clock: Clock;
  /** Whether the booking's traveler has an installed eSIM (`esim_installed`). */
  esimInstalled: EsimInstalledCheck;
}): Promise<number> => {
  const now = deps.clock.now();
  let fired = 0;
  for (const schedule of await deps.schedules.due(now, SWEEP_LIMIT_PER_SHARD)) {
    const booking = await deps.bookings.get(schedule.partner_id, schedule.booking_id);
    const departure = booking ? parseIsoDateTime(booking.departure_date)?.instant : undefined;
    if (!booking || !departure || departure.getTime() <= now.getTime()) {
      await deps.schedules.drop(schedule);
      continue;
    }
    const installed = await deps.esimInstalled(booking);
    if (await deps.schedules.fire(schedule, departureEvent(booking, schedule.event, now, installed))) fired += 1;
  }
  return fired;
};
