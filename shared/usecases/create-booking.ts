// use case → a partner creates a booking; its package specifications become promo codes and queue entries.
import type { Booking, PackageQueueEntry, PromoCode } from '#shared/domain/booking';
import { checkDatesAgainstNow, type BookingOutput } from '#shared/domain/booking-schemas';
import { utcDate } from '#shared/domain/dates';
import { defaultDepartureEventSettings, departureEvent, planDepartureEvents } from '#shared/domain/departure-events';
import { promoCodeValue, uuidv4, uuidv7 } from '#shared/domain/ids';
import { needsRegions, specificationFromEntry, withCatalogRegions, type PackageCatalog } from '#shared/domain/package-specification';
import { BadRequestError, NotFoundError } from '#shared/errors';
import { confirmationRequests, wantsEmail } from '#shared/usecases/booking-confirmation';
import type { BookingStore } from '#shared/usecases/ports/bookings';
import type { UsedSignature, BrandDirectory, PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';
import type { EsimInstalledCheck } from '#shared/usecases/booking-traveler';

export interface CreateBookingDeps {
  bookings: BookingStore;
  partners: PartnerDirectory;
  /** Brand entities are the one source of which custom_branding ids exist (docs/decisions.md F32); emails name the brand. */
  brands: BrandDirectory;
  catalog: PackageCatalog;
  clock: Clock;
  /** `esim_installed` of booking events due at once: asked only when one is (decision F16). */
  esimInstalled: EsimInstalledCheck;
}

const unknownBrand = (brand: string) =>
  new BadRequestError('unknown_custom_branding', `custom_branding "${brand}" is not a brand configured for your account.`, [
    { path: 'custom_branding', message: 'Ask support to set up this brand first.' },
  ]);

/**
 * Input: the validated booking request. Output: the stored booking.
 * Steps: check a return_date against a departure left to the server (today on this clock), check the brand, resolve package ids in the catalog (one BatchGet) and a trip to several countries to a region (one Query), turn every package specification
 * into a promo code and, when it names a traveler or is a classic grant, a package queue entry; plan the
 * departure events. One transaction writes it all, with the request signature's single-use record when given
 * (a reused signature refuses the whole write with `signature_reused`), and the confirmation email request when
 * communication_options asks for EMAIL (sent by the email function, docs/decisions.md F40).
 * Emits: booking.within_cutoff / booking.about_to_depart at once when the booking is already inside a window.
 */
export const createBooking = async (
  input: { partnerId: string; request: BookingOutput; usedSignature?: UsedSignature },
  deps: CreateBookingDeps,
): Promise<Booking> => {
  const { partnerId, request, usedSignature } = input;
  const now = deps.clock.now();
  const createdAt = now.toISOString();
  checkDatesAgainstNow(request, now);

  const [partner, brandName] = await Promise.all([
    deps.partners.getProfile(partnerId),
    request.custom_branding ? deps.brands.nameOf(partnerId, request.custom_branding) : undefined,
  ]);
  if (!partner) throw new NotFoundError('Partner not found.');
  if (request.custom_branding && brandName === undefined) throw unknownBrand(request.custom_branding);

  const entries = request.package_specifications;
  // Catalog ids: every package_id, and a bundle_id that may name a catalog bundle (one read for all of them).
  const packageIds = [...new Set(entries.flatMap((entry) => (entry.package_id ? [entry.package_id] : entry.bundle_id ? [entry.bundle_id] : [])))];
  const catalog = packageIds.length > 0 ? await deps.catalog.findPackages(packageIds) : new Map();
  const specifications = entries.map((entry, index) => specificationFromEntry(entry, catalog, `package_specifications.${index}`));
  // The regions are read (one Query) only when an entry is a trip to several places or names a region (F153).
  const regions = specifications.some(needsRegions) ? await deps.catalog.listRegions() : [];

  const promoCodes: PromoCode[] = [];
  const queues: PackageQueueEntry[] = [];
  entries.forEach((entry, index) => {
    const specification = withCatalogRegions(specifications[index]!, regions);
    const esimType = entry.esim_type ?? 'universal';
    const email = entry.email ?? (esimType === 'classic' && !entry.external_user_id ? request.email : null) ?? null;
    const namesTraveler = Boolean(entry.external_user_id) || Boolean(email);
    if (esimType === 'classic' && !namesTraveler) {
      throw new BadRequestError(
        'traveler_required',
        'A classic grant needs external_user_id or email, on the entry or the booking, to know who claims it.',
        [{ path: `package_specifications.${index}.external_user_id`, message: 'Required for esim_type classic.' }],
      );
    }
    const promo: PromoCode = {
      uuid: uuidv4(),
      code: promoCodeValue(),
      status: 'unredeemed',
      redeemed_at: null,
      redeemed_by: null,
      iso3: specification.iso3 ?? null,
      package_specification: specification,
      package_queue_uuid: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
    if (namesTraveler || esimType === 'classic') {
      const queue: PackageQueueEntry = {
        uuid: uuidv4(),
        esim_type: esimType,
        external_user_id: entry.external_user_id ?? null,
        email,
        status: 'pending',
        expires_at: entry.expires_at ?? null,
        promo_code_uuid: promo.uuid,
        package_specification: specification,
        created_at: createdAt,
      };
      promo.package_queue_uuid = queue.uuid;
      queues.push(queue);
    }
    promoCodes.push(promo);
  });

  const booking: Booking = {
    id: uuidv7(now.getTime()),
    partner_id: partnerId,
    booking_id: request.booking_id ?? null,
    external_id: request.external_id ?? null,
    title: request.title ?? null,
    first_name: request.first_name ?? null,
    last_name: request.last_name ?? null,
    full_name: request.full_name ?? null,
    pax: request.pax ?? null,
    email: request.email ?? null,
    phone: request.phone ?? null,
    gender: request.gender ?? null,
    flight_number: request.flight_number ?? null,
    date_of_birth: request.date_of_birth ?? null,
    locale: request.locale ?? null,
    data: request.data ?? null,
    communication_options: request.communication_options ?? null,
    custom_branding: request.custom_branding ?? null,
    departure_location: request.departure_location ?? null,
    departure_date: request.departure_date ?? utcDate(now),
    departure_date_defaulted: !request.departure_date,
    return_date: request.return_date ?? null,
    promo_codes: promoCodes,
    package_queues: queues,
    created_at: createdAt,
    updated_at: createdAt,
    created_by: partnerId,
    updated_by: partnerId,
    version: 1,
  };

  const planned = planDepartureEvents(booking, partner.departure_events ?? defaultDepartureEventSettings, now);
  const due = planned.filter((p) => p.dueAt.getTime() <= now.getTime());
  const later = planned.filter((p) => p.dueAt.getTime() > now.getTime());
  // A returning traveler may have an eSIM installed already (decision F16): one read, only when an event is due now.
  const installed = due.length > 0 ? await deps.esimInstalled(booking) : false;
  // The traveler knows the partner by the brand its claim page shows: the booking's, else the partner's default
  // brand (read only when an email goes out), else the partner's name.
  const sender = brandName ?? (wantsEmail(booking) ? (await deps.brands.resolve(partnerId, null))?.name : undefined) ?? partner.name;
  await deps.bookings.create({
    booking,
    events: due.map((p) => departureEvent(booking, p.event, now, installed)),
    schedules: later,
    usedSignature,
    emails: confirmationRequests(booking, sender, now, regions),
  });
  return booking;
};
