// use cases → what the network and the eSIM platform report about a traveler: eSIM installed / removed,
// package activated, usage. The ingestion endpoint and the sandbox both call these.
import { esimInstalled, esimRemoved, packageActivated, packageUsage } from '#shared/domain/lifecycle-events';
import {
  activatePackage as activate,
  dueThresholds,
  elapseDuration,
  installEsim as install,
  isStale,
  markThresholds,
  recordUsage,
  removeEsim as remove,
  serviceDated,
  thresholdTime,
  usageMeasure,
  type Esim,
  type Traveler,
  type TravelerPackage,
} from '#shared/domain/traveler';
import type { DomainEvent } from '#shared/events/catalog';
import { BadRequestError, ConflictError, type ErrorCode, NotFoundError } from '#shared/errors';
import type { FactContext } from '#shared/usecases/grant-redemption';
import { locateEsim, touched, travelerNotFound } from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import type { LifecycleStores } from '#shared/usecases/ports/lifecycle';

/** Who may reach the traveler: a partner (sandbox, native) only its own; a reporter any partner's. */
export interface Scope {
  partnerId?: string;
}

export interface Locator {
  externalUserId?: string | null;
  iccid?: string | null;
  packageId?: string | null;
  packageQueueUuid?: string | null;
}

const disagree = (path: string) =>
  new BadRequestError('identifiers_disagree', `The identifiers given name different things; ${path} does not belong to the same traveler.`, [
    { path, message: 'Names another traveler or entity.' },
  ]);

/** The 404 code for an identifier that names nothing of this partner. */
const notFoundCodes = {
  external_user_id: 'traveler_not_found',
  iccid: 'iccid_not_found',
  package_id: 'package_not_found',
  package_queue_uuid: 'package_queue_not_found',
} as const satisfies Record<string, ErrorCode>;
/** Finds the traveler by any one identifier; several must agree. Another partner's → 404 like unknown. */
export const locateTraveler = async (deps: Pick<LifecycleStores, 'travelers'>, scope: Scope, locator: Locator): Promise<Traveler> => {
  const found: Array<[keyof typeof notFoundCodes, Traveler | undefined]> = [];
  if (locator.iccid) found.push(['iccid', await deps.travelers.findByIccid(locator.iccid)]);
  if (locator.packageId) found.push(['package_id', await deps.travelers.findByPackageId(locator.packageId)]);
  if ((locator.externalUserId || locator.packageQueueUuid) && !scope.partnerId) {
    throw new BadRequestError('partner_required', 'external_user_id and package_queue_uuid need partner_id.', [
      { path: 'partner_id', message: 'Required.' },
    ]);
  }
  if (locator.externalUserId) {
    found.push(['external_user_id', await deps.travelers.findByExternalUserId(scope.partnerId as string, locator.externalUserId)]);
  }
  if (locator.packageQueueUuid) {
    found.push(['package_queue_uuid', await deps.travelers.findByPackageQueueUuid(scope.partnerId as string, locator.packageQueueUuid)]);
  }
  if (found.length === 0) {
    throw new BadRequestError('traveler_required', 'Name the traveler or entity: external_user_id, iccid or package_id.', [
      { path: 'external_user_id', message: 'Required.' },
    ]);
  }
  const first = found[0]?.[1];
  const visible = (t: Traveler | undefined) => t && (!scope.partnerId || t.partner_id === scope.partnerId);
  for (const [path, traveler] of found) {
    if (!visible(traveler)) throw path === 'external_user_id' ? travelerNotFound() : new NotFoundError(`Unknown ${path}.`, notFoundCodes[path]);
    if (traveler?.user_id !== first?.user_id) throw disagree(path);
  }
  return first as Traveler;
};

export interface FactResult {
  traveler: Traveler;
  /** False when the fact was older than the current state: recorded, nothing changed, nothing fired. */
  applied: boolean;
  events: DomainEvent[];
}

const occurrence = (deps: Pick<LifecycleStores, 'clock'>, fact?: FactContext) => (fact ? new Date(fact.occurredAt) : deps.clock.now());

/** Records a stale fact's id only, so its replay is a duplicate too. */
const recordOnly = async (deps: LifecycleStores, traveler: Traveler, fact?: FactContext): Promise<FactResult> => {
  if (fact) await deps.travelers.commit({ fact });
  return { traveler, applied: false, events: [] };
};

const esimFact =
  (kind: 'install' | 'remove') =>
  (input: Scope & Locator & { fact?: FactContext }, deps: LifecycleStores): Promise<FactResult & { esim: Esim }> =>
    withRetry(async () => {
      const traveler = await locateTraveler(deps, input, input);
      const esim = locateEsim(traveler, input.iccid);
      const at = occurrence(deps, input.fact);
      // A provisioned eSIM's time is the service's own (the redemption); later ones are the facts' own.
      const lastChange = esim.state === 'provisioned' ? serviceDated(esim.state_changed_at) : esim.state_changed_at;
      if (isStale(at, lastChange)) return { ...(await recordOnly(deps, traveler, input.fact)), esim };
      const changed = kind === 'install' ? install(traveler, esim.iccid, at) : remove(traveler, esim.iccid, at);
      const write = touched({ before: traveler, after: changed.traveler }, deps.clock.now());
      const events = [kind === 'install' ? esimInstalled(write.after, changed.esim, at) : esimRemoved(write.after, changed.esim, at)];
      await deps.travelers.commit({ travelers: [write], events, fact: input.fact });
      return { traveler: write.after, applied: true, events, esim: changed.esim };
    });

/**
 * Input: the eSIM (iccid, or the traveler's external_user_id) and the fact. Output: the eSIM after the fact.
 * provisioned | removed → installed. Emits: esim.installed (one per occurrence). Installed again → 409.
 */
export const installEsim = esimFact('install');

/** installed → removed. Emits: esim.removed (one per occurrence). Not installed → 409. */
export const removeEsim = esimFact('remove');

/** The package a locator names: package_id, else the queue uuid, else the traveler's oldest queued package. */
const packageOf = (traveler: Traveler, input: Locator): TravelerPackage => {
  if (input.packageId) return traveler.packages.find((p) => p.package_id === input.packageId) as TravelerPackage;
  if (input.packageQueueUuid) {
    const pkg = traveler.packages.find((p) => p.package_queue_uuid === input.packageQueueUuid);
    if (!pkg) throw new NotFoundError('No package of this traveler comes from that package queue entry.', 'package_not_found');
    return pkg;
  }
  const queued = traveler.packages.find((p) => p.state === 'queued');
  if (!queued) throw new ConflictError('no_queued_package', 'This traveler has no queued package to activate.');
  return queued;
};

/**
 * Input: the package (package_id, package_queue_uuid or the traveler) and when it activated. Output: the package.
 * queued → active; expires_at defaults to activation + the package's duration. Emits: package.activated.
 */
export const activatePackage = (
  input: Scope & Locator & { expiresAt?: string | null; fact?: FactContext },
  deps: LifecycleStores,
): Promise<FactResult & { pkg: TravelerPackage }> =>
  withRetry(async () => {
    const traveler = await locateTraveler(deps, input, input);
    const pkg = packageOf(traveler, input);
    if (input.packageQueueUuid && pkg.package_queue_uuid !== input.packageQueueUuid) throw disagree('package_queue_uuid');
    const at = occurrence(deps, input.fact);
    // Older than the state it would change: before the package existed (the service's time, with the clock skew), or
    // not after the activation it already has. Recorded; nothing changes (the ordering rule).
    const stale =
      pkg.state === 'queued' ? isStale(at, serviceDated(pkg.created_at)) : isStale(at, pkg.activated_at) || at.toISOString() === pkg.activated_at;
    if (stale) return { ...(await recordOnly(deps, traveler, input.fact)), pkg };
    const changed = activate(traveler, pkg.package_id, at, input.expiresAt ? new Date(input.expiresAt) : undefined);
    const write = touched({ before: traveler, after: changed.traveler }, deps.clock.now());
    const events = [packageActivated(write.after, changed.pkg, at)];
    await deps.travelers.commit({ travelers: [write], events, fact: input.fact });
    return { traveler: write.after, applied: true, events, pkg: changed.pkg };
  });

/**
 * Input: the package and either the bytes used so far or (sandbox) a percent of its size. Output: the package.
 * Usage only grows; an older or smaller report changes nothing. Data-measured packages fire each of
 * package.usage.50/80/100_percent once, all that a report crosses; at 100 % the package is depleted.
 */
export const reportUsage = (
  input: Scope & { packageId: string; usedBytes?: number; percent?: number; fact?: FactContext },
  deps: LifecycleStores,
): Promise<FactResult & { pkg: TravelerPackage }> =>
  withRetry(async () => {
    const traveler = await locateTraveler(deps, input, { packageId: input.packageId });
    const current = traveler.packages.find((p) => p.package_id === input.packageId) as TravelerPackage;
    // Rounded up, so that `percent` 80 of any size reaches the 80 % threshold.
    const usedBytes = input.usedBytes ?? Math.ceil(((current.size_bytes ?? 0) * (input.percent ?? 0)) / 100);
    const at = occurrence(deps, input.fact);
    // The sandbox's `percent` of a package measured by duration is that share of its duration elapsing.
    const elapses = input.percent !== undefined && usageMeasure(current) === 'duration';
    const usage = elapses ? elapseDuration(traveler, input.packageId, input.percent ?? 0, at) : recordUsage(traveler, input.packageId, usedBytes, at);
    if (!usage.changed) return { ...(await recordOnly(deps, traveler, input.fact)), pkg: usage.pkg };
    const thresholds = elapses || usageMeasure(usage.pkg) === 'data' ? dueThresholds(usage.pkg, at) : [];
    const marked = markThresholds(usage.traveler, usage.pkg, thresholds);
    const write = touched({ before: traveler, after: marked.traveler }, deps.clock.now());
    // A share of the duration elapsing passes each threshold at its own moment of the moved window, as the sweeper
    // stamps them: "50 %" says half the days elapsed even when the sandbox jumps to 80 %.
    const events = thresholds.map((t) => packageUsage(write.after, marked.pkg, t, elapses ? thresholdTime(marked.pkg, t) : at));
    await deps.travelers.commit({ travelers: [write], events, fact: input.fact });
    return { traveler: write.after, applied: true, events, pkg: marked.pkg };
  });
