// domain → the traveler aggregate: one item per traveler holding its eSIMs and packages, and the state
// machines of both (docs/lifecycle.md). Pure functions: they return the changed aggregate, never write.
import { randomBytes } from 'node:crypto';
import type { PackageType } from '#shared/domain/schema-fields';
import { ConflictError, type ErrorCode } from '#shared/errors';

export type EsimKind = 'universal' | 'classic';
export type EsimState = 'provisioned' | 'installed' | 'removed';
export type PackageState = 'queued' | 'active' | 'depleted' | 'expired';
export type PackageSource = 'promo_code' | 'package_queue' | 'classic_grant' | 'purchase' | 'topup';

export interface Esim {
  iccid: string;
  /** Null when the provider does not reveal it (ES2+). */
  imsi: string | null;
  activation_code: string;
  /**
   * When the activation code ends in `$1`: the code the traveler types, encrypted with the secret cipher (context:
   * partner and ICCID, decision F142), never in clear. Absent or null: no code is asked for.
   */
  confirmation_code_ciphertext?: string | null;
  kind: EsimKind;
  /** ISO3 the eSIM was provisioned for (classic eSIMs); null for the universal eSIM. */
  destination: string | null;
  state: EsimState;
  /** Occurrence counters: `esim.installed:{iccid}:{installs}` keeps every repeat a distinct event (#23). */
  installs: number;
  removals: number;
  /** Occurrence time of the last state change; an older fact cannot move the state back. */
  state_changed_at: string;
  /** Booking whose grant made the service provision this eSIM, if any. */
  booking_id: string | null;
  /**
   * The order reference of the package whose bundle the provider delivered with this eSIM (decision F168): that
   * package orders nothing more. Absent on eSIMs provisioned before it was recorded.
   */
  ordered_with?: string | null;
  created_at: string;
}

export interface TravelerPackage {
  package_id: string;
  iccid: string;
  source: PackageSource;
  /** Set for purchases and top-ups: a payment provisions one package only. */
  payment_id: string | null;
  package_queue_uuid: string | null;
  promo_code_id: string | null;
  booking_id: string | null;
  destination: string | null;
  package_type: PackageType;
  size: string | null;
  /** null: no data limit (unlimited). */
  size_bytes: number | null;
  duration_days: number;
  state: PackageState;
  activated_at: string | null;
  expires_at: string | null;
  used_bytes: number;
  usage_reported_at: string | null;
  /** Usage thresholds (50, 80, 100) already fired; each fires once per package. */
  thresholds_fired: number[];
  created_at: string;
}

/** What every package starts as: queued, nothing used, no threshold fired (a fresh object each time). */
export const newPackageState = (): Pick<
  TravelerPackage,
  'state' | 'activated_at' | 'expires_at' | 'used_bytes' | 'usage_reported_at' | 'thresholds_fired'
> => ({ state: 'queued', activated_at: null, expires_at: null, used_bytes: 0, usage_reported_at: null, thresholds_fired: [] });

export interface Attribution {
  booking_id: string;
  promo_code_id: string | null;
}

export interface Traveler {
  user_id: string;
  partner_id: string;
  external_user_id: string | null;
  /** True when the service assigned `external_user_id` itself (`ext_…`). */
  external_user_id_assigned: boolean;
  email: string | null;
  /** The booking and promo code whose grant first reached this traveler (purchase events carry them). */
  attribution: Attribution | null;
  /** ISO3 codes with a purchase already: the next purchase there is a top-up (#25). */
  purchased_destinations: string[];
  esims: Esim[];
  packages: TravelerPackage[];
  created_at: string;
  updated_at: string;
  /** Optimistic-concurrency counter, bumped by every write. */
  version: number;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/**
 * Most packages one traveler holds. The traveler is one item (its eSIMs and packages, about 600 bytes a package):
 * 400 keep it far below DynamoDB's 400 KB item limit, so a write never fails on the item's size (decision F17).
 */
export const MAX_PACKAGES_PER_TRAVELER = 400;

/** Refuses a package beyond MAX_PACKAGES_PER_TRAVELER before anything is ordered or written. */
export const assertRoomForPackage = (traveler: Pick<Traveler, 'packages'>): void => {
  if (traveler.packages.length >= MAX_PACKAGES_PER_TRAVELER) {
    throw new ConflictError('package_limit_reached', `A traveler holds at most ${MAX_PACKAGES_PER_TRAVELER} packages; this one has reached it.`);
  }
};

export const newUserId = (): string => `usr_${hex(12)}`;
export const newPackageId = (): string => `pkg_${hex(12)}`;
export const newPaymentId = (): string => `pay_${hex(12)}`;
/** The form of an automatically assigned external_user_id: `ext_` + the hex part of the user id. */
export const assignedExternalUserId = (userId: string): string => `ext_${userId.replace(/^usr_/, '')}`;

/** Whether an external_user_id has that form: the service made it up, so it means nothing to the traveler. */
export const isAssignedExternalUserId = (externalUserId: string): boolean => /^ext_[0-9a-f]{24}$/.test(externalUserId);

export const newTraveler = (input: { partnerId: string; externalUserId: string | null; email: string | null; now: Date }): Traveler => {
  const userId = newUserId();
  const at = input.now.toISOString();
  return {
    user_id: userId,
    partner_id: input.partnerId,
    external_user_id: input.externalUserId,
    external_user_id_assigned: false,
    email: input.email?.toLowerCase() ?? null,
    attribution: null,
    purchased_destinations: [],
    esims: [],
    packages: [],
    created_at: at,
    updated_at: at,
    version: 0,
  };
};

/** A changed traveler: one version after the stored one (0 for a new traveler), updated now. */
export const nextTravelerVersion = (traveler: Traveler, stored: Pick<Traveler, 'version'> | undefined, now: Date): Traveler => ({
  ...traveler,
  version: (stored?.version ?? 0) + 1,
  updated_at: now.toISOString(),
});

/** What a connectivity provider answers for a new profile, as far as the eSIM keeps it. */
export interface ProvisionedProfile {
  iccid: string;
  imsi: string | null;
  activation_code: string;
  confirmation_code_ciphertext?: string | null;
  ordered_with?: string | null;
}

/**
 * The traveler with a new eSIM made from a provider's profile: provisioned, never installed yet, attributed to the
 * booking whose grant paid for it (none for a purchase).
 */
export const addProvisionedEsim = (
  traveler: Traveler,
  profile: ProvisionedProfile,
  input: { kind: EsimKind; destination: string | null; bookingId: string | null },
  now: Date,
): { traveler: Traveler; esim: Esim } => {
  const esim: Esim = {
    iccid: profile.iccid,
    imsi: profile.imsi,
    activation_code: profile.activation_code,
    confirmation_code_ciphertext: profile.confirmation_code_ciphertext ?? null,
    kind: input.kind,
    destination: input.destination,
    state: 'provisioned',
    installs: 0,
    removals: 0,
    state_changed_at: now.toISOString(),
    booking_id: input.bookingId,
    ordered_with: profile.ordered_with ?? null,
    created_at: now.toISOString(),
  };
  return { traveler: { ...traveler, esims: [...traveler.esims, esim] }, esim };
};

const illegal = (code: ErrorCode, message: string) => new ConflictError(code, message);

export const findEsim = (traveler: Traveler, iccid: string): Esim | undefined => traveler.esims.find((e) => e.iccid === iccid);
export const findPackage = (traveler: Traveler, packageId: string): TravelerPackage | undefined =>
  traveler.packages.find((p) => p.package_id === packageId);
export const universalEsim = (traveler: Traveler): Esim | undefined => traveler.esims.find((e) => e.kind === 'universal');
/** `esim_installed` of the booking events: one of the traveler's eSIMs is on a device now. */
export const hasInstalledEsim = (traveler: Traveler): boolean => traveler.esims.some((e) => e.state === 'installed');

const replaceEsim = (traveler: Traveler, esim: Esim): Traveler => ({
  ...traveler,
  esims: traveler.esims.map((e) => (e.iccid === esim.iccid ? esim : e)),
});
export const replacePackage = (traveler: Traveler, pkg: TravelerPackage): Traveler => ({
  ...traveler,
  packages: traveler.packages.map((p) => (p.package_id === pkg.package_id ? pkg : p)),
});

/** A fact that happened before the last state change is stale: it is recorded and changes nothing. */
export const isStale = (occurredAt: Date, lastChange: string | null): boolean =>
  lastChange !== null && occurredAt.getTime() < new Date(lastChange).getTime();

/**
 * How far a reporter's clock may differ from the service's (the signatures' window, decision 2). A fact is ordered
 * strictly against other facts, but against what the service itself dated (an eSIM provisioned, a package created)
 * only beyond this skew: an install reported 2 s "before" the redemption that provisioned the eSIM still happened.
 */
export const REPORTER_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A time the service itself wrote, moved back by the reporter clock skew, for isStale. */
export const serviceDated = (at: string): string => new Date(new Date(at).getTime() - REPORTER_CLOCK_SKEW_MS).toISOString();

/**
 * A connectivity provider's time, never later than the service's own: a reporter's fact from the future is refused
 * (decision F150), but a provider would retry a refused notification for ever, and a time ahead would make every
 * true fact after it stale and stamp events in the future. Ahead of the service's clock, it is the moment received.
 */
export const providerDated = (at: string | number, now: Date): string => new Date(Math.min(new Date(at).getTime(), now.getTime())).toISOString();

/** provisioned | removed → installed. Installed again → 409 esim_already_installed. */
export const installEsim = (traveler: Traveler, iccid: string, at: Date): { traveler: Traveler; esim: Esim } => {
  const esim = findEsim(traveler, iccid);
  if (!esim) throw illegal('esim_not_found', `No eSIM ${iccid} for this traveler.`);
  if (esim.state === 'installed') throw illegal('esim_already_installed', 'This eSIM is already installed; remove it before installing it again.');
  const changed: Esim = { ...esim, state: 'installed', installs: esim.installs + 1, state_changed_at: at.toISOString() };
  return { traveler: replaceEsim(traveler, changed), esim: changed };
};

/** installed → removed. From provisioned or removed → 409 esim_not_installed. */
export const removeEsim = (traveler: Traveler, iccid: string, at: Date): { traveler: Traveler; esim: Esim } => {
  const esim = findEsim(traveler, iccid);
  if (!esim) throw illegal('esim_not_found', `No eSIM ${iccid} for this traveler.`);
  if (esim.state !== 'installed') throw illegal('esim_not_installed', 'Only an installed eSIM can be removed.');
  const changed: Esim = { ...esim, state: 'removed', removals: esim.removals + 1, state_changed_at: at.toISOString() };
  return { traveler: replaceEsim(traveler, changed), esim: changed };
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** queued → active. Any other state → 409 package_not_queued. */
export const activatePackage = (traveler: Traveler, packageId: string, at: Date, expiresAt?: Date): { traveler: Traveler; pkg: TravelerPackage } => {
  const pkg = findPackage(traveler, packageId);
  if (!pkg) throw illegal('package_not_found', `No package ${packageId} for this traveler.`);
  if (pkg.state !== 'queued') throw illegal('package_not_queued', `The package is ${pkg.state}; only a queued package can be activated.`);
  const ends = expiresAt ?? new Date(at.getTime() + pkg.duration_days * DAY_MS);
  const changed: TravelerPackage = {
    ...pkg,
    state: 'active',
    activated_at: at.toISOString(),
    expires_at: ends.toISOString(),
  };
  return { traveler: replacePackage(traveler, changed), pkg: changed };
};

/** Sizes in the spec's form (`500MB`, `1.5GB`); 1 GB = 1024 MB = 1024² KB (docs/lifecycle.md). */
export const sizeInBytes = (size: string | null): number | null => {
  const match = size ? /^(\d+(?:\.\d+)?)(MB|GB)$/.exec(size) : null;
  if (!match) return null;
  const unit = match[2] === 'GB' ? 1024 ** 3 : 1024 ** 2;
  return Math.round(Number(match[1]) * unit);
};

/** Which measure drives a package's usage events (#24): data for data-limited and starter, time otherwise. */
export const usageMeasure = (pkg: Pick<TravelerPackage, 'package_type' | 'size_bytes'>): 'data' | 'duration' =>
  pkg.package_type === 'unlimited' || pkg.package_type === 'time-limited' ? 'duration' : 'data';

export const THRESHOLDS = [50, 80, 100] as const;
export type Threshold = (typeof THRESHOLDS)[number];

/** Whole percent of data used; a zero-size package counts as fully used by its first report. */
export const dataPercent = (pkg: TravelerPackage): number => {
  if (pkg.size_bytes === null) return 0;
  if (pkg.size_bytes === 0) return 100;
  return Math.floor((pkg.used_bytes * 100) / pkg.size_bytes);
};

/** Percent of the validity elapsed at `now`, floored. */
export const durationPercent = (pkg: TravelerPackage, now: Date): number => {
  if (!pkg.activated_at || !pkg.expires_at) return 0;
  const start = new Date(pkg.activated_at).getTime();
  const total = new Date(pkg.expires_at).getTime() - start;
  if (total <= 0) return 100;
  return Math.min(100, Math.floor(((now.getTime() - start) * 100) / total));
};

/** When a duration threshold is reached. */
export const thresholdTime = (pkg: TravelerPackage, threshold: Threshold): Date => {
  const start = new Date(pkg.activated_at ?? 0).getTime();
  const end = new Date(pkg.expires_at ?? 0).getTime();
  return new Date(start + Math.ceil(((end - start) * threshold) / 100));
};

/** A usage report's outcome: the traveler and package after it, and whether it changed anything. */
export interface UsageChange {
  traveler: Traveler;
  pkg: TravelerPackage;
  changed: boolean;
}

/**
 * Records cumulative usage (bytes used so far). Only an active package takes usage; a report that is not
 * newer, or says fewer bytes than known, changes nothing (returns `changed: false`).
 */
export const recordUsage = (traveler: Traveler, packageId: string, usedBytes: number, at: Date): UsageChange => {
  const pkg = activatedPackage(traveler, packageId);
  // Usage dated before the activation is no usage of this package's validity.
  if (isStale(at, pkg.usage_reported_at) || isStale(at, pkg.activated_at) || usedBytes < pkg.used_bytes || pkg.state !== 'active') {
    return { traveler, pkg, changed: false };
  }
  const changed: TravelerPackage = { ...pkg, used_bytes: usedBytes, usage_reported_at: at.toISOString() };
  // A data allowance used up ends the package, whatever measures its usage events: time-limited packages expire at
  // "either the data limit or the time limit" (spec). Unlimited packages have no allowance (size_bytes null).
  const depleted = changed.size_bytes !== null && dataPercent(changed) >= 100;
  const final: TravelerPackage = depleted ? { ...changed, state: 'depleted' } : changed;
  return { traveler: replacePackage(traveler, final), pkg: final, changed: true };
};

/** The package usage is reported for: it must exist and have been activated. */
const activatedPackage = (traveler: Traveler, packageId: string): TravelerPackage => {
  const pkg = findPackage(traveler, packageId);
  if (!pkg) throw illegal('package_not_found', `No package ${packageId} for this traveler.`);
  if (pkg.state === 'queued') throw illegal('package_not_active', 'Usage can only be reported for an activated package.');
  return pkg;
};

/**
 * Sandbox only, for a package measured by duration: moves its validity window back so that `percent` of it has
 * elapsed at `at` (it then reads as activated that much earlier; 100 % ends it now). Never moves it forward: a
 * share already elapsed changes nothing (`changed: false`).
 */
export const elapseDuration = (traveler: Traveler, packageId: string, percent: number, at: Date): UsageChange => {
  const pkg = activatedPackage(traveler, packageId);
  if (pkg.state !== 'active' || !pkg.activated_at || !pkg.expires_at) return { traveler, pkg, changed: false };
  const start = new Date(pkg.activated_at).getTime();
  const end = new Date(pkg.expires_at).getTime();
  const shiftMs = Math.ceil(((end - start) * percent) / 100) - (at.getTime() - start);
  if (shiftMs <= 0) return { traveler, pkg, changed: false };
  const moved = expireIfDue({ ...pkg, activated_at: new Date(start - shiftMs).toISOString(), expires_at: new Date(end - shiftMs).toISOString() }, at);
  return { traveler: replacePackage(traveler, moved), pkg: moved, changed: true };
};

/** Thresholds newly reached by the package's measure at `now`, lowest first. */
export const dueThresholds = (pkg: TravelerPackage, now: Date): Threshold[] => {
  if (pkg.activated_at === null) return [];
  const percent = usageMeasure(pkg) === 'data' ? (pkg.usage_reported_at ? dataPercent(pkg) : 0) : durationPercent(pkg, now);
  return THRESHOLDS.filter((t) => percent >= t && !pkg.thresholds_fired.includes(t));
};

export const markThresholds = (traveler: Traveler, pkg: TravelerPackage, fired: readonly Threshold[]) => {
  const changed = { ...pkg, thresholds_fired: [...pkg.thresholds_fired, ...fired] };
  return { traveler: replacePackage(traveler, changed), pkg: changed };
};

/** active → expired once `expires_at` has passed (the sweeper calls this as time passes). */
export const expireIfDue = (pkg: TravelerPackage, now: Date): TravelerPackage =>
  pkg.state === 'active' && pkg.expires_at !== null && new Date(pkg.expires_at).getTime() <= now.getTime() ? { ...pkg, state: 'expired' } : pkg;

/** The next moment time-driven work is due for a package (threshold or expiry); null when none is left. */
export const nextDueAt = (pkg: TravelerPackage): Date | null => {
  if (pkg.state !== 'active' || !pkg.expires_at) return null;
  if (usageMeasure(pkg) === 'duration') {
    const next = THRESHOLDS.find((t) => !pkg.thresholds_fired.includes(t));
    if (next !== undefined && next < 100) return thresholdTime(pkg, next);
  }
  return new Date(pkg.expires_at);
};
