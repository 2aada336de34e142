// api docs → the response headers the OpenAPI document declares (`components.headers`), from the values the
// handlers send: every JSON answer's no-store headers, Retry-After, the deprecation Warning, the served language.
import { DEPRECATED_TIME_LIMITED_WARNING } from '#shared/domain/package-specification';
import { servedLocales } from '#shared/domain/locale';
import { jsonAnswerHeaders, noStoreHeaders } from '#shared/http/response';

const text = (description: string, extra: Record<string, unknown> = {}) => ({ description, schema: { type: 'string', ...extra } });

export const responseHeaders = {
  'Cache-Control': {
    ...text('Never cache an answer: it is per request and per partner (a page answers `no-store, private`).'),
    example: noStoreHeaders['cache-control'],
  },
  Pragma: text('The same, for HTTP/1.0 caches.', { const: noStoreHeaders.pragma }),
  Expires: text('Already expired.', { const: noStoreHeaders.expires }),
  'X-Content-Type-Options': text('The answer is only ever read as the type it names.', { const: jsonAnswerHeaders['x-content-type-options'] }),
  'Retry-After': text('Seconds to wait before retrying. Sent with a rate limit and with `provider_unavailable`.', {
    pattern: '^[0-9]+$',
  }),
  Warning: text(
    `Sent when the request used the deprecated package type \`time-limited\` (\`${DEPRECATED_TIME_LIMITED_WARNING}\`), and on ` +
      'POST /bookings when an entry that names no traveler sets `expires_at`, which then bounds nothing. Several warnings are comma-separated.',
    { pattern: '^299 - "' },
  ),
  'Content-Language': text('The language the answer is written in (en, de, fr or es).', { enum: [...servedLocales] }),
  Vary: text('The answer depends on Accept-Language.', { const: 'Accept-Language' }),
} as const;

export type ResponseHeaderName = keyof typeof responseHeaders;

/** `$ref`s to the named headers, as an OpenAPI response's `headers`. */
export const headerRefs = (...names: ResponseHeaderName[]): Record<string, { $ref: string }> =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Every JSON answer, success or error, carries these (shared/http/response.ts). */
export const noStoreHeaderRefs = headerRefs('Cache-Control', 'Pragma', 'Expires', 'X-Content-Type-Options');
