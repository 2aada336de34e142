// http adapter → reading what API Gateway hands us: lower-cased headers, the JSON body, path and query values.
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '#shared/errors';

export const MAX_BODY_BYTES = 256 * 1024;

/** Deepest nesting of objects and arrays a body may have (docs/api.md, Limits); the top-level object is 1. */
export const MAX_JSON_DEPTH = 32;

/** Built with Object.fromEntries, so a header named `__proto__` or `constructor` is an ordinary own member. */
export const lowerCaseHeaders = (event: APIGatewayProxyEvent): Record<string, string> =>
  Object.fromEntries(
    Object.entries(event.headers ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), value]),
  );

/** The names among `names` (lower case) that the request sends more than once, in any case. */
export const repeatedHeaders = (event: APIGatewayProxyEvent, names: readonly string[]): string[] => {
  const counts = new Map<string, number>();
  for (const [name, values] of Object.entries(event.multiValueHeaders ?? {})) {
    const lower = name.toLowerCase();
    counts.set(lower, (counts.get(lower) ?? 0) + (values?.length ?? 0));
  }
  return names.filter((name) => (counts.get(name) ?? 0) > 1);
};

/**
 * True when the JSON text nests objects and arrays deeper than `maxDepth`. A single loop over the characters,
 * so a body nested thousands of levels is refused before anything (validation, idempotency hashing) recurses.
 */
export const exceedsJsonDepth = (text: string, maxDepth: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return false;
};

/** U+FFFE and U+FFFF, raw or as JSON escapes: JSON.stringify writes them raw, and SQS refuses them in a message. */
const UNDELIVERABLE_CHARACTER = /[\uFFFE\uFFFF]|\\u[fF]{3}[eEfF]/;

const UNDELIVERABLE_TEXT = 'The request body holds U+FFFE, U+FFFF or a lone surrogate, which text may not hold.';
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * U+FFFD written raw: what the gateway (and the local runtime) put in place of bytes that are not UTF-8, such as a
 * Latin-1 `ü`. Refused, so a body sent in another encoding is a 400 rather than text stored with its characters lost.
 * The escape `\ufffd` is the sender's own choice and is read as any escape is.
 */
const REPLACED_BYTES = /\uFFFD/;

export const NOT_UTF8_TEXT = 'The request body is not UTF-8: it holds bytes that UTF-8 text cannot hold. Send the JSON encoded in UTF-8.';

/** True when a string or member name of the parsed body holds a lone UTF-16 surrogate (depth bounded by MAX_JSON_DEPTH). */
const holdsLoneSurrogate = (value: unknown): boolean => {
  if (typeof value === 'string') return !value.isWellFormed();
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  return Object.entries(value).some(([name, member]) => !name.isWellFormed() || holdsLoneSurrogate(member));
};

/** `application/json` or a `+json` type, before any parameter. */
const JSON_MEDIA_TYPE = /^\s*(application\/json|[^;/\s]+\/[^;\s]+\+json)\s*(;|$)/i;
/** A `charset` parameter that is not UTF-8 (RFC 8259: JSON is UTF-8). */
const OTHER_CHARSET = /;\s*charset\s*=\s*(?!"?utf-?8"?\s*(;|$))/i;

export const isJsonContentType = (value: string | undefined): boolean =>
  value !== undefined && JSON_MEDIA_TYPE.test(value) && !OTHER_CHARSET.test(value);

/** Parses a JSON body; wrong content type → 415, oversized → 413, too deep or malformed → 400. Never a 500. */
export const readJsonBody = (event: APIGatewayProxyEvent, headers: Record<string, string>): unknown => {
  const raw = event.body;
  if (raw === null || raw === undefined || raw === '') {
    throw new ValidationError('The request body is required: send a JSON object.', [{ path: '', message: 'Body is empty.' }]);
  }
  if (!isJsonContentType(headers['content-type'])) throw new UnsupportedMediaTypeError();
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
  if (REPLACED_BYTES.test(text)) throw new ValidationError(NOT_UTF8_TEXT, [{ path: '', message: 'Not UTF-8.' }]);
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new ValidationError(`The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`, [
      { path: '', message: `Nesting deeper than ${MAX_JSON_DEPTH} levels.` },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.', [{ path: '', message: 'Malformed JSON.' }]);
  }
  // Every body of this API is an object; valibot's object schemas would take an array too.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationError('The request body must be a JSON object.', [{ path: '', message: 'Not a JSON object.' }]);
  }
  // U+FFFE and U+FFFF: SQS refuses them, so an event carrying one could never be delivered. A lone surrogate: storage
  // keeps it as `?`, so two ids would meet in one key. UTF-8 decoding writes no lone surrogate; only an escape can.
  if (UNDELIVERABLE_CHARACTER.test(text) || (SURROGATE_ESCAPE.test(text) && holdsLoneSurrogate(parsed))) {
    throw new ValidationError(UNDELIVERABLE_TEXT, [{ path: '', message: UNDELIVERABLE_TEXT }]);
  }
  return parsed;
};

/**
 * The body of a call whose members all have defaults: no body at all reads as `{}`; anything sent is read as every
 * body is (JSON, an object, within the limits), so the call's schema can refuse what it does not take.
 */
export const readOptionalJsonBody = (event: APIGatewayProxyEvent, headers: Record<string, string>): unknown =>
  event.body ? readJsonBody(event, headers) : {};

export const NO_MEMBERS_MESSAGE = 'This call takes no body members: send no body, or {}.';

/** `{}`, with any white space: the one body a call that takes no members accepts. */
const EMPTY_OBJECT = /^\s*\{\s*\}\s*$/;

/**
 * The body of a call that takes no members (test delivery, portal link): none or `{}`; anything else is 400. No
 * parsing: there is nothing to read, and these two functions stay free of the body machinery and of valibot.
 * NoMembersSchema says the same in the OpenAPI document.
 */
export const readBodyWithoutMembers = (event: APIGatewayProxyEvent): void => {
  if (!event.body) return;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!EMPTY_OBJECT.test(text)) throw new ValidationError(NO_MEMBERS_MESSAGE, [{ path: '', message: NO_MEMBERS_MESSAGE }]);
};

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The Idempotency-Key header, if any. Read before anything is written: a malformed key answers 400 and nothing is
 * created (its signature is spent, as every signature is once checked: send the request again, signed anew).
 */
export const readIdempotencyKey = (event: APIGatewayProxyEvent, headers: Record<string, string>): string | undefined => {
  const key = headers['idempotency-key'];
  // Sent twice, one key would be remembered and the other never: which one a retry must repeat is unknowable.
  if (repeatedHeaders(event, ['idempotency-key']).length > 0) {
    throw new BadRequestError('invalid_idempotency_key', 'Send Idempotency-Key once: the request carries it more than once.', [
      { path: 'Idempotency-Key', message: 'Sent more than once.' },
    ]);
  }
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequestError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [
      { path: 'Idempotency-Key', message: 'Invalid header value.' },
    ]);
  }
  return key;
};

/**
 * A path parameter's segment as the client sent it: the segment of the request path that the resource template
 * names `{name}`. A REST API hands `pathParameters` over still percent-encoded (`/bookings/ORDER%2F7` gives
 * `ORDER%2F7`, where HTTP APIs decode), and keeps the path as sent; reading the path, which the signature is checked
 * over too, gives one spelling on every runtime. Counted from the end, so a custom domain's base path before the
 * resource does not matter; one trailing slash is served as the resource without it.
 */
const sentPathSegment = (event: APIGatewayProxyEvent, name: string): string | undefined => {
  const template = (event.resource ?? '').split('/');
  const at = template.indexOf(`{${name}}`);
  const path = event.path?.length > 1 && event.path.endsWith('/') ? event.path.slice(0, -1) : (event.path ?? '');
  const segments = path.split('/');
  const offset = segments.length - template.length;
  if (at < 0 || offset < 0) return undefined;
  // Every literal segment of the resource (after its leading `/`) where the path has it: a path that does not line up with its resource (a
  // decoded `/` inside a parameter, an extra empty segment) names no segment, rather than the one beside it.
  const linedUp = template.every((part, i) => i === 0 || (part.startsWith('{') && part.endsWith('}')) || part === segments[offset + i]);
  if (!linedUp) return undefined;
  const sent = segments[offset + at];
  // The gateway's own reading, as sent or decoded: a segment that is neither is not the one it routed on.
  const routed = event.pathParameters?.[name];
  if (sent === undefined || (routed !== undefined && routed !== sent && routed !== safelyDecoded(sent))) return undefined;
  return sent;
};

const safelyDecoded = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/** A path parameter, percent-decoded once (`ORDER%2F7` is the booking `ORDER/7`); missing or malformed is a 400. */
export const pathParameter = (event: APIGatewayProxyEvent, name: string): string => {
  const sent = sentPathSegment(event, name);
  if (sent === undefined || sent === '') {
    throw new ValidationError(`Path parameter ${name} is required.`, [{ path: name, message: 'Missing.' }]);
  }
  try {
    return decodeURIComponent(sent);
  } catch {
    throw new ValidationError(`Path parameter ${name} is not valid percent-encoding: write % as %25.`, [
      { path: name, message: 'Malformed escape.' },
    ]);
  }
};

/**
 * The query parameters, each given once. API Gateway keeps only the last of a repeated parameter, so
 * `?external_user_id=alice&external_user_id=bob` would silently mean bob: a repeated parameter is a 400.
 */
export const queryParameters = (event: APIGatewayProxyEvent): Record<string, string | undefined> => {
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    if (values && values.length > 1) {
      throw new ValidationError(`Query parameter ${name} is given more than once; send it once.`, [{ path: name, message: 'Given more than once.' }]);
    }
  }
  return event.queryStringParameters ?? {};
};

/** The characters that delimit or escape a query string's parts; `=` only ends a name (a value is read to the next `&`). */
const NAME_SYNTAX = /[&=+%#]/;
const VALUE_SYNTAX = /[&+%#]/;

/**
 * The most query parameter names whose every order is tried (120 orders). The seven of the webhook deliveries list
 * would be 5,040 orders of up to eleven spellings each: a longer query is checked in the order handed over only.
 */
export const MAX_REORDERED_NAMES = 5;

/** RFC 3986 unreserved characters only: what Python's quote(), Java's and Go's escapers leave as they are. */
const encodeRfc3986 = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Every spelling of the query string a common client writes, each value spelled the same way. REST API events carry
 * only decoded values, so the signed form is rebuilt (docs/api.md, Authentication; decision 1):
 * - as decoded (`?q=o'brien x`), unless a value holds `&`, `+`, `%` or `#` (a name also `=`);
 * - JavaScript's encodeURIComponent (`?q=o'brien%20x`);
 * - RFC 3986 (`?q=o%27brien%20x`: Python's quote, Go's PathEscape);
 * - encodeURIComponent as the URL parser leaves it (`?q=o%27brien%20(x)`: fetch, `new URL()`);
 * - form encoding with `+` for a space, as URLSearchParams writes it (`?q=o%27brien+x`);
 * - form encoding over RFC 3986 (Python's urlencode, Java's URLEncoder but for `*` and `~`);
 * - each of the percent-encoded and form-encoded spellings with lower-case hex escapes (`%c3%bc`, .NET's UrlEncode).
 * Identical spellings collapse, so a plain query costs one HMAC.
 *
 * A REST API does not keep the order of the request's parameters in the event (decision F173): each spelling is
 * offered in every order of the names (a repeated name's values stay together, in the order given), the order
 * handed over first, for up to MAX_REORDERED_NAMES names; a longer query is rebuilt in the order handed over only.
 */
export const queryStringCandidates = (event: APIGatewayProxyEvent): string[] => [...signedQueryCandidates(event)];

/**
 * The candidates of queryStringCandidates, built as they are tried: the order handed over is spelled first and the
 * other orders only while no earlier candidate matched, so a request signed in the order handed over costs what it
 * did before F173, and nothing is built before the caller asks (the API key is checked first). Each group's spellings
 * are encoded once and only joined per order, so the worst case (five long names, every order, a bad signature) is
 * the HMACs, not 120 re-encodings of the query. Iterable any number of times.
 */
export const signedQueryCandidates = (event: APIGatewayProxyEvent): Iterable<string> => {
  const groups = queryGroups(event);
  if (groups.length === 0) return [''];
  const unambiguous = groups.every((group) => group.every(([name, value]) => !NAME_SYNTAX.test(name) && !VALUE_SYNTAX.test(value)));
  const spellings = unambiguous ? SPELLINGS : SPELLINGS.slice(1);
  // Per group, per spelling: its `name=value` pairs joined by `&`, encoded once.
  const pieces = groups.map((group) => spellings.map((spell) => spell(group)));
  const indexes = groups.map((_, index) => index);
  const orders = (): Iterable<number[]> => (groups.length <= MAX_REORDERED_NAMES ? permutations(indexes) : [indexes]);
  return {
    *[Symbol.iterator]() {
      const seen = new Set<string>();
      for (const order of orders()) {
        for (let spelling = 0; spelling < spellings.length; spelling += 1) {
          const query = `?${order.map((group) => pieces[group]![spelling]).join('&')}`;
          if (!seen.has(query)) {
            seen.add(query);
            yield query;
          }
        }
      }
    },
  };
};

/** The parameters as name groups, in the order handed over: one group per name, its values in their order. */
const queryGroups = (event: APIGatewayProxyEvent): Array<Array<[string, string]>> => {
  const groups: Array<Array<[string, string]>> = [];
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    const group = (values ?? []).map((value): [string, string] => [name, value]);
    if (group.length > 0) groups.push(group);
  }
  if (groups.length > 0) return groups;
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) groups.push([[name, value]]);
  }
  return groups;
};

/** Every order of `items`, the given order first, one at a time. */
function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let index = 0; index < items.length; index += 1) {
    for (const rest of permutations([...items.slice(0, index), ...items.slice(index + 1)])) yield [items[index]!, ...rest];
  }
}

type Spelling = (pairs: ReadonlyArray<[string, string]>) => string;

const spelledWith =
  (encode: (text: string) => string): Spelling =>
  (pairs) =>
    pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

const lowerCaseEscapes =
  (spelling: Spelling): Spelling =>
  (pairs) =>
    spelling(pairs).replace(/%[\dA-F]{2}/g, (hex) => hex.toLowerCase());

/**
 * The spellings of one name's pairs, in the order they are tried; an escape never spans `&`, so a query's spelling is
 * its groups' spellings joined. The first, as decoded, is offered only when no value holds `&`, `+`, `%` or `#` (a
 * name also `=`): `a=1%26b%3D2` would otherwise spell `a=1&b=2`, and one signature would stand for another request.
 */
const BASE_SPELLINGS: Spelling[] = [
  spelledWith((text) => text),
  spelledWith(encodeURIComponent),
  // encodeURIComponent as the URL parser leaves it (fetch, `new URL()`, Request): a special URL's query escapes `'`.
  (pairs) => spelledWith(encodeURIComponent)(pairs).replaceAll("'", '%27'),
  spelledWith(encodeRfc3986),
  (pairs) => `${new URLSearchParams(pairs as Array<[string, string]>)}`,
  spelledWith((text) => encodeRfc3986(text).replaceAll('%20', '+')),
];
// Each also with lower-case hex escapes (`%c3%bc`, which RFC 3986 allows; .NET's UrlEncode); the as-decoded one has none.
const SPELLINGS: Spelling[] = [...BASE_SPELLINGS, ...BASE_SPELLINGS.slice(1).map(lowerCaseEscapes)];

/** A client address as throttling counters keep it: hashed, so no IP address is ever stored. */
export const hashedClientAddress = (sourceIp: string | undefined): string =>
  createHash('sha256')
    .update(sourceIp || 'unknown')
    .digest('hex')
    .slice(0, 32);
