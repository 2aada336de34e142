// webhooks → the headers of one signed delivery (queued events and test deliveries alike), and what its log keeps of the answer.
import type { PartnerProfile } from '#shared/domain/partner';
import { isDeliveryOwnHeader, signatureHeaderValue, webhookHeaders } from '#shared/webhooks/signing';

/** Event and delivery ids, the partner's auth header, and signature and timestamp when a secret is set. */
export const signedDeliveryHeaders = (input: {
  profile: PartnerProfile;
  secrets: string[];
  eventId: string;
  deliveryId: string;
  body: string;
  now: Date;
}): Record<string, string> => {
  const { profile, secrets, body } = input;
  const signedAt = Math.floor(input.now.getTime() / 1000);
  return {
    [webhookHeaders.eventId]: input.eventId,
    [webhookHeaders.deliveryId]: input.deliveryId,
    // A name stored before such names were refused never replaces the delivery's own headers.
    ...(isDeliveryOwnHeader(profile.webhook.auth_header_name)
      ? {}
      : { [profile.webhook.auth_header_name]: `${profile.webhook.auth_header_prefix}${profile.api_key}` }),
    ...(secrets.length > 0
      ? {
          [webhookHeaders.timestamp]: String(signedAt),
          [webhookHeaders.signature]: signatureHeaderValue({ secrets, timestamp: signedAt, body }),
        }
      : {}),
  };
};

// Credentials a receiver may echo back: our secret formats, bearer tokens and basic credentials.
const credentialPatterns = [/\b(?:whsec|sk|pk)_[A-Za-z0-9_-]{8,}/g, /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi];

/**
 * The part of a receiver's answer the delivery log keeps: at most `maxBytes` of it as text, with every value in
 * `secrets` (API key, signing secrets) and anything shaped like a credential replaced by `[redacted]`.
 */
export const scrubbedExcerpt = (answer: string | undefined, secrets: readonly string[], maxBytes: number): string | null => {
  if (answer === undefined) return null;
  // Scrubbed whole, then cut: cut first, a secret across the cut would keep the part before it.
  let text = answer;
  // Each secret whole, then its random part after our prefix (`whsec_`, `pk_`): a receiver may echo either.
  for (const secret of secrets) {
    for (const part of [secret, secret.slice(secret.indexOf('_') + 1)]) if (part.length >= 8) text = text.split(part).join('[redacted]');
  }
  for (const pattern of credentialPatterns)
    text = text.replace(pattern, (_match, scheme?: string) =>
      typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme) ? `${scheme} [redacted]` : '[redacted]',
    );
  return Buffer.from(text, 'utf8')
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
};
