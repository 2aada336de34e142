// use cases → what the payment provider reports: a purchase or a top-up paid by a traveler.
import { isPaymentCurrency } from '#shared/domain/currency';
import { defaultDurationDays } from '#shared/domain/package-specification';
import { packagePurchased, topupCompleted, type Payment } from '#shared/domain/lifecycle-events';
import { assertRoomForPackage, type Esim, type Traveler, type TravelerPackage, universalEsim } from '#shared/domain/traveler';
import type { DomainEvent } from '#shared/events/catalog';
import { BadRequestError, NotFoundError } from '#shared/errors';
import type { FactContext } from '#shared/usecases/grant-redemption';
import { addPackage, ensureTraveler, ensureUniversalEsim, locateEsim, packagePlanOf, touched, travelerOrderName } from '#shared/usecases/travelers';
import { withRetry } from '#shared/usecases/retry';
import { type LifecycleDeps, PaymentAlreadyRecordedError, QueueUuidTakenError } from '#shared/usecases/ports/lifecycle';

/** What a purchase or top-up provisions unless the payment says otherwise (docs/lifecycle.md). */
export const PAID_PACKAGE_DEFAULTS = { size: '1GB', package_duration: defaultDurationDays['data-limited'] as number } as const;

export interface PaymentInput {
  partnerId: string;
  externalUserId: string;
  paymentId: string;
  amount: number;
  currency: string;
  destination?: string | null;
  size?: string | null;
  durationDays?: number | null;
  fact?: FactContext;
}

export interface PaymentResult {
  traveler: Traveler;
  pkg: TravelerPackage;
  applied: boolean;
  events: DomainEvent[];
}

/** Amount in the smallest currency unit, a positive integer; currency on the maintained ISO 4217 list. */
export const checkPayment = (input: Pick<PaymentInput, 'amount' | 'currency'>): Payment['currency'] => {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new BadRequestError('invalid_amount', 'amount must be a positive integer in the smallest currency unit (e.g. 499 for 4.99).', [
      { path: 'amount', message: 'Positive integer required.' },
    ]);
  }
  const currency = input.currency.toUpperCase();
  if (!isPaymentCurrency(currency)) {
    throw new BadRequestError('invalid_currency', `currency "${input.currency}" is not the ISO 4217 code of a currency payments are made in.`, [
      { path: 'currency', message: 'ISO 4217 code of a currency, e.g. EUR.' },
    ]);
  }
  return currency;
};

/**
 * Where a top-up adds data on an eSIM: the newest package on it still in use (queued or active), else its newest
 * package. Packages are appended as they are added, so the last one found is the newest.
 */
const newestDestinationOn = (traveler: Traveler, iccid: string): string | null => {
  const onEsim = traveler.packages.filter((pkg) => pkg.iccid === iccid && pkg.destination !== null);
  const inUse = onEsim.filter((pkg) => pkg.state === 'queued' || pkg.state === 'active');
  return (inUse.at(-1) ?? onEsim.at(-1))?.destination ?? null;
};

/**
 * A web app purchase's package_queue_uuid is the new one its checkout made: partners join package.purchased to
 * package.activated by it (spec), so it must name no package yet, nor a grant booked for this traveler.
 */
const assertQueueUuidFree = async (
  deps: LifecycleDeps,
  input: { partnerId: string; externalUserId: string; paymentId: string },
  queueUuid: string,
) => {
  const [holder, grants] = await Promise.all([
    deps.travelers.findByPackageQueueUuid(input.partnerId, queueUuid),
    deps.travelers.queueRefs(input.partnerId, input.externalUserId),
  ]);
  const holding = holder?.packages.find((pkg) => pkg.package_queue_uuid === queueUuid);
  // The same checkout's payment reported for another traveler: the payment is what is taken, and says so.
  if (holding?.payment_id === input.paymentId) throw new PaymentAlreadyRecordedError();
  if (holding || grants.some((ref) => ref.queueUuid === queueUuid)) throw new QueueUuidTakenError();
};

const pay =
  (kind: 'purchase' | 'topup') =>
  (input: PaymentInput & { iccid?: string | null; packageQueueUuid?: string | null }, deps: LifecycleDeps): Promise<PaymentResult> =>
    withRetry(async () => {
      const currency = checkPayment(input);
      const now = deps.clock.now();
      const at = input.fact ? new Date(input.fact.occurredAt) : now;
      const write = await ensureTraveler(deps, input.partnerId, { externalUserId: input.externalUserId });
      const paid = write.after.packages.find((p) => p.payment_id === input.paymentId);
      if (paid) {
        // The same payment reported again under another fact id: one payment provisions one package.
        if (input.fact) await deps.travelers.commit({ fact: input.fact });
        return { traveler: write.after, pkg: paid, applied: false, events: [] };
      }
      assertRoomForPackage(write.after);
      if (input.packageQueueUuid) await assertQueueUuidFree(deps, input, input.packageQueueUuid);
      let esim: Esim;
      let traveler = write.after;
      let withEsim = false;
      const orderReference = `payment:${input.paymentId}`;
      // Top-ups are always data-limited (spec, Package types); purchases too unless stated.
      const specOn = (destination: string | null) => ({
        package_type: 'data-limited' as const,
        size: input.size ?? PAID_PACKAGE_DEFAULTS.size,
        package_duration: input.durationDays ?? PAID_PACKAGE_DEFAULTS.package_duration,
        destination,
      });
      if (input.iccid) {
        const found = traveler.esims.find((e) => e.iccid === input.iccid);
        if (!found) throw new NotFoundError(`No eSIM ${input.iccid} for this traveler.`, 'esim_not_found');
        esim = found;
      } else if (kind === 'topup' && !input.destination) {
        // A top-up naming no place adds data to an eSIM the traveler has: none is 409 no_esim, not a new eSIM without
        // a destination.
        esim = locateEsim(traveler, null);
      } else {
        // Data for a named place goes where it works there: the universal eSIM, else (a top-up) the classic eSIM of
        // that country, else a new universal eSIM; never a classic eSIM of another country. A top-up for a traveler
        // with no eSIM at all is 409 no_esim (a first purchase is package.purchased, not a top-up).
        if (kind === 'topup' && traveler.esims.length === 0) locateEsim(traveler, null);
        const classic =
          kind === 'topup' && !universalEsim(traveler)
            ? traveler.esims.find((e) => e.kind === 'classic' && e.destination === input.destination)
            : undefined;
        if (classic) esim = classic;
        else {
          const firstPackage = packagePlanOf(specOn(input.destination ?? null));
          const orderedFor = travelerOrderName({ externalUserId: input.externalUserId });
          ({ traveler, esim, withEsim } = await ensureUniversalEsim(
            deps,
            traveler,
            { bookingId: null, orderReference, firstPackage, orderedFor },
            now,
          ));
        }
      }
      // A top-up without one adds data where the eSIM already works: its classic destination, else its newest package's.
      const destination = input.destination ?? esim.destination ?? newestDestinationOn(traveler, esim.iccid);
      const added = await addPackage(
        deps,
        traveler,
        esim,
        {
          spec: specOn(destination),
          orderReference,
          withEsim,
          source: kind,
          booking: null,
          entry: null,
          promoCodeId: null,
          queueUuid: input.packageQueueUuid ?? null,
          paymentId: input.paymentId,
        },
        now,
      );
      const payment = { payment_id: input.paymentId, amount: input.amount, currency };
      const first = kind === 'purchase' && added.pkg.destination !== null && !traveler.purchased_destinations.includes(added.pkg.destination);
      // Only a purchase counts for "first purchase for a destination": a top-up before it leaves it first.
      const purchased =
        kind === 'purchase' && added.pkg.destination && !traveler.purchased_destinations.includes(added.pkg.destination)
          ? [...traveler.purchased_destinations, added.pkg.destination]
          : traveler.purchased_destinations;
      const after = touched({ before: write.before, after: { ...added.traveler, purchased_destinations: purchased } }, now);
      const events = [
        first
          ? packagePurchased(after.after, added.pkg, payment, at, input.packageQueueUuid ?? null)
          : topupCompleted(after.after, added.pkg, payment, at),
      ];
      await deps.travelers.commit({ travelers: [after], events, fact: input.fact });
      return { traveler: after.after, pkg: added.pkg, applied: true, events };
    });

/**
 * Input: the traveler, destination, payment and (web app) the package_queue_uuid. Output: the new package.
 * Provisions a data-limited package on the universal eSIM. Emits: package.purchased for the traveler's first
 * purchase for the destination (#25), topup.completed for later ones.
 */
export const recordPurchase = pay('purchase');

/** Input: the traveler, payment, optional destination and eSIM. Provisions a data-limited package. Emits: topup.completed. */
export const recordTopup = pay('topup');
