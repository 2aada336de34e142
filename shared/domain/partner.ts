// domain → a partner: its credentials live apart (api key item), this is its profile and settings.
import type { DepartureEventSettings } from '#shared/domain/departure-events';

export interface WebhookSettings {
  url: string | null;
  /** Encrypted signing secret; deliveries are signed only when one is set. */
  signing_secret_ciphertext: string | null;
  /** Previous secret, still signed with until `previous_secret_expires_at` (optional rotation overlap). */
  previous_signing_secret_ciphertext: string | null;
  previous_secret_expires_at: string | null;
  auth_header_name: string;
  auth_header_prefix: string;
  /** Opt-ins keyed like `classic_package_queue_claimed`; absent keys take the event's default. */
  events: Record<string, boolean>;
  /** Set while deliveries are held instead of sent (absent on profiles written before disabling existed). */
  disabled_at?: string | null;
  disabled_reason?: string | null;
  /** Where endpoint health warnings go (decision F97); no email without it. */
  alert_email?: string | null;
  /** First failed attempt since the last success; absent while the endpoint is healthy. */
  failing_since?: string | null;
  failure_warning_sent_at?: string | null;
}

export interface PartnerProfile {
  partner_id: string;
  name: string;
  api_key: string;
  status: 'active' | 'disabled';
  departure_events: DepartureEventSettings;
  webhook: WebhookSettings;
  /**
   * New eSIMs ask the traveler for a confirmation code on download (SGP.22 4.1, activation code ending `$1`;
   * decision F140). Absent on profiles written before the setting existed: off.
   */
  confirmation_code?: boolean;
  /**
   * The size of a grant whose entry names none (spec: "the size follows partner settings"), at redemption; absent:
   * DEFAULT_PACKAGE_SIZE. Decision F145.
   */
  default_package_size?: string;
  created_at: string;
  updated_at: string;
  /**
   * The stored item's revision, as read: a save expects it unchanged, so two changes made at once (a rotation and
   * an endpoint update, or the dispatcher's health marks) never overwrite each other. Absent before the first save.
   */
  revision?: number;
}

export const defaultWebhookSettings = (): WebhookSettings => ({
  url: null,
  signing_secret_ciphertext: null,
  previous_signing_secret_ciphertext: null,
  previous_secret_expires_at: null,
  auth_header_name: 'x-api-key',
  auth_header_prefix: '',
  events: {},
  disabled_at: null,
  disabled_reason: null,
});

/** Whether the partner's new eSIMs require a confirmation code (off unless support turned it on). */
export const requiresConfirmationCode = (profile: Pick<PartnerProfile, 'confirmation_code'> | undefined): boolean =>
  profile?.confirmation_code === true;

/** The ops CLI's spelling of the setting: `on` or `off`; anything else is refused. */
export const parseOnOff = (raw: string): boolean | undefined => (raw === 'on' ? true : raw === 'off' ? false : undefined);

/** The size a grant without one gets when the partner has not chosen another. */
export const DEFAULT_PACKAGE_SIZE = '1GB';

/** The partner's size for grants that name none (decision F145). */
export const defaultPackageSize = (profile: Pick<PartnerProfile, 'default_package_size'> | undefined): string =>
  profile?.default_package_size ?? DEFAULT_PACKAGE_SIZE;
