// provider adapter → what a stage needs to reach eSIM Go, as one secret (Secrets Manager in AWS; a 0600 file the
// local runtime writes for its simulator). Validated when read; the API key never reaches a log or an error.
import { parseProviderSecret } from '#shared/providers/provider-secret';
import * as v from 'valibot';
import { BundleNameSchema } from '#shared/providers/esimgo/schemas';
import { DEFAULT_BUNDLE_TEMPLATE } from '#shared/providers/esimgo/bundle-names';

// The pipe runs on after v.url() refused a value, so this must not throw on one that is not a URL.
const isLocal = (url: string) => URL.canParse(url) && ['localhost', '127.0.0.1'].includes(new URL(url).hostname);

export const EsimGoSecretSchema = v.object({
  /** The API base URL with its version, `https://api.esim-go.com/v2.5`; http only for the local simulator. */
  endpoint: v.pipe(
    v.string(),
    v.url(),
    v.check((url) => url.startsWith('https://') || isLocal(url), 'The eSIM Go endpoint must use https'),
  ),
  /** Sent as `X-API-Key`; also the HMAC key of the usage callbacks. */
  apiKey: v.pipe(v.string(), v.minLength(16), v.maxLength(256)),
  /** MCC+MNC of the profiles eSIM Go issues (classic grants match on it). */
  homeNetwork: v.pipe(v.string(), v.regex(/^\d{5,6}$/, 'The home network is MCC+MNC (5 or 6 digits)')),
  bundles: v.optional(
    v.object({
      template: v.optional(v.pipe(v.string(), v.includes('{days}'), v.maxLength(128)), DEFAULT_BUNDLE_TEMPLATE),
      countries: v.optional(v.record(v.pipe(v.string(), v.regex(/^(universal|[A-Z]{3})$/)), v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,16}$/))), {}),
      names: v.optional(v.record(v.pipe(v.string(), v.regex(/^(universal|[A-Z]{3}):[0-9.A-Za-z]+:\d+$/)), BundleNameSchema), {}),
    }),
    {},
  ),
});
export type EsimGoSecret = v.InferOutput<typeof EsimGoSecretSchema>;

/** Parses the secret's JSON; the error names the fields that are wrong, never their values. */
export const parseEsimGoSecret = (json: string): EsimGoSecret => parseProviderSecret('eSIM Go', EsimGoSecretSchema, json);
