// ports → partners, their credentials and brands, the signature replay guard and the secret cipher.
import type { Brand } from '#shared/domain/brand';
import type { PartnerProfile } from '#shared/domain/partner';
export interface PartnerDirectory {
  getProfile(partnerId: string): Promise<PartnerProfile | undefined>;
}

/** Reading and replacing a partner's profile: what the webhook self-service changes. */
export interface PartnerProfiles extends PartnerDirectory {
  /** Replaces the profile read at `profile.revision`; ConcurrentChangeError when it changed since. */
  saveProfile(profile: PartnerProfile): Promise<void>;
}

export interface PartnerAdminStore extends PartnerProfiles, CredentialStore {
  create(profile: PartnerProfile, credentials: PartnerCredentials): Promise<void>;
  list(): Promise<PartnerProfile[]>;
  /**
   * Changes only what is given of an API key's credentials: a rotation (the secret) and a disabling (the status)
   * made at once both stay; a whole-item write would let one undo the other.
   */
  updateCredentials(apiKey: string, change: { secretCiphertext?: string; status?: PartnerCredentials['status'] }): Promise<void>;
}

export interface ReporterCredentialStore extends CredentialStore {
  save(credentials: PartnerCredentials): Promise<void>;
}

export interface BrandNames {
  /** The brand's display name; undefined when the partner has no such brand (one strongly consistent read). */
  nameOf(partnerId: string, brandId: string): Promise<string | undefined>;
}

export interface BrandDirectory extends BrandNames {
  /** The named brand when it exists, else the partner's default brand, else undefined (two reads at most). */
  resolve(partnerId: string, brandId: string | null): Promise<Brand | undefined>;
}

export interface BrandAdminStore extends BrandDirectory {
  get(partnerId: string, brandId: string): Promise<Brand | undefined>;
  list(partnerId: string): Promise<Brand[]>;
  put(brand: Brand): Promise<void>;
  /** Removes the brand, and the default pointer when it points at it. */
  remove(partnerId: string, brandId: string): Promise<boolean>;
  defaultBrandId(partnerId: string): Promise<string | undefined>;
  setDefault(partnerId: string, brandId: string | null): Promise<void>;
}

export interface PartnerCredentials {
  partnerId: string;
  apiKey: string;
  secretCiphertext: string;
  status: 'active' | 'disabled';
  /** Set by a caching store when these credentials were read for an earlier request. */
  fromCache?: boolean;
}

export interface CredentialStore {
  findByApiKey(apiKey: string): Promise<PartnerCredentials | undefined>;
  /** Caching stores only: reads the credentials from storage again, past the cache. */
  reload?(apiKey: string): Promise<PartnerCredentials | undefined>;
}

/** The single-use record of a request's signature: a guard claims it alone, or a write puts it in its own transaction. */
export interface UsedSignature {
  apiKey: string;
  signature: string;
  expiresAtEpochSeconds: number;
}

/** Records a signature as used; resolves false when it was used before. */
export interface SignatureReplayGuard {
  claim(input: UsedSignature): Promise<boolean>;
}

export interface SecretCipher {
  encrypt(plaintext: string, context: Record<string, string>): Promise<string>;
  decrypt(ciphertext: string, context: Record<string, string>): Promise<string>;
}
