// ports → what the traveler web app and redirect tokens need: sessions, token signing, traveler views.
import type { EsimType, PackageQueueEntry, PackageSpecification } from '#shared/domain/booking';
/** Finds travelers of one partner; bound to the traveler lifecycle in shared/usecases/traveler-directory.ts. */
export interface TravelerDirectory {
  /** The partner vouches for its own user ids: any well-formed id is a traveler, with or without packages yet. */
  resolveByExternalUserId(partnerId: string, externalUserId: string): Promise<{ externalUserId: string }>;
  /** The traveler known by this email within the partner, with an external_user_id assigned when it had none. */
  resolveByEmail(partnerId: string, email: string): Promise<{ externalUserId: string } | undefined>;
}

/** Signs and verifies token bodies: HMAC with a KMS key in AWS, a local key in local mode. */
export interface TokenSigner {
  sign(message: string): Promise<string>;
  verify(message: string, signature: string): Promise<boolean>;
}

export interface RedirectTokenRecord {
  partner_id: string;
  nonce: string;
  external_user_id: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface TravelerSession {
  partner_id: string;
  external_user_id: string;
  /** Session-bound CSRF token every form of the session carries. */
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface SessionStore {
  putToken(record: RedirectTokenRecord): Promise<void>;
  getToken(partnerId: string, nonce: string): Promise<RedirectTokenRecord | undefined>;
  /** Marks the token used and stores the session in one transaction; false when someone used the token first. */
  redeemToken(record: RedirectTokenRecord, usedAt: string, sessionHash: string, session: TravelerSession): Promise<boolean>;
  getSession(sessionHash: string): Promise<TravelerSession | undefined>;
  deleteSession(sessionHash: string): Promise<void>;
}

/** What the public claim page needs of a promo code: no code value, no other partner's data. */
export interface ClaimablePromoCode {
  partnerId: string;
  locale: string | null;
  brandId: string | null;
  /** Whether a traveler may claim it by email (isClaimableByEmail: no email on its booking, no classic grant). */
  claimable: boolean;
  /** Already claimed by email, or redeemed (in an app, without a claim): the page says so instead of a form. */
  taken: 'claimed' | 'redeemed' | null;
}

export interface PromoCodeClaimLookup {
  /** Undefined for an unknown uuid (the page then answers 404 like any unknown page). */
  describe(uuid: string): Promise<ClaimablePromoCode | undefined>;
}

export interface QueuedPackageView {
  uuid: string;
  esim_type: EsimType;
  /** As partners read it: `expired` for a pending entry past `expires_at`. */
  status: PackageQueueEntry['status'] | 'expired';
  expires_at: string | null;
  package: Pick<PackageSpecification, 'package_type' | 'size' | 'package_duration' | 'destination'>;
}

/**
 * Everything the home page can show of one traveler: shared/usecases/traveler-directory.ts fills it from the traveler
 * lifecycle (the traveler's package queue entries). `currentEsim` (eSIM, packages, data meter) is next.
 */
export interface TravelerHomeView {
  externalUserId: string;
  /** The traveler's email, when the service knows one: what an email-only traveler recognizes (not its `ext_…` id). */
  email?: string | null;
  /** The newest booking's `locale` and the brand of the shown eSIM's booking, for the page language and brand. */
  locale: string | null;
  brandId: string | null;
  packageQueues: QueuedPackageView[];
  /** The traveler's current eSIM and its packages with the data meter; null before the first one is provisioned. */
  currentEsim: CurrentEsimView | null;
  /** The traveler's other eSIMs (classic eSIMs claimed beside the current one), newest first, removed ones too. */
  otherEsims: CurrentEsimView[];
}

export interface EsimPackageView {
  package_id: string;
  status: 'queued' | 'active' | 'depleted' | 'expired';
  destination: string | null;
  size: string | null;
  used_bytes: number;
  remaining_bytes: number | null;
  /** 0–100: data used for data-limited packages, time elapsed for unlimited ones. */
  usage_percent: number;
  expires_at: string | null;
}

export interface CurrentEsimView {
  iccid: string;
  kind: 'universal' | 'classic';
  status: 'provisioned' | 'installed' | 'removed';
  packages: EsimPackageView[];
}

export interface TravelerHomeSource {
  load(partnerId: string, externalUserId: string): Promise<TravelerHomeView>;
}

export interface InstallableEsim {
  iccid: string;
  activation_code: string;
  /** Encrypted confirmation code when the activation code ends in `$1`; null otherwise. */
  confirmation_code_ciphertext: string | null;
  status: 'provisioned' | 'installed' | 'removed';
  /** ISO3 of the country a classic eSIM was made for; null for the universal eSIM. */
  destination: string | null;
}

export interface TravelerEsimSource {
  /**
   * The eSIM `iccid` names among the traveler's (404 esim_not_found for another), else the current one (null before
   * the first one), and the newest booking's locale and brand.
   */
  loadCurrentEsim(
    partnerId: string,
    externalUserId: string,
    iccid?: string,
  ): Promise<{ esim: InstallableEsim | null; locale: string | null; brandId: string | null }>;
}
