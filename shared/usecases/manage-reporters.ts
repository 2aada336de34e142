// use case → an operator issues credentials to a reporter (network, eSIM platform, payment provider).
import { randomToken } from '#shared/domain/ids';
import { reporterFacts } from '#shared/domain/lifecycle-schemas';
import { ValidationError } from '#shared/errors';
import type { SecretCipher, ReporterCredentialStore } from '#shared/usecases/ports/partners';

export interface ReporterCredentialsView {
  reporter: string;
  api_key: string;
  /** Shown once, here; stored encrypted. */
  api_secret: string;
}

/** Input: the reporter's name. Output: a new API key and secret for it (several may be active). */
export const createReporterCredentials = async (
  reporter: string,
  deps: { reporters: ReporterCredentialStore; cipher: SecretCipher },
): Promise<ReporterCredentialsView> => {
  if (!(reporter in reporterFacts)) {
    throw new ValidationError(`Unknown reporter "${reporter}". Use one of ${Object.keys(reporterFacts).join(', ')}.`);
  }
  const apiKey = `rk_${randomToken(18)}`;
  const apiSecret = randomToken(32);
  const secretCiphertext = await deps.cipher.encrypt(apiSecret, { partner_id: reporter });
  await deps.reporters.save({ partnerId: reporter, apiKey, secretCiphertext, status: 'active' });
  return { reporter, api_key: apiKey, api_secret: apiSecret };
};
