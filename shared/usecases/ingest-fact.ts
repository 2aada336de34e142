// use case → a reporter states a traveler-side fact; it reaches the same use cases as the sandbox, once.
import type { InferOutput } from 'valibot';
import type { IngestResultSchema } from '#shared/domain/traveler-response-schemas';
import type { Fact } from '#shared/domain/lifecycle-schemas';
import { reporterFacts } from '#shared/domain/lifecycle-schemas';
import { AppError, NotFoundError, ValidationError } from '#shared/errors';
import { recordPurchase, recordTopup } from '#shared/usecases/payments';
import type { FactContext } from '#shared/usecases/grant-redemption';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { activatePackage, installEsim, removeEsim, reportUsage } from '#shared/usecases/traveler-facts';
import { DuplicateFactError, type LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import { REPORTER_CLOCK_SKEW_MS } from '#shared/domain/traveler';

/**
 * A fact from the future would make every true fact after it look stale for good (decision F150), and an
 * activation cannot expire before it happened: both are 400.
 */
const assertPlausibleTimes = (fact: Fact, now: Date) => {
  const occurred = Date.parse(fact.occurred_at);
  if (occurred > now.getTime() + REPORTER_CLOCK_SKEW_MS) {
    throw new ValidationError('occurred_at is in the future: report facts when they happen, with the current time.', [
      { path: 'occurred_at', message: 'Must not be more than 5 minutes after the current time.' },
    ]);
  }
  if (fact.type === 'package.activated' && fact.expires_at && Date.parse(fact.expires_at) <= occurred) {
    throw new ValidationError('expires_at must be after occurred_at, the activation.', [
      { path: 'expires_at', message: 'Must be after occurred_at.' },
    ]);
  }
};

/** What POST /ingest/facts answers: `duplicate` (seen before, nothing changed), `applied` (moved state), `events` fired. */
export type IngestResult = InferOutput<typeof IngestResultSchema>;

const apply = async (fact: Fact, context: FactContext, deps: LifecycleDeps): Promise<{ applied: boolean; events: string[] }> => {
  const names = (result: { events: Array<{ event: string }> }) => result.events.map((e) => e.event);
  switch (fact.type) {
    case 'esim.installed':
    case 'esim.removed': {
      const play = fact.type === 'esim.installed' ? installEsim : removeEsim;
      const result = await play({ iccid: fact.iccid, fact: context }, deps);
      return { applied: result.applied, events: names(result) };
    }
    case 'package.activated': {
      const result = await activatePackage({ packageId: fact.package_id, expiresAt: fact.expires_at, fact: context }, deps);
      return { applied: result.applied, events: names(result) };
    }
    case 'package.usage': {
      const result = await reportUsage({ packageId: fact.package_id, usedBytes: fact.used_bytes, fact: context }, deps);
      return { applied: result.applied, events: names(result) };
    }
    case 'promo_code.redeemed': {
      await redeemPromoCode(
        { partnerId: fact.partner_id, uuid: fact.promo_code_id, code: fact.code, externalUserId: fact.external_user_id, fact: context },
        deps,
      );
      return { applied: true, events: ['promo_code.redeemed'] };
    }
    case 'payment.purchase':
    case 'payment.topup': {
      const record = fact.type === 'payment.purchase' ? recordPurchase : recordTopup;
      const result = await record(
        {
          partnerId: fact.partner_id,
          externalUserId: fact.external_user_id,
          paymentId: fact.payment_id,
          amount: fact.amount,
          currency: fact.currency,
          destination: fact.destination,
          size: fact.size,
          iccid: 'iccid' in fact ? fact.iccid : undefined,
          packageQueueUuid: 'package_queue_uuid' in fact ? fact.package_queue_uuid : undefined,
          fact: context,
        },
        deps,
      );
      return { applied: result.applied, events: names(result) };
    }
  }
};

/**
 * Input: the reporter and its validated fact. Output: whether it applied and which events it fired.
 * Steps: refuse facts this reporter may not state (403); answer a known event_id as a duplicate without
 * touching anything; otherwise apply it with the fact id recorded in the same transaction, so a concurrent
 * duplicate also changes nothing. Facts older than the current state are recorded and change nothing.
 */
export const ingestFact = async (input: { reporter: string; fact: Fact }, deps: LifecycleDeps): Promise<IngestResult> => {
  const { reporter, fact } = input;
  if (!reporterFacts[reporter]?.includes(fact.type)) {
    throw new AppError(403, 'fact_not_allowed', `Reporter "${reporter}" may not report ${fact.type}.`);
  }
  assertPlausibleTimes(fact, deps.clock.now());
  // A fact seen before is answered as such first, also when its partner was disabled since: the reporter whose first
  // answer was lost learns it was recorded.
  const duplicate = { event_id: fact.event_id, duplicate: true, applied: false, events: [] };
  if (await deps.travelers.factRecorded(reporter, fact.event_id)) return duplicate;
  if ('partner_id' in fact && (await deps.partners.getProfile(fact.partner_id))?.status !== 'active') {
    // Nothing is ordered from a provider or stored for a partner the service does not serve (decision F150).
    throw new NotFoundError(`No active partner "${fact.partner_id.slice(0, 64)}".`, 'partner_not_found');
  }
  const context: FactContext = { reporter, eventId: fact.event_id, occurredAt: new Date(fact.occurred_at).toISOString() };
  try {
    const result = await apply(fact, context, deps);
    return { event_id: fact.event_id, duplicate: false, ...result };
  } catch (error) {
    if (error instanceof DuplicateFactError) return duplicate;
    throw error;
  }
};
