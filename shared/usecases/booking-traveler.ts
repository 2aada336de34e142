// use case helper → `esim_installed` of the booking events: whether the booking's traveler (decision 22) has an eSIM
// on a device now. Creating a booking (events due at once) and the departure sweep answer it the same way.
import type { Booking } from '#shared/domain/booking';
import { primaryExternalUserId } from '#shared/domain/departure-events';
import { hasInstalledEsim } from '#shared/domain/traveler';
import type { TravelerLookups } from '#shared/usecases/ports/lifecycle';

export type EsimInstalledCheck = (booking: Booking) => Promise<boolean>;

/** One read through the traveler's external_user_id look-up; false for a booking without one or a traveler not yet known. */
export const esimInstalledAmong =
  (travelers: Pick<TravelerLookups, 'findByExternalUserId'>): EsimInstalledCheck =>
  async (booking) => {
    const externalUserId = primaryExternalUserId(booking);
    const traveler = externalUserId ? await travelers.findByExternalUserId(booking.partner_id, externalUserId) : undefined;
    return traveler ? hasInstalledEsim(traveler) : false;
  };
