// use cases → finding travelers, creating them when first needed, provisioning packages, and the overview
// the native endpoints show. Shared by every lifecycle use case.
import { createHash } from 'node:crypto';
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
import type { EsimProfile, LifecycleDeps, PackagePlan, TravelerStore, TravelerWrite } from '#shared/usecases/ports/lifecycle';
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
 * The traveler a new eSIM is ordered for, as its provider order key names it (decision F168): the external_user_id
 * the request names, else its email, hashed (no address in a key). Every request that needs one traveler's first
 * eSIM at the same time names that traveler alike, so the provider is asked for one eSIM, not one per request.
 * Undefined when the request names nobody (a grant without a traveler redeemed by its code): the eSIM's order is
 * then named by what pays for its first package, as before.
 */
export const travelerOrderName = (identity: TravelerIdentity): string | undefined => {
  const named = identity.externalUserId ? `ext:${identity.externalUserId}` : identity.email ? `email:${identity.email.toLowerCase()}` : undefined;
  return named && `traveler:${createHash('sha256').update(named).digest('hex').slice(0, 32)}`;
};

/**
 * The provider order keys of a traveler's new eSIM (`esim`: `universal`, or `classic:<ISO3>:<network>`): named by
 * the traveler when the request names one, with the key used before (named by the first package's reference) as
 * the former key, so an order begun under it is resumed; else by that reference alone (F168).
 */
export const esimOrderKeys = (
  partnerId: string,
  esim: string,
  traveler: string | undefined,
  firstPackage: { orderReference: string; formerOrderReference?: string },
  legacyKey: (reference: string) => string,
): { idempotencyKey: string; formerIdempotencyKey?: string } =>
  traveler
    ? { idempotencyKey: `${partnerId}:esim:${esim}:${traveler}`, formerIdempotencyKey: legacyKey(firstPackage.orderReference) }
    : {
        idempotencyKey: legacyKey(firstPackage.orderReference),
        ...(firstPackage.formerOrderReference && { formerIdempotencyKey: legacyKey(firstPackage.formerOrderReference) }),
      };

type AllocateEsimInput = Parameters<LifecycleDeps['connectivity']['allocateEsim']>[0];

/**
 * Allocates a traveler's new eSIM under its traveler-named key (F168). `payer`: what pays for the first package
 * (`promo:<uuid>`), when its reference names the package. An order found under that key for an older version of this
 * same grant's package (the partner changed the grant while an earlier attempt was ordering) does not carry what the
 * grant now says: the grant then orders an eSIM of its own, under a key naming its package too, as before F168 (F82).
 */
export const allocateTravelerEsim = async (
  connectivity: LifecycleDeps['connectivity'],
  input: AllocateEsimInput,
  payer: string | undefined,
): Promise<EsimProfile> => {
  const profile = await connectivity.allocateEsim(input);
  const ownOlderPackage = payer !== undefined && profile.ordered_with !== input.firstPackageReference && profile.ordered_with.startsWith(`${payer}:`);
  return ownOlderPackage
    ? connectivity.allocateEsim({ ...input, idempotencyKey: `${input.idempotencyKey}:${input.firstPackageReference}` })
    : profile;
};

/**
 * The traveler's one universal eSIM, allocated when it has none, with the package `orderReference` pays for as its
 * first (F168: its order is named by the traveler, see `travelerOrderName`). `withEsim`: that package came with the
 * eSIM's order, so it orders nothing more; false when the eSIM was there before, or when a request racing this one
 * for the traveler's first eSIM ordered it with its own package (this one then orders its package as a top-up).
 */
export const ensureUniversalEsim = async (
  deps: Pick<LifecycleDeps, 'connectivity' | 'partners'>,
  traveler: Traveler,
  input: {
    bookingId: string | null;
    orderReference: string;
    formerOrderReference?: string;
    firstPackage: PackagePlan;
    /** `travelerOrderName` of the request's identity. */
    orderedFor: string | undefined;
  },
  now: Date,
): Promise<{ traveler: Traveler; esim: Esim; withEsim: boolean }> => {
  const existing = universalEsim(traveler);
  // Stored by the request that won the race, with this package's bundle on it: this package orders nothing more.
  if (existing) return { traveler, esim: existing, withEsim: existing.ordered_with === input.orderReference };
  const partnerId = traveler.partner_id;
  const keys = esimOrderKeys(partnerId, 'universal', input.orderedFor, input, (reference) => `${partnerId}:universal:${reference}`);
  const request = {
    partnerId,
    ...keys,
    destination: null,
    firstPackage: input.firstPackage,
    firstPackageReference: input.orderReference,
    confirmationCode: requiresConfirmationCode(await deps.partners.getProfile(partnerId)),
  };
  const profile = await allocateTravelerEsim(deps.connectivity, request, input.formerOrderReference);
  const added = addProvisionedEsim(traveler, profile, { kind: 'universal', destination: null, bookingId: input.bookingId }, now);
  return { ...added, withEsim: profile.ordered_with === input.orderReference };
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
