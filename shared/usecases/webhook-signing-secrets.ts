// use case → the secrets that sign a partner's deliveries right now, decrypted through the cipher port.
import type { PartnerProfile } from '#shared/domain/partner';
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
