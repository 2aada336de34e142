// use cases → finding travelers, creating them when first needed, provisioning packages, and the overview
// the native endpoints show. Shared by every lifecycle use case.
import type { Booking, PackageQueueEntry, PackageSpecification } from '#shared/domain/booking';
import { defaultDurationDays, destinationOf } from '#shared/domain/package-specification';
import { requiresConfirmationCode } from '#shared/domain/partner';
import {
  addProvisionedEsim,
  assertRoomForPackage,
  assignedExternalUserId,
  type Esim,
  newPackageId,
  newPackageState,
  newTraveler,
  nextTravelerVersion,
  type PackageSource,
  sizeInBytes,
  type Traveler,
  type TravelerPackage,
  universalEsim,
} from '#shared/domain/traveler';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '#shared/errors';
import type { LifecycleDeps, PackagePlan, TravelerStore, TravelerWrite } from '#shared/usecases/ports/lifecycle';
import { withRetry } from '#shared/usecases/retry';

export interface TravelerIdentity {
  externalUserId?: string | null;
  email?: string | null;
}

export const travelerNotFound = () => new NotFoundError('No traveler with this external_user_id or email for your account.', 'user_not_found');

/** The traveler key of package queue look-ups (kept from the booking model): external_user_id, else `email:{email}`. */
export const queueKeysOf = (traveler: Pick<Traveler, 'external_user_id' | 'email'>): string[] => [
  ...(traveler.external_user_id ? [traveler.external_user_id] : []),
  ...(traveler.email ? [`email:${traveler.email.toLowerCase()}`] : []),
];

/** Finds a partner's traveler; external_user_id wins over email when both are given (as redirect tokens do). */
export const findTraveler = async (
  deps: { travelers: TravelerStore },
  partnerId: string,
  identity: TravelerIdentity,
): Promise<Traveler | undefined> => {
  if (identity.externalUserId) return deps.travelers.findByExternalUserId(partnerId, identity.externalUserId);
  if (identity.email) return deps.travelers.findByEmail(partnerId, identity.email);
  throw new ValidationError('Name the traveler by external_user_id or email.', [{ path: 'external_user_id', message: 'Required.' }]);
};

/**
 * The traveler for an identity, created or linked when first needed (not yet written: the caller commits it
 * with its own change). A traveler known by email gains the external_user_id when it had none. `knownByExternalUserId`:
 * what this attempt already read for the identity's external_user_id (null: nobody), so it is not read again; the
 * commit's version check still catches a change since.
 */
export const ensureTraveler = async (
  deps: Pick<LifecycleDeps, 'travelers' | 'clock'>,
  partnerId: string,
  identity: TravelerIdentity,
  knownByExternalUserId?: Traveler | null,
): Promise<TravelerWrite> => {
  const externalUserId = identity.externalUserId ?? null;
  const email = identity.email?.toLowerCase() ?? null;
  const lookUp = () => (externalUserId ? deps.travelers.findByExternalUserId(partnerId, externalUserId) : undefined);
  const byExternal = knownByExternalUserId === undefined ? await lookUp() : (knownByExternalUserId ?? undefined);
  if (byExternal) {
    const linkEmail = email && !byExternal.email && !(await deps.travelers.findByEmail(partnerId, email));
    return { before: byExternal, after: linkEmail ? { ...byExternal, email } : byExternal };
  }
  const byEmail = email ? await deps.travelers.findByEmail(partnerId, email) : undefined;
  if (byEmail && (!externalUserId || !byEmail.external_user_id)) {
    return { before: byEmail, after: externalUserId ? { ...byEmail, external_user_id: externalUserId } : byEmail };
  }
  // The email already belongs to a traveler with another external_user_id: a new traveler, known by its id only.
  const created = newTraveler({ partnerId, externalUserId, email: byEmail ? null : email, now: deps.clock.now() });
  return { before: undefined, after: created };
};

/** Gives a traveler known only by email an external_user_id (`ext_…`); no change when it has one. */
export const withExternalUserId = (traveler: Traveler): Traveler =>
  traveler.external_user_id ? traveler : { ...traveler, external_user_id: assignedExternalUserId(traveler.user_id), external_user_id_assigned: true };

/** Bumps the version and the update time: every traveler write goes through this. */
export const touched = (write: TravelerWrite, now: Date): TravelerWrite => ({
  before: write.before,
  after: nextTravelerVersion(write.after, write.before, now),
});

/**
 * Returns the traveler's external_user_id, assigning and saving one when the traveler has none yet.
 * For redirect tokens and other callers keyed by external_user_id. Unknown traveler → 404 user_not_found.
 */
export const ensureExternalUserId = (
  partnerId: string,
  identity: TravelerIdentity,
  deps: Pick<LifecycleDeps, 'travelers' | 'clock'>,
): Promise<string> =>
  withRetry(async () => {
    const traveler = await findTraveler(deps, partnerId, identity);
    if (!traveler) throw travelerNotFound();
    if (traveler.external_user_id) return traveler.external_user_id;
    const write = touched({ before: traveler, after: withExternalUserId(traveler) }, deps.clock.now());
    await deps.travelers.commit({ travelers: [write] });
    return write.after.external_user_id as string;
  });

type PlannedSpec = Pick<PackageSpecification, 'package_type' | 'package_duration' | 'size' | 'destination'>;

/** What a package of this specification gives, as the connectivity provider orders it. */
export const packagePlanOf = (spec: PlannedSpec): PackagePlan => {
  const unlimited = spec.package_type === 'unlimited';
  return {
    size: unlimited ? null : (spec.size ?? null),
    sizeBytes: unlimited ? null : (sizeInBytes(spec.size) ?? null),
    durationDays: spec.package_duration ?? defaultDurationDays[spec.package_type] ?? 365,
    destination: destinationOf(spec),
  };
};

/**
 * The provider order reference of a grant's package: what pays for it (`promo:<uuid>`, `classic:<queue uuid>`) and
 * what it is. A retried redemption of an unchanged grant resumes its own order; one that meets another specification
 * (the partner updated the grant, or the traveler chose another country, while the first attempt was ordering) orders
 * what the grant now says instead of attaching the order placed for the old one, which the provider's journal would
 * answer for the same reference (decision F82). `formerOrderReference` is what the reference was before it named the
 * package: an order journalled under it before that change, and retried after, is resumed when it ordered the same
 * thing, instead of being paid for twice.
 */
export const grantOrderReferences = (payer: string, plan: PackagePlan): { orderReference: string; formerOrderReference: string } => ({
  orderReference: `${payer}:${plan.destination ?? 'any'}:${plan.size ?? 'unlimited'}:${plan.durationDays}d`,
  formerOrderReference: payer,
});

export interface NewPackage {
  spec: PlannedSpec;
  /** What pays for the package (`promo:<uuid>`, `payment:<id>`, `classic:<queue uuid>`): stable across retries. */
  orderReference: string;
  /** A grant's reference before it named the package (`promo:<uuid>`): an order begun under it is resumed (F82). */
  formerOrderReference?: string;
  /** The eSIM was allocated for this package in the same redemption (its provider order carried the package). */
  withEsim: boolean;
  source: PackageSource;
  booking: Booking | null;
  entry: PackageQueueEntry | null;
  promoCodeId: string | null;
  /** Queue uuid the package carries in events when no booking entry does (web-app purchases). */
  queueUuid?: string | null;
  paymentId?: string | null;
}

/** The eSIM a locator names: the ICCID, else the traveler's universal eSIM, else its only one. */
export const locateEsim = (traveler: Traveler, iccid: string | null | undefined): Esim => {
  const esim = iccid
    ? traveler.esims.find((e) => e.iccid === iccid)
    : (universalEsim(traveler) ?? (traveler.esims.length === 1 ? traveler.esims[0] : undefined));
  if (esim) return esim;
  if (traveler.esims.length === 0) throw new ConflictError('no_esim', 'This traveler has no eSIM yet: redeem or claim a package first.');
  throw new BadRequestError('iccid_required', 'This traveler has several eSIMs: name one by iccid.', [{ path: 'iccid', message: 'Required.' }]);
};
/**
 * Allocates the traveler's one universal eSIM when it has none. `orderReference` names what pays for it (the
 * promo code, the payment): stable across retries of the same redemption even when the traveler is created by it
 * (a new traveler gets a new user_id per attempt), so a retry resumes the provider order instead of placing another.
 */
export const ensureUniversalEsim = async (
  deps: Pick<LifecycleDeps, 'connectivity' | 'partners'>,
  traveler: Traveler,
  input: { bookingId: string | null; orderReference: string; formerOrderReference?: string; firstPackage: PackagePlan },
  now: Date,
): Promise<{ traveler: Traveler; esim: Esim; allocated: boolean }> => {
  const existing = universalEsim(traveler);
  if (existing) return { traveler, esim: existing, allocated: false };
  const profile = await deps.connectivity.allocateEsim({
    partnerId: traveler.partner_id,
    idempotencyKey: `${traveler.partner_id}:universal:${input.orderReference}`,
    ...(input.formerOrderReference && { formerIdempotencyKey: `${traveler.partner_id}:universal:${input.formerOrderReference}` }),
    destination: null,
    firstPackage: input.firstPackage,
    confirmationCode: requiresConfirmationCode(await deps.partners.getProfile(traveler.partner_id)),
  });
  return { ...addProvisionedEsim(traveler, profile, { kind: 'universal', destination: null, bookingId: input.bookingId }, now), allocated: true };
};

/** Adds a queued package to an eSIM of the traveler, at the provider first (idempotent by package id). */
export const addPackage = async (
  deps: Pick<LifecycleDeps, 'connectivity'>,
  traveler: Traveler,
  esim: Esim,
  input: NewPackage,
  now: Date,
): Promise<{ traveler: Traveler; pkg: TravelerPackage }> => {
  assertRoomForPackage(traveler);
  const type = input.spec.package_type;
  const plan = packagePlanOf(input.spec);
  const duration = plan.durationDays;
  const pkg: TravelerPackage = {
    package_id: newPackageId(),
    iccid: esim.iccid,
    source: input.source,
    payment_id: input.paymentId ?? null,
    package_queue_uuid: input.entry?.uuid ?? input.queueUuid ?? null,
    promo_code_id: input.promoCodeId,
    booking_id: input.booking?.id ?? null,
    destination: destinationOf(input.spec),
    package_type: type,
    size: input.spec.size,
    size_bytes: type === 'unlimited' ? null : (sizeInBytes(input.spec.size) ?? null),
    duration_days: duration,
    ...newPackageState(),
    created_at: now.toISOString(),
  };
  await deps.connectivity.addPackage({
    ...plan,
    partnerId: traveler.partner_id,
    idempotencyKey: `${traveler.partner_id}:package:${input.orderReference}`,
    ...(input.formerOrderReference && { formerIdempotencyKey: `${traveler.partner_id}:package:${input.formerOrderReference}` }),
    iccid: esim.iccid,
    packageId: pkg.package_id,
    withEsim: input.withEsim,
  });
  const attribution = traveler.attribution ?? (input.booking ? { booking_id: input.booking.id, promo_code_id: input.promoCodeId } : null);
  return { traveler: { ...traveler, attribution, packages: [...traveler.packages, pkg] }, pkg };
};
