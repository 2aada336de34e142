// web → the claim form bound to the promo-code claim use case of POST /promo-codes/claim/{uuid}: the same
// validation, throttling per code and per client address, and email request; its refusals become page outcomes.
import { promoCodeClaimDependencies } from '#shared/composition/promo-codes';
import { ConflictError, NotFoundError, TooManyRequestsError } from '#shared/errors';
import { hashedClientAddress } from '#shared/http/request';
import type { ClaimOutcome, ClaimPromoCode } from '#shared/usecases/claim-promo-code-page';
import { claimPromoCode as claimByEmail } from '#shared/usecases/promo-codes';

/** What the page says for each refusal of the claim use case; anything else is a failure of ours (500). */
export const claimOutcomeOf = (error: unknown): ClaimOutcome => {
  if (error instanceof NotFoundError) return 'not_found';
  if (error instanceof TooManyRequestsError) return 'throttled';
  if (error instanceof ConflictError) return error.code === 'promo_code_already_redeemed' ? 'already_redeemed' : 'already_claimed';
  throw error;
};

export const claimPromoCode: ClaimPromoCode = {
  async claim({ uuid, email, clientAddress }) {
    try {
      await claimByEmail({ uuid, email, clientAddress: hashedClientAddress(clientAddress) }, promoCodeClaimDependencies);
      return 'sent';
    } catch (error) {
      return claimOutcomeOf(error);
    }
  },
};
