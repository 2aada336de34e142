// web → where the claim form finds the promo-code claim use case.
// BIND HERE: the catalog's claim use case (POST /promo-codes/claim/{uuid}: validation, throttling per code and per
// client address, email port). Until it is bound, the form answers 503 "claiming is not available yet".
import type { ClaimPromoCode } from '#shared/usecases/claim-promo-code-page';

export const claimPromoCode: ClaimPromoCode | undefined = undefined;
