// ports → the traveler lifecycle: travelers in storage, the connectivity provider, payments, and their errors.
import type { Booking } from '#shared/domain/booking';
import type { Traveler } from '#shared/domain/traveler';
import { ConflictError } from '#shared/errors';
import type { DomainEvent } from '#shared/events/catalog';
import type { BookingLookups, BookingStore } from '#shared/usecases/ports/bookings';
import type { PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

/** The grants (package queue entries) one traveler key is shown and can redeem, over its lifetime (decision F149). */
export const MAX_TRAVELER_GRANTS = 1000;

/** Another request changed a traveler or booking between read and write; use cases re-read and retry. */
export class ConcurrentChangeError extends ConflictError {
  constructor(what = 'The traveler or booking was') {
    super('concurrent_modification', `${what} changed by another request at the same moment. Retry.`);
  }
}

/** The payment already paid for another traveler's package: one payment provisions one package (not retried). */
export class PaymentAlreadyRecordedError extends ConflictError {
  constructor() {
    super('payment_already_recorded', "This payment_id already paid for another traveler's package. One payment provisions one package.");
  }
}

/** A purchase's package_queue_uuid already names another package of the partner (one uuid, one package). */
export class QueueUuidTakenError extends ConflictError {
  constructor() {
    super('package_queue_uuid_taken', 'This package_queue_uuid already names a grant or a package of this partner.');
  }
}

/** The reporter's fact id is already recorded: the fact was applied before and changes nothing now. */
export class DuplicateFactError extends Error {
  constructor() {
    super('This fact was already recorded.');
    this.name = 'DuplicateFactError';
  }
}

/** An eSIM profile as the provider hands it out (docs/providers.md). */
export interface EsimProfile {
  iccid: string;
  /** Null when the provider does not reveal it (an SM-DP+ over ES2+ hands out ICCIDs only). */
  imsi: string | null;
  smdp_address: string;
  matching_id: string;
  /** `LPA:1$<SM-DP+ address>$<matching id>`: what the device scans or receives to install the profile. */
  activation_code: string;
  /**
   * The confirmation code the traveler types on download, encrypted with the secret cipher (context:
   * `confirmationCodeContext`); null when the activation code does not end in `$1` (decision F142).
   */
  confirmation_code_ciphertext: string | null;
  /**
   * The order reference of the package whose bundle came with this eSIM (`firstPackageReference` of the call that
   * ordered it, decision F168). Two redemptions racing for one traveler's first eSIM share its order: the one whose
   * package it is not orders its own package as a top-up. A provider whose eSIMs carry no package answers the caller's.
   */
  ordered_with: string;
}

/** What a package gives, as a provider orders it (an eSIM Go bundle is chosen by it). */
export interface PackagePlan {
  /** The specification's size (`1GB`, `500MB`); null for no data limit. */
  size: string | null;
  sizeBytes: number | null;
  durationDays: number;
  /** ISO3, or null for the universal eSIM's packages. */
  destination: string | null;
}

/**
 * Connectivity provider: the network operator / eSIM platform that issues profiles and carries data.
 * Every call takes an idempotency key so a retried use case gets the same profile, never a second one.
 */
export interface ConnectivityProvider {
  /**
   * `idempotencyKey` names the eSIM by its traveler (`<partner>:esim:<universal|classic:ISO3>:<traveler>`, decision
   * F168), so every redemption or payment that needs a traveler's first eSIM resumes one order, never a second.
   * `firstPackageReference` is the order reference of the package the eSIM is ordered with (`firstPackage`).
   */
  allocateEsim(input: {
    partnerId: string;
    idempotencyKey: string;
    destination: string | null;
    firstPackage: PackagePlan;
    firstPackageReference: string;
    /** The partner's new eSIMs require a confirmation code (decision F140); providers that cannot ignore it. */
    confirmationCode: boolean;
    /**
     * The key the eSIM's order was journalled under before it was named by its traveler (the first package's reference,
     * decision F168): an order found there for the same thing, not cancelled, is resumed rather than ordered again.
     */
    formerIdempotencyKey?: string;
  }): Promise<EsimProfile>;
  /**
   * `idempotencyKey` names what pays for the package (`<partner>:package:<promo|payment|classic>:<id>`, a grant's
   * with what the package is: `…:FRA:1GB:365d`), stable across retries. `withEsim`: the eSIM was allocated for this
   * package in the same redemption, with `firstPackage`; a provider whose eSIMs come with a bundle (eSIM Go) has
   * nothing more to order. `formerIdempotencyKey`: as for `allocateEsim`.
   */
  addPackage(
    input: PackagePlan & {
      partnerId: string;
      idempotencyKey: string;
      formerIdempotencyKey?: string;
      iccid: string;
      packageId: string;
      withEsim: boolean;
    },
  ): Promise<void>;
  readUsage(input: { iccid: string; packageId: string }): Promise<{ usedBytes: number }>;
  /** Home network (MCC+MNC, the first 5 IMSI digits) of the profiles this provider issues for a destination. */
  networkFor(destination: string | null): Promise<string>;
}

/**
 * A provider's stand-in for a traveler's device (the local SM-DP+ simulator): installs or deletes a profile it issued,
 * and the provider then reports the change as it reports a real one. `not_issued`: not a profile it issued;
 * `refused`: the profile is not in the state the action needs there (another call changed it a moment ago).
 */
export type DeviceOutcome = 'done' | 'not_issued' | 'refused';
export interface SimulatedDevice {
  install(input: { iccid: string; at: Date }): Promise<DeviceOutcome>;
  remove(input: { iccid: string; at: Date }): Promise<DeviceOutcome>;
}

/** Payment provider: charges the traveler; the result is reported back as a purchase or top-up fact. */
export interface PaymentProvider {
  charge(input: { idempotencyKey: string; amount: number; currency: string }): Promise<{ paymentId: string }>;
}

/** A traveler write: the aggregate before (undefined when new) and after; the store derives look-ups and schedules. */
export interface TravelerWrite {
  before: Traveler | undefined;
  after: Traveler;
}

export interface LifecycleChange {
  travelers?: TravelerWrite[];
  /** Bookings replaced with a version check (their `version` already bumped). */
  bookings?: Booking[];
  events?: DomainEvent[];
  /** Records a reporter's fact id once; a second commit with the same fact fails with DuplicateFactError. */
  fact?: { reporter: string; eventId: string; occurredAt: string };
}

export interface QueueRef {
  bookingId: string;
  queueUuid: string;
}

export interface PackageSchedule {
  partner_id: string;
  user_id: string;
  package_id: string;
  due_at: string;
}

export interface TravelerStore {
  get(partnerId: string, userId: string): Promise<Traveler | undefined>;
  findByExternalUserId(partnerId: string, externalUserId: string): Promise<Traveler | undefined>;
  findByEmail(partnerId: string, email: string): Promise<Traveler | undefined>;
  /** Across partners: reporters know the ICCID or package id only. */
  findByIccid(iccid: string): Promise<Traveler | undefined>;
  findByPackageId(packageId: string): Promise<Traveler | undefined>;
  /** The traveler whose package came from this queue entry (redeemed grant or web-app purchase). */
  findByPackageQueueUuid(partnerId: string, queueUuid: string): Promise<Traveler | undefined>;
  findPromoCodeUuid(partnerId: string, code: string): Promise<string | undefined>;
  /** Package queue entries addressed to a traveler key (`external_user_id` or `email:{email}`), at most MAX_TRAVELER_GRANTS. */
  queueRefs(partnerId: string, travelerKey: string): Promise<QueueRef[]>;
  /**
   * The external_user_ids the partner's bookings pair with this email (bookedEmailOf), distinct, from at most
   * MAX_TRAVELER_GRANTS entries. Read from an index: a booking shows here within about a second of its creation.
   */
  externalUserIdsBookedWithEmail(partnerId: string, email: string): Promise<string[]>;
  factRecorded(reporter: string, eventId: string): Promise<boolean>;
  /** One transaction; ConcurrentChangeError when a traveler or booking changed meanwhile. */
  commit(change: LifecycleChange): Promise<void>;
}

export interface LifecycleDeps {
  travelers: TravelerStore;
  bookings: BookingStore;
  partners: PartnerDirectory;
  connectivity: ConnectivityProvider;
  payments: PaymentProvider;
  clock: Clock;
}

/**
 * Finding travelers and what they were granted, without writing: the reads of the traveler store. A redeemed code's
 * look-up and the reporters' fact journal are read only where codes are redeemed and facts ingested.
 */
export type TravelerLookups = Omit<TravelerStore, 'commit' | 'findPromoCodeUuid' | 'factRecorded'>;

/**
 * The sweeper's index of packages with time-driven work due (thresholds, expiry). The traveler store writes its
 * entries with each traveler change; only the sweep reads and drops them, so it is a port of its own.
 */
export interface PackageScheduleIndex {
  /** Schedules due by `now`, oldest first, at most `limit` per shard. */
  due(now: Date, limit: number): Promise<PackageSchedule[]>;
  /** Removes a schedule that has nothing left to do. */
  drop(schedule: PackageSchedule): Promise<void>;
}

/** The traveler side's reads: what a use case that only looks travelers up needs (the dashboard, the grants' list). */
export interface LifecycleLookups {
  travelers: TravelerLookups;
  bookings: BookingLookups;
  partners: PartnerDirectory;
  clock: Clock;
}

/** The traveler side's stores and clock, without its providers: what the use cases that reach no provider need. */
export type LifecycleStores = Pick<LifecycleDeps, 'travelers' | 'bookings' | 'partners' | 'clock'>;
