// POST /app/claim/{uuid} → the claim form's submission, bound to the promo-code claim use case (shared/web/claim-binding.ts).
import { claimPromoCode } from '#shared/web/claim-binding';
import { claimFormHandler } from '#shared/web/claim-form';

export const handler = claimFormHandler(claimPromoCode);
