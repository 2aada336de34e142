// provider adapter → what a stage needs to reach its SM-DP+, as one secret (Secrets Manager in AWS; a 0600 file
// the local runtime writes for its simulator). Validated when read; its values never reach a log or an error.
import { parseProviderSecret } from '#shared/providers/provider-secret';
import * as v from 'valibot';

const Pem = (label: string) => v.pipe(v.string(), v.includes(`-----BEGIN `, `${label} must be PEM`), v.maxLength(64 * 1024));

export const Es2PlusSecretSchema = v.object({
  /** https base URL of the SM-DP+'s ES2+ endpoint; the paths `/gsma/rsp2/es2plus/...` are appended. */
  endpoint: v.pipe(v.string(), v.url(), v.startsWith('https://', 'The ES2+ endpoint must use https')),
  functionRequesterIdentifier: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  /** The SM-DP+ FQDN in activation codes when confirmOrder names none. */
  smdpAddress: v.pipe(v.string(), v.minLength(3), v.maxLength(253)),
  /** Profile type per eSIM: `universal`; a destination's code for its classic eSIM, else `classic` for any destination. */
  profileTypes: v.record(v.pipe(v.string(), v.regex(/^(universal|classic|[A-Z0-9-]{2,20})$/)), v.pipe(v.string(), v.minLength(1), v.maxLength(256))),
  homeNetwork: v.pipe(v.string(), v.regex(/^\d{5,6}$/, 'The home network is MCC+MNC (5 or 6 digits)')),
  certificate: Pem('certificate'),
  privateKey: Pem('privateKey'),
  caBundle: Pem('caBundle'),
  /** SHA-256 fingerprints (hex, colons optional) of the client certificates the SM-DP+ sends notifications with. */
  notificationCertificateFingerprints: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.transform((value) => value.replace(/:/g, '').toLowerCase()),
        v.regex(/^[0-9a-f]{64}$/, 'A SHA-256 fingerprint has 64 hex digits'),
      ),
    ),
    v.maxLength(10),
  ),
});
export type Es2PlusSecret = v.InferOutput<typeof Es2PlusSecretSchema>;

/** Parses the secret's JSON; the error names the fields that are wrong, never their values. */
export const parseEs2PlusSecret = (json: string): Es2PlusSecret => parseProviderSecret('ES2+', Es2PlusSecretSchema, json);
