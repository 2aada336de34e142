// storage adapter → a partner's standing for the portal: active, and with which credentials, read fresh each time.
import { createHash } from 'node:crypto';
import type { CredentialStore, PartnerProfiles } from '#shared/usecases/ports/partners';
import type { PartnerStanding } from '#shared/usecases/ports/webhooks';

export const partnerStanding = (profiles: Pick<PartnerProfiles, 'getProfile'>, credentials: CredentialStore): PartnerStanding => ({
  async credentialsFingerprint(partnerId) {
    const profile = await profiles.getProfile(partnerId);
    if (profile?.status !== 'active') return undefined;
    const current = await credentials.findByApiKey(profile.api_key);
    if (current?.status !== 'active' || current.partnerId !== partnerId) return undefined;
    // A rotation stores a new secret ciphertext: its hash names this generation of the credentials, and reveals nothing.
    return createHash('sha256').update(current.secretCiphertext).digest('base64url').slice(0, 22);
  },
});
