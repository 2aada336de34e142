// use case → the sandbox: plays one traveler-side step for a partner's own traveler through the same use
// cases the reporters' facts reach. Results use snake_case keys, as `npm run ops -- simulate --json` prints them.
import type { InferOutput as Out } from 'valibot';
import type { sandboxResponseSchemas } from '#shared/domain/traveler-response-schemas';
import { randomUUID } from 'node:crypto';
import type * as v from 'valibot';
import type { SandboxStep, sandboxSchemas } from '#shared/domain/lifecycle-schemas';
import { BadRequestError, NotFoundError } from '#shared/errors';
import { claimClassicGrant } from '#shared/usecases/classic-grants';
import { recordPurchase, recordTopup } from '#shared/usecases/payments';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { installEsim as installTransition, removeEsim as removeTransition } from '#shared/domain/traveler';
import { activatePackage, installEsim, locateTraveler, removeEsim, reportUsage } from '#shared/usecases/traveler-facts';
import { locateEsim } from '#shared/usecases/travelers';
import type { LifecycleDeps, SimulatedDevice } from '#shared/usecases/ports/lifecycle';

type Body<S extends SandboxStep> = v.InferOutput<(typeof sandboxSchemas)[S]>;

/** The lifecycle, and where the provider can play the device (locally, the SM-DP+ simulator), that device. */
export type SandboxDeps = LifecycleDeps & { device?: SimulatedDevice };

/** Stages where the sandbox exists; production answers its routes like unknown ones (defense in depth). */
export const sandboxAvailable = (stage: string): boolean => stage !== 'production';

export const sandboxRouteNotFound = () => new NotFoundError('Route not found', 'route_not_found');

/** Two flags that name the same thing must agree (uuid and promo_code_id). */
const same = (a: string | undefined, b: string | undefined, path: string): string | undefined => {
  if (a && b && a !== b) {
    throw new BadRequestError('identifiers_disagree', `uuid and ${path} name different promo codes.`, [{ path, message: 'Must equal uuid.' }]);
  }
  return a ?? b;
};

/** Charges through the payment port, then records the payment as the payment provider would report it. */
const pay = async (
  record: typeof recordPurchase,
  partnerId: string,
  body: { external_user_id: string; amount: number; currency: string; destination?: string; iccid?: string; packageQueueUuid?: string },
  deps: LifecycleDeps,
) => {
  const paymentId = (await deps.payments.charge({ idempotencyKey: randomUUID(), amount: body.amount, currency: body.currency })).paymentId;
  const result = await record(
    {
      partnerId,
      externalUserId: body.external_user_id,
      paymentId,
      amount: body.amount,
      currency: body.currency,
      destination: body.destination,
      iccid: body.iccid,
      packageQueueUuid: body.packageQueueUuid,
    },
    deps,
  );
  return { paymentId, result };
};

/** What the device does to the eSIM, the state it leaves, and the transition whose refusals the step gives. */
const deviceActions = {
  install: { state: 'installed', transition: installTransition },
  remove: { state: 'removed', transition: removeTransition },
} as const;

/**
 * An install or a removal as production sees it (issue 16): the provider's device installs or deletes the profile,
 * and the provider's notification changes the eSIM. The refusals are the step's own (404, 409), checked first;
 * undefined when the provider did not issue this profile, and the step then changes the eSIM directly.
 */
const onDevice = async (
  action: keyof typeof deviceActions,
  partnerId: string,
  body: Body<'install-esim' | 'remove-esim'>,
  device: SimulatedDevice,
  deps: LifecycleDeps,
) => {
  const { state, transition } = deviceActions[action];
  const traveler = await locateTraveler(deps, { partnerId }, { externalUserId: body.external_user_id, iccid: body.iccid });
  const { iccid } = locateEsim(traveler, body.iccid);
  const at = deps.clock.now();
  const changed = transition(traveler, iccid, at);
  const outcome = await device[action]({ iccid, at });
  if (outcome === 'not_issued') return undefined;
  // Another call is changing the profile at this moment: refused as the direct step refuses a second change (409).
  if (outcome === 'refused') transition(changed.traveler, iccid, at);
  const now = await deps.travelers.get(partnerId, traveler.user_id);
  const after = now?.esims.find((esim) => esim.iccid === iccid);
  // Changed at another moment: another call won the race, and this one is refused (409) as a direct one is.
  if (now && after?.state === state && after.state_changed_at !== at.toISOString()) transition(now, iccid, at);
  return { iccid, state: after?.state ?? 'provisioned' };
};

const steps: {
  [S in SandboxStep]: (partnerId: string, body: Body<S>, deps: SandboxDeps) => Promise<Out<(typeof sandboxResponseSchemas)[S]>>;
} = {
  async 'redeem-promo-code'(partnerId, body, deps) {
    const uuid = same(body.uuid, body.promo_code_id, 'promo_code_id');
    const redemption = await redeemPromoCode({ partnerId, uuid, code: body.code, externalUserId: body.external_user_id }, deps);
    return {
      redeemed_by: redemption.redeemedBy,
      promo_code_id: redemption.promo.uuid,
      package_id: redemption.pkg.package_id,
      package_queue_uuid: redemption.pkg.package_queue_uuid,
      iccid: redemption.pkg.iccid,
    };
  },
  async 'install-esim'(partnerId, body, deps) {
    const played = deps.device && (await onDevice('install', partnerId, body, deps.device, deps));
    if (played) return played;
    const result = await installEsim({ partnerId, externalUserId: body.external_user_id, iccid: body.iccid }, deps);
    return { iccid: result.esim.iccid, state: result.esim.state };
  },
  async 'remove-esim'(partnerId, body, deps) {
    const played = deps.device && (await onDevice('remove', partnerId, body, deps.device, deps));
    if (played) return played;
    const result = await removeEsim({ partnerId, externalUserId: body.external_user_id, iccid: body.iccid }, deps);
    return { iccid: result.esim.iccid, state: result.esim.state };
  },
  async 'activate-package'(partnerId, body, deps) {
    const result = await activatePackage(
      { partnerId, externalUserId: body.external_user_id, packageId: body.package_id, packageQueueUuid: body.package_queue_uuid },
      deps,
    );
    return { package_id: result.pkg.package_id, iccid: result.pkg.iccid, activated_at: result.pkg.activated_at, expires_at: result.pkg.expires_at };
  },
  async 'report-usage'(partnerId, body, deps) {
    const result = await reportUsage({ partnerId, packageId: body.package_id, percent: body.percent }, deps);
    return {
      package_id: result.pkg.package_id,
      used_bytes: result.pkg.used_bytes,
      state: result.pkg.state,
      events: result.events.map((e) => e.event),
    };
  },
  async purchase(partnerId, body, deps) {
    const { paymentId, result } = await pay(recordPurchase, partnerId, { ...body, packageQueueUuid: body.package_queue_uuid }, deps);
    return { payment_id: paymentId, iccid: result.pkg.iccid, package_id: result.pkg.package_id, event: result.events[0]?.event ?? null };
  },
  async topup(partnerId, body, deps) {
    const { paymentId, result } = await pay(recordTopup, partnerId, body, deps);
    return { payment_id: paymentId, iccid: result.pkg.iccid, package_id: result.pkg.package_id };
  },
  async 'claim-classic'(partnerId, body, deps) {
    const claim = await claimClassicGrant({ partnerId, externalUserId: body.external_user_id, queueId: body.queue_id }, deps);
    return { iccid: claim.iccid, is_top_up: claim.is_top_up, queue_id: claim.queue_id, user_id: claim.user_id };
  },
};

/**
 * Input: the step, its validated body and the signed-in partner. Output: the step's result object.
 * Only the partner's own travelers and entities are reachable (another partner's → 404).
 */
export const playSandboxStep = <S extends SandboxStep>(step: S, partnerId: string, body: Body<S>, deps: SandboxDeps) =>
  steps[step](partnerId, body, deps);
