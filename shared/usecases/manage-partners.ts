// use cases → operator actions on partners: create, list, show, rotate the API secret, change settings.
import { defaultDepartureEventSettings } from '#shared/domain/departure-events';
import { randomToken } from '#shared/domain/ids';
import { defaultPackageSize, defaultWebhookSettings, requiresConfirmationCode, type PartnerProfile } from '#shared/domain/partner';
import { NotFoundError } from '#shared/errors';
import type { PartnerAdminStore, PartnerDirectory, PartnerProfiles, SecretCipher } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';
import { withRetry } from '#shared/usecases/retry';

export interface PartnerAdminDeps {
  partners: PartnerAdminStore;
  cipher: SecretCipher;
  clock: Clock;
}

/** What an operator sees; `api_secret` only right after creation or rotation. */
export interface PartnerView {
  partner_id: string;
  name: string;
  api_key: string;
  api_secret?: string;
  status: PartnerProfile['status'];
  departure_events: PartnerProfile['departure_events'];
  /** New eSIMs require a confirmation code (decision F140). */
  confirmation_code: boolean;
  /** The size of grants whose entry names none (decision F145). */
  default_package_size: string;
  webhook: {
    url: string | null;
    signing_secret_configured: boolean;
    auth_header_name: string;
    auth_header_prefix: string;
    events: Record<string, boolean>;
    enabled: boolean;
    disabled_reason: string | null;
    failing_since: string | null;
    alert_email: string | null;
  };
  created_at: string;
}

export const partnerView = (profile: PartnerProfile, apiSecret?: string): PartnerView => ({
  partner_id: profile.partner_id,
  name: profile.name,
  api_key: profile.api_key,
  ...(apiSecret ? { api_secret: apiSecret } : {}),
  status: profile.status,
  departure_events: profile.departure_events,
  confirmation_code: requiresConfirmationCode(profile),
  default_package_size: defaultPackageSize(profile),
  webhook: {
    url: profile.webhook.url,
    signing_secret_configured: profile.webhook.signing_secret_ciphertext !== null,
    auth_header_name: profile.webhook.auth_header_name,
    auth_header_prefix: profile.webhook.auth_header_prefix,
    events: profile.webhook.events,
    enabled: !profile.webhook.disabled_at,
    disabled_reason: profile.webhook.disabled_reason ?? null,
    failing_since: profile.webhook.failing_since ?? null,
    alert_email: profile.webhook.alert_email ?? null,
  },
  created_at: profile.created_at,
});

const newApiSecret = () => `sk_${randomToken(32)}`;

/** Creates a partner with fresh credentials; the secret is returned once and stored encrypted. */
export const createPartner = async (input: { name: string }, deps: PartnerAdminDeps): Promise<PartnerView> => {
  const now = deps.clock.now().toISOString();
  const partnerId = `ptn_${randomToken(9)}`;
  const apiKey = `pk_${randomToken(18)}`;
  const apiSecret = newApiSecret();
  const profile: PartnerProfile = {
    partner_id: partnerId,
    name: input.name,
    api_key: apiKey,
    status: 'active',
    departure_events: defaultDepartureEventSettings,
    webhook: defaultWebhookSettings(),
    confirmation_code: false,
    created_at: now,
    updated_at: now,
  };
  const secretCiphertext = await deps.cipher.encrypt(apiSecret, { partner_id: partnerId });
  await deps.partners.create(profile, { partnerId, apiKey, secretCiphertext, status: 'active' });
  return partnerView(profile, apiSecret);
};

export const requirePartner = async (partnerId: string, deps: { partners: PartnerDirectory }) => {
  const profile = await deps.partners.getProfile(partnerId);
  if (!profile) throw new NotFoundError(`No partner "${partnerId}".`, 'partner_not_found');
  return profile;
};

/** Replaces the API secret; the old one stops working at once (hard cutover). */
export const rotatePartnerSecret = async (partnerId: string, deps: PartnerAdminDeps): Promise<PartnerView> => {
  const profile = await requirePartner(partnerId, deps);
  const apiSecret = newApiSecret();
  const secretCiphertext = await deps.cipher.encrypt(apiSecret, { partner_id: partnerId });
  await deps.partners.updateCredentials(profile.api_key, { secretCiphertext });
  return partnerView(profile, apiSecret);
};

/**
 * Applies a change to the profile (departure windows, confirmation codes, webhook settings). The save expects the
 * revision read, so a change made meanwhile (another setting, a rotation, the dispatcher's health marks) is read
 * again and `change` applied to it, never overwritten.
 */
export const updatePartnerProfile = (
  partnerId: string,
  change: (profile: PartnerProfile) => PartnerProfile,
  deps: { partners: PartnerProfiles; clock: Clock },
): Promise<PartnerProfile> =>
  withRetry(async () => {
    const profile = await requirePartner(partnerId, deps);
    const updated = { ...change(profile), partner_id: profile.partner_id, revision: profile.revision, updated_at: deps.clock.now().toISOString() };
    await deps.partners.saveProfile(updated);
    return { ...updated, revision: (profile.revision ?? 0) + 1 };
  });
