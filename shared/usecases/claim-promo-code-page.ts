// use cases → the claim page's ports: what the page may show of a promo code, and the claim itself.
import type { Brand } from '#shared/domain/brand';
import type { Clock } from '#shared/usecases/ports/services';
import type { BrandDirectory } from '#shared/usecases/ports/partners';
import type { ClaimablePromoCode, PromoCodeClaimLookup, TokenSigner } from '#shared/usecases/ports/travelers';

export type ClaimOutcome = 'sent' | 'not_found' | 'already_claimed' | 'already_redeemed' | 'throttled';

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
  // UUIDs read case-insensitively (RFC 9562); codes are stored in lower case.
  const promo = await deps.promoCodes.describe(input.uuid.toLowerCase());
  // A code without a claim URL is not claimable: the page answers as for an unknown code, as the API does.
  if (!promo?.claimable) return undefined;
  return { promo, brand: await deps.brands.resolve(promo.partnerId, promo.brandId) };
};

/** Long enough to fill in the form at leisure. */
export const CLAIM_FORM_TTL_SECONDS = 2 * 60 * 60;

const VISIT_NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const FORM_TOKEN_PATTERN = /^(\d{10})\.([A-Za-z0-9_-]{20,100})$/;

export const isVisitNonce = (value: string | undefined): value is string => value !== undefined && VISIT_NONCE_PATTERN.test(value);

// The redirect-token key signs these too: the `claim-form.` prefix keeps the two kinds of message apart
// (redirect tokens start with `v1.`), so neither can stand in for the other.
const formMessage = (uuid: string, nonce: string, expiresEpoch: string) => `claim-form.v1.${uuid.toLowerCase()}.${nonce}.${expiresEpoch}`;

/**
 * The claim form's CSRF token: its expiry and an HMAC, with the server's token key, of the visit's nonce (kept in
 * the cookie), the promo code and that expiry. A cookie and field an attacker makes up together do not pass,
 * nor does one form's token on another code.
 */
export const issueClaimFormToken = async (input: { uuid: string; nonce: string }, deps: { signer: TokenSigner; clock: Clock }): Promise<string> => {
  const expiresEpoch = String(Math.floor(deps.clock.now().getTime() / 1000) + CLAIM_FORM_TTL_SECONDS);
  return `${expiresEpoch}.${await deps.signer.sign(formMessage(input.uuid, input.nonce, expiresEpoch))}`;
};

export const isClaimFormTokenValid = async (
  input: { uuid: string; nonce: string | undefined; token: string | undefined },
  deps: { signer: TokenSigner; clock: Clock },
): Promise<boolean> => {
  const [, expiresEpoch, signature] = FORM_TOKEN_PATTERN.exec(input.token ?? '') ?? [];
  if (!isVisitNonce(input.nonce) || !expiresEpoch || !signature) return false;
  if (Number(expiresEpoch) * 1000 <= deps.clock.now().getTime()) return false;
  return deps.signer.verify(formMessage(input.uuid, input.nonce, expiresEpoch), signature);
};
