// use cases → classic eSIM grants in the native app: list them, set a missing destination, claim one.
import type { InferOutput as Out } from 'valibot';
import type { ClassicGrantResponseSchema } from '#shared/domain/traveler-response-schemas';
import type { Booking, PackageQueueEntry } from '#shared/domain/booking';
import { entryState } from '#shared/domain/booking';
import { consumeGrant, nextVersion } from '#shared/domain/grants';
import { classicClaimed } from '#shared/domain/lifecycle-events';
import { addProvisionedEsim, assertRoomForPackage, type Esim } from '#shared/domain/traveler';
import { assertProvisionable, completedSpecification, destinationOf, needsDefaultSize, withDestination } from '#shared/domain/package-specification';
import { DEFAULT_PACKAGE_SIZE, defaultPackageSize, requiresConfirmationCode } from '#shared/domain/partner';
import type { DomainEvent } from '#shared/events/catalog';
import { ConflictError } from '#shared/errors';
import { findTravelerQueueEntry } from '#shared/usecases/redeem-package-queue-entry';
import {
  addPackage,
  allocateTravelerEsim,
  ensureTraveler,
  esimOrderKeys,
  grantOrderReferences,
  packagePlanOf,
  queueKeysOf,
  touched,
  travelerOrderName,
  withExternalUserId,
} from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import type { LifecycleDeps, LifecycleLookups, LifecycleStores, QueueRef } from '#shared/usecases/ports/lifecycle';
import type { BookingLookups } from '#shared/usecases/ports/bookings';

/** A grant as the app lists it; `defaultSize` is the partner's size, which a grant that names none is claimed with. */
export const classicGrantView = (
  booking: Booking,
  entry: PackageQueueEntry,
  now: Date,
  defaultSize: string,
): Out<typeof ClassicGrantResponseSchema> => ({
  queue_id: entry.uuid,
  booking_id: booking.id,
  status: entryState(entry, now),
  destination: destinationOf(entry.package_specification),
  package_type: entry.package_specification.package_type,
  size: needsDefaultSize(entry.package_specification) ? defaultSize : entry.package_specification.size,
  package_duration: entry.package_specification.package_duration,
  expires_at: entry.expires_at,
  created_at: entry.created_at,
});

/** The package queue entries these look-ups name, with their bookings, oldest first. */
const entriesOf = async (
  deps: { bookings: Pick<BookingLookups, 'get'> },
  partnerId: string,
  refs: QueueRef[],
): Promise<Array<{ booking: Booking; entry: PackageQueueEntry }>> => {
  const bookingIds = [...new Set(refs.map((ref) => ref.bookingId))];
  const bookings = (await Promise.all(bookingIds.map((id) => deps.bookings.get(partnerId, id)))).filter((b): b is Booking => !!b);
  const wanted = new Set(refs.map((ref) => ref.queueUuid));
  return bookings
    .flatMap((booking) => booking.package_queues.filter((entry) => wanted.has(entry.uuid)).map((entry) => ({ booking, entry })))
    .sort((a, b) => a.entry.created_at.localeCompare(b.entry.created_at));
};

/** Every package queue entry addressed to the traveler (external_user_id and, when known, its email). */
export const queueEntriesOf = async (
  deps: Pick<LifecycleDeps, 'travelers' | 'bookings'>,
  partnerId: string,
  traveler: { external_user_id: string | null; email: string | null },
): Promise<Array<{ booking: Booking; entry: PackageQueueEntry }>> => {
  const refs = (await Promise.all(queueKeysOf(traveler).map((key) => deps.travelers.queueRefs(partnerId, key)))).flat();
  return entriesOf(deps, partnerId, refs);
};

/**
 * The traveler known by `externalUserId` and every queue entry addressed to it. The entries addressed to the
 * external_user_id are read beside the traveler's look-up, not after it (one round trip less on the dashboard);
 * those addressed to its email only once the traveler turns out to have one.
 */
export const travelerWithQueueEntries = async (deps: Pick<LifecycleLookups, 'travelers' | 'bookings'>, partnerId: string, externalUserId: string) => {
  const [traveler, byExternalUserId] = await Promise.all([
    deps.travelers.findByExternalUserId(partnerId, externalUserId),
    deps.travelers.queueRefs(partnerId, externalUserId),
  ]);
  const emailKeys = traveler?.email ? queueKeysOf({ external_user_id: null, email: traveler.email }) : [];
  const byEmail = (await Promise.all(emailKeys.map((key) => deps.travelers.queueRefs(partnerId, key)))).flat();
  return { traveler, entries: await entriesOf(deps, partnerId, [...byExternalUserId, ...byEmail]) };
};

/** `list_classic_package_queues`: the traveler's classic grants, any state, oldest first. */
export const listClassicGrants = async (
  input: { partnerId: string; externalUserId: string },
  deps: Pick<LifecycleLookups, 'travelers' | 'bookings' | 'partners' | 'clock'>,
) => {
  const now = deps.clock.now();
  const { entries } = await travelerWithQueueEntries(deps, input.partnerId, input.externalUserId);
  // As the dashboard answers (decision 28): a traveler with nothing yet has no grants, not an error.
  const grants = entries.filter(({ entry }) => entry.esim_type === 'classic');
  const defaultSize = grants.some(({ entry }) => needsDefaultSize(entry.package_specification))
    ? defaultPackageSize(await deps.partners.getProfile(input.partnerId))
    : DEFAULT_PACKAGE_SIZE;
  return grants.map(({ booking, entry }) => classicGrantView(booking, entry, now, defaultSize));
};

const classicEntry = async (deps: LifecycleStores, input: { partnerId: string; externalUserId: string; queueId: string }) => {
  const found = await findTravelerQueueEntry(deps, input.partnerId, input.externalUserId, input.queueId);
  if (found.entry.esim_type !== 'classic') {
    throw new ConflictError('not_a_classic_grant', 'This package queue entry is not a classic grant: redeem it with POST /native/redeem-package.');
  }
  const state = entryState(found.entry, deps.clock.now());
  if (state === 'expired') throw new ConflictError('package_queue_expired', 'The redemption window of this grant has ended.');
  if (state !== 'pending') throw new ConflictError('package_queue_not_pending', `This classic grant is already ${state}.`);
  return found;
};

/** `set_classic_package_queue_destination`: a pending grant the partner booked without a destination gets the traveler's. */
export const setClassicGrantDestination = (
  input: { partnerId: string; externalUserId: string; queueId: string; destination: string },
  deps: LifecycleStores,
) =>
  withRetry(async () => {
    const { booking, entry } = await classicEntry(deps, input);
    // The traveler chooses where a grant goes only when the partner named nowhere; a choice can be changed (F152).
    const granted = booking.promo_codes.find((promo) => promo.uuid === entry.promo_code_uuid)?.package_specification.destination;
    if (granted) {
      throw new ConflictError('destination_set_by_partner', 'This grant already has the destination the partner booked; it cannot be changed here.');
    }
    const now = deps.clock.now();
    const changed: PackageQueueEntry = { ...entry, package_specification: withDestination(entry.package_specification, input.destination) };
    const updated = nextVersion(booking, { package_queues: booking.package_queues.map((q) => (q.uuid === entry.uuid ? changed : q)) }, now);
    await deps.travelers.commit({ bookings: [updated] });
    const defaultSize = needsDefaultSize(changed.package_specification)
      ? defaultPackageSize(await deps.partners.getProfile(input.partnerId))
      : DEFAULT_PACKAGE_SIZE;
    return classicGrantView(updated, changed, now, defaultSize);
  });

export interface ClassicClaim {
  queue_id: string;
  iccid: string;
  is_top_up: boolean;
  user_id: string;
  events: DomainEvent[];
}

/**
 * `claim_classic_package_queue`: pending → claimed. The package goes onto the traveler's classic eSIM for the
 * same destination whose IMSI is on the provider's network for it (is_top_up true), else onto a freshly
 * provisioned eSIM (false). The grant's promo code is consumed with it. Emits: classic_package_queue.claimed
 * (delivered only to partners that opted in). Expired, claimed twice or no destination → 409.
 */
export const claimClassicGrant = (
  input: { partnerId: string; externalUserId: string; queueId: string },
  deps: LifecycleDeps,
): Promise<ClassicClaim> =>
  withRetry(async () => {
    const { traveler: known, booking, entry } = await classicEntry(deps, input);
    const destination = destinationOf(entry.package_specification);
    if (!destination) {
      throw new ConflictError('destination_required', 'This grant has no destination yet: set one with the destination call first.');
    }
    assertProvisionable(entry.package_specification);
    const now = deps.clock.now();
    const profile = await deps.partners.getProfile(input.partnerId);
    const spec = completedSpecification(entry.package_specification, { defaultSize: defaultPackageSize(profile) });
    // The entry's email too, as a redemption does: grants addressed to it then reach this traveler.
    const identity = { externalUserId: input.externalUserId, email: entry.email };
    const write = await ensureTraveler(deps, input.partnerId, identity, known ?? null);
    assertRoomForPackage(write.after);
    let traveler = withExternalUserId(write.after);
    const network = await deps.connectivity.networkFor(destination);
    let esim: Esim | undefined = traveler.esims.find(
      // An eSIM whose IMSI the provider did not reveal was issued by this provider, on its network.
      (e) => e.kind === 'classic' && e.destination === destination && (e.imsi ?? network).startsWith(network),
    );
    const isTopUp = esim !== undefined;
    const plan = packagePlanOf(spec);
    const references = grantOrderReferences(`classic:${entry.uuid}`, plan);
    if (!esim) {
      // Named by the traveler, its country and network, as the universal eSIM's order is (decision F168).
      const keys = esimOrderKeys(
        input.partnerId,
        `classic:${destination}:${network}`,
        travelerOrderName(identity),
        references,
        (reference) => `${input.partnerId}:${reference}`,
      );
      const request = {
        partnerId: input.partnerId,
        ...keys,
        destination,
        firstPackage: plan,
        firstPackageReference: references.orderReference,
        confirmationCode: requiresConfirmationCode(profile),
      };
      const allocated = await allocateTravelerEsim(deps.connectivity, request, references.formerOrderReference);
      ({ traveler, esim } = addProvisionedEsim(traveler, allocated, { kind: 'classic', destination, bookingId: booking.id }, now));
    }
    const promo = booking.promo_codes.find((p) => p.uuid === entry.promo_code_uuid) ?? null;
    const added = await addPackage(
      deps,
      traveler,
      esim,
      {
        spec,
        ...references,
        // The package whose bundle came with the eSIM's order, whichever claim stored the eSIM (F168).
        withEsim: esim.ordered_with === references.orderReference,
        source: 'classic_grant',
        booking,
        entry,
        promoCodeId: promo?.uuid ?? null,
      },
      now,
    );
    // The grant's code is spent with the claim, so it cannot deliver the package a second time.
    const updated = consumeGrant(
      booking,
      { promoCodeUuid: promo?.uuid ?? null, queueUuid: entry.uuid, entryStatus: 'claimed', by: added.traveler.external_user_id as string },
      now,
    );
    const travelerWrite = touched({ before: write.before, after: added.traveler }, now);
    const events = [classicClaimed(travelerWrite.after, updated, entry, esim.iccid, isTopUp, now)];
    await deps.travelers.commit({ travelers: [travelerWrite], bookings: [updated], events });
    return { queue_id: entry.uuid, iccid: esim.iccid, is_top_up: isTopUp, user_id: travelerWrite.after.user_id, events };
  });
