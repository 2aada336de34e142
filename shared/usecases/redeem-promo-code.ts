// use case → a traveler (or a reporter, for the traveler) redeems a promo code, by uuid or by code.
import { BadRequestError, NotFoundError } from '#shared/errors';
import { consumeGrantFor, type FactContext, type Redemption } from '#shared/usecases/grant-redemption';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import { withRetry } from '#shared/usecases/retry';

/** Promo code by uuid (= promo_code_id) or by its code; when both are given they must name the same code. */
export const resolvePromoCodeUuid = async (
  deps: Pick<LifecycleDeps, 'travelers'>,
  partnerId: string,
  input: { uuid?: string; code?: string },
): Promise<string> => {
  const byCode = input.code ? await deps.travelers.findPromoCodeUuid(partnerId, input.code.toUpperCase()) : undefined;
  if (input.code && !byCode) throw new NotFoundError(`No promo code "${input.code}".`, 'promo_code_not_found');
  if (input.uuid && byCode && input.uuid !== byCode) {
    throw new BadRequestError('identifiers_disagree', 'The promo code uuid and code name different promo codes.', [
      { path: 'code', message: 'Names another promo code than uuid.' },
    ]);
  }
  const uuid = input.uuid ?? byCode;
  if (!uuid) throw new BadRequestError('promo_code_required', 'Name the promo code by uuid or code.', [{ path: 'uuid', message: 'Required.' }]);
  return uuid;
};

/**
 * Input: partner, the promo code (uuid or code) and optionally who redeems it. Output: the redemption.
 * Steps: find the booking through the code's look-up; check the code is unredeemed and its entry pending;
 * find or create the traveler (the entry's traveler when none is named); provision the package on the
 * traveler's universal eSIM; write booking, traveler and event in one transaction.
 * Emits: promo_code.redeemed. A second redemption → 409 promo_code_already_redeemed.
 */
export const redeemPromoCode = (
  input: { partnerId: string; uuid?: string; code?: string; externalUserId?: string | null; fact?: FactContext },
  deps: LifecycleDeps,
): Promise<Redemption> =>
  withRetry(async () => {
    const uuid = await resolvePromoCodeUuid(deps, input.partnerId, input);
    const booking = await deps.bookings.findByPromoCode(input.partnerId, uuid);
    const promo = booking?.promo_codes.find((p) => p.uuid === uuid);
    if (!booking || !promo) throw new NotFoundError(`No promo code "${uuid}".`, 'promo_code_not_found');
    const entry = booking.package_queues.find((q) => q.uuid === promo.package_queue_uuid) ?? null;
    const identity = input.externalUserId
      ? { externalUserId: input.externalUserId }
      : { externalUserId: entry?.external_user_id ?? null, email: entry?.email ?? null };
    return consumeGrantFor(deps, { booking, promo, entry, addressed: 'promo_code', identity, fact: input.fact });
  });
