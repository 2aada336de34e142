// webhooks → the headers of one signed delivery (queued events and test deliveries alike) and the secrets that sign it.
import type { PartnerProfile } from '#shared/domain/partner';
import { isDeliveryOwnHeader, signatureHeaderValue, webhookHeaders } from '#shared/webhooks/signing';
import type { SecretCipher } from '#shared/usecases/ports/partners';

/** The current signing secret, and the previous one while its rotation overlap lasts (both sign, spec: several values). */
export const signingSecrets = async (profile: PartnerProfile, cipher: SecretCipher, now: Date): Promise<string[]> => {
  const context = { partner_id: profile.partner_id, purpose: 'webhook_signing' };
  const { signing_secret_ciphertext: current, previous_signing_secret_ciphertext: previous } = profile.webhook;
  if (!current) return [];
  const secrets = [await cipher.decrypt(current, context)];
  const overlapUntil = profile.webhook.previous_secret_expires_at;
  if (previous && overlapUntil && Date.parse(overlapUntil) > now.getTime()) secrets.push(await cipher.decrypt(previous, context));
  return secrets;
};

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
    ...(isDeliveryOwnHeader(profile.webhook.auth_header_name) ? {} : { [profile.webhook.auth_header_name]: `${profile.webhook.auth_header_prefix}${profile.api_key}` }),
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
  let text = Buffer.from(answer, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD+$/, '');
  for (const secret of secrets) if (secret.length >= 8) text = text.split(secret).join('[redacted]');
  for (const pattern of credentialPatterns) text = text.replace(pattern, (match, scheme?: string) => (typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme) ? `${scheme} [redacted]` : '[redacted]'));
  return text;
};
