// use cases → the claim page's ports: what the page may show of a promo code, and the claim itself.
import type { Brand } from '#shared/domain/brand';
import type { BrandDirectory } from '#shared/storage/brand-store';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the public claim page needs of a promo code: no code value, no other partner's data. */
export interface ClaimablePromoCode {
  partnerId: string;
  locale: string | null;
  brandId: string | null;
}

export interface PromoCodeClaimLookup {
  /** Undefined for an unknown uuid (the page then answers 404 like any unknown page). */
  describe(uuid: string): Promise<ClaimablePromoCode | undefined>;
}

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
