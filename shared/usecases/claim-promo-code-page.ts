// use cases → the claim page's ports: what the page may show of a promo code, and the claim itself.
import type { Brand } from '#shared/domain/brand';
import type { BrandDirectory } from '#shared/usecases/ports/partners';
import type { ClaimablePromoCode, PromoCodeClaimLookup } from '#shared/usecases/ports/travelers';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ClaimOutcome = 'sent' | 'not_found' | 'already_claimed' | 'throttled';

/**
 * The claim use case of POST /promo-codes/claim/{uuid} (the catalog's promo-code claim: validates, throttles,
 * delivers the code through the email port). The web form calls it through this port; see
 * shared/web/claim-binding.ts for where it is bound.
 */
export interface ClaimPromoCode {
  claim(input: { uuid: string; email: string; clientAddress: string }): Promise<ClaimOutcome>;
}

export const describeClaimPage = async (
  input: { uuid: string },
  deps: { promoCodes: PromoCodeClaimLookup; brands: Pick<BrandDirectory, 'resolve'> },
): Promise<{ promo: ClaimablePromoCode; brand: Brand | undefined } | undefined> => {
  const promo = await deps.promoCodes.describe(input.uuid);
  if (!promo) return undefined;
  return { promo, brand: await deps.brands.resolve(promo.partnerId, promo.brandId) };
};
