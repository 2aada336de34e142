// domain → the building blocks of every payload schema: enumerations, patterns and field builders. Only constants
// and functions live here, no schema built at load, so a function that needs one of them bundles nothing else.
import * as v from 'valibot';
import { extendedIsoDateTime, isIsoDateTime } from '#shared/domain/dates';

export const packageTypes = ['starter', 'data-limited', 'unlimited', 'time-limited'] as const;
export type PackageType = (typeof packageTypes)[number];

export const titles = ['mr.', 'ms.', 'mrs.', 'miss', 'dr.', 'prof.'] as const;
export const genders = ['M', 'F', 'O'] as const;
export const esimTypes = ['classic', 'universal'] as const;

/** Most entries one booking may carry; keeps every create inside one atomic DynamoDB transaction. */
export const MAX_PACKAGE_SPECIFICATIONS = 25;

/** The spec prints these patterns with doubled backslashes; these are the intended expressions. */
export const SIZE_PATTERN = /^[0-9]\d*(\.\d+)?(MB|GB)$/;
/** Largest package size: 1 PB (1,048,576 GB), so every byte count derived from a size is an exact JSON integer. */
export const MAX_SIZE_BYTES = 2 ** 50;
const MAX_SIZE_LENGTH = 20;
export const DESTINATION_PATTERN = /^[A-Z]{2,3}$/;
export const PHONE_PATTERN = /^\+\d{1,3}\d{1,14}$/;
export const FLIGHT_NUMBER_PATTERN = /^[a-zA-Z0-9]{1,10}$/;

const isPlainObject = (input: unknown): input is Record<string, unknown> => typeof input === 'object' && input !== null && !Array.isArray(input);

/** valibot's object schemas also take arrays; JSON objects are what the spec means. */
export const plainObject = <const TEntries extends v.ObjectEntries>(entries: TEntries, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.object(entries, message));

export const plainLooseObject = <const TEntries extends v.ObjectEntries>(entries: TEntries, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.looseObject(entries, message));

/**
 * Control characters (C0, DEL, C1), the line and paragraph separators (U+2028, U+2029), the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the interlinear annotation marks that hide
 * text (U+FFF9–U+FFFB): a name, an id or a place is one line of text; NUL, a line break or a direction override,
 * which makes a name read otherwise in an email or a page than it is stored ("Trojan Source"), is never meant. The
 * left-to-right and right-to-left marks stay allowed: names in Arabic or Hebrew script use them.
 */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFB]/u;
export const withoutControlCharacters = (field: string) =>
  v.check(
    (value: string) => !CONTROL_CHARACTER.test(value),
    `${field} must not contain control characters such as line breaks, NUL or text-direction overrides.`,
  );

/** One of a traveler's eSIMs by its ICCID (18 to 22 digits). */
export const iccidField = () =>
  v.pipe(v.string('iccid must be a string.'), v.trim(), v.regex(/^\d{18,22}$/, "iccid must be the 18 to 22 digits of one of the traveler's eSIMs."));

/**
 * The partner's own user id, the traveler's key: trimmed on every route that takes it (bookings, native calls,
 * redirect tokens, sandbox steps, facts), so " dave " and "dave" name one traveler wherever they arrive.
 */
export const externalUserIdField = () =>
  v.pipe(
    v.string('external_user_id must be a string.'),
    v.trim(),
    minCharacters(1, 'external_user_id must not be empty.'),
    maxCharacters(255, 'external_user_id must be at most 255 characters.'),
    // Grants addressed by email are keyed `email:{address}` beside the ids (queueKeysOf): an id must not name one.
    v.check((id) => !/^email:/i.test(id), 'external_user_id must not start with "email:".'),
    withoutControlCharacters('external_user_id'),
    notBlank('external_user_id'),
  );

const sizeBytes = (size: string): number => Number.parseFloat(size) * (size.endsWith('GB') ? 2 ** 30 : 2 ** 20);

/**
 * `0GB`, `0.0MB`, and sizes under a millionth of a MB or a billionth of a GB (`0.0000001MB`, about a tenth of a byte):
 * the size pattern admits them, but a package that counts data cannot be sold none, and the smallest of them hold no
 * whole byte. The bound is decimal (a millionth of a MB is 1.05 bytes), so a size just under it, about one byte, is
 * refused with them; no package is sold that small (decision 12). A pattern, so the OpenAPI document states the same rule,
 * in plain groups: `(?:` is outside the regular expressions JSON Schema recommends to validators.
 */
export const ZERO_SIZE_PATTERN = /^0+((\.0+)?(MB|GB)|\.0{6}\d*MB|\.0{9}\d*GB)$/;
export const isZeroSize = (size: string): boolean => ZERO_SIZE_PATTERN.test(size);
export const ZERO_SIZE_MESSAGE = 'size must be more than 0: only an unlimited package needs no size.';

/** A package size as the spec writes it (`500MB`, `1.5GB`), bounded in length and value. */
export const sizeField = () =>
  v.pipe(
    v.string('size must be a string.'),
    v.maxLength(MAX_SIZE_LENGTH, `size must be at most ${MAX_SIZE_LENGTH} characters.`),
    v.regex(SIZE_PATTERN, 'size must look like 500MB or 1.5GB.'),
    v.check((size) => sizeBytes(size) <= MAX_SIZE_BYTES, 'size must be at most 1048576GB (1 PB).'),
  );

/** Booking metadata is free-form; it is bounded so one booking stays well inside DynamoDB's item limit. */
export const MAX_DATA_BYTES = 16 * 1024;

/** Characters as the spec and JSON Schema count them: Unicode code points, so 𠮷 (two UTF-16 units) is one. */
const characterCount = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/**
 * Length bounds in characters. Each is a check that carries its bound as `characters`, so the OpenAPI conversion
 * writes it as JSON Schema's minLength or maxLength, which count the same way (shared/api/openapi-document.ts).
 */
export const minCharacters = (min: number, message: string) =>
  Object.assign(
    v.check((text: string) => text.length >= min && characterCount(text) >= min, message),
    { characters: { minLength: min } },
  );
export const maxCharacters = (max: number, message: string) =>
  Object.assign(
    v.check((text: string) => text.length <= max || characterCount(text) <= max, message),
    { characters: { maxLength: max } },
  );

const ONE_LINE = '[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069\\uFFF9-\\uFFFB]';
const ONE_LINE_SHOWING_TEXT = `^${ONE_LINE}*[^\\s\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069\\uFFF9-\\uFFFB]${ONE_LINE}*$`;

/** White space, the default-ignorable characters (zero-width spaces, marks, Hangul fillers) and the braille blank. */
const BLANK = /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Text that shows something: only spaces, or characters that show nothing (zero-width, fillers), is an unfilled or
 * padded field on the partner's side: taken as given, "   " would be a name or an id.
 */
export const notBlank = (field: string) =>
  Object.assign(
    v.check((value: string) => !BLANK.test(value), `${field} must not be blank.`),
    // For the OpenAPI document (with the one-line rule, which every field that is not blank also has): at least one
    // character that is not white space, and none of the control or direction characters. Invisible characters are
    // the service's own check.
    { jsonSchema: { pattern: ONE_LINE_SHOWING_TEXT } },
  );

export const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    minCharacters(min, `${field} must be at least ${min} character${min === 1 ? '' : 's'}.`),
    maxCharacters(max, `${field} must be at most ${max} characters.`),
    withoutControlCharacters(field),
    notBlank(field),
  );

/** An ISO 8601 date-time as decision 13 accepts it, stored and returned in the extended format. */
export const isoDateTime = (field: string) =>
  v.pipe(
    v.string(`${field} must be an ISO 8601 date-time string.`),
    v.check(isIsoDateTime, `${field} must be an ISO 8601 date-time, e.g. 2026-12-01T10:30:00+01:00.`),
    v.transform(extendedIsoDateTime),
  );

/**
 * The local part is a dot-atom: no dot first, last or twice in a row (RFC 5322 3.4.1), which rfcEmail lets by.
 * rfcEmail already refuses quoted local parts (`"a b"@…`), which mail systems rarely deliver.
 */
const isDotAtom = (localPart: string): boolean => !(localPart.startsWith('.') || localPart.endsWith('.') || localPart.includes('..'));

/**
 * An email address as RFC 5322 allows it (valibot's rfcEmail: `o'brien@example.ie`, punycode domains such as
 * `info@xn--mnchen-3ya.de`), with a dotted domain: a traveler's address is on the internet, never `user@localhost`.
 * The one email rule of every route (bookings, claims, redirect tokens, webhook alerts, the claim form).
 */
export const emailAddress = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.trim(),
    v.maxLength(254, `${field} must be at most 254 characters.`),
    v.rfcEmail(`${field} must be a valid email address.`),
    v.check((address) => address.slice(address.lastIndexOf('@') + 1).includes('.'), `${field} must be a valid email address.`),
    v.check((address) => isDotAtom(address.slice(0, address.lastIndexOf('@'))), `${field} must be a valid email address.`),
  );

/** Case-insensitive enum that answers with the spec's canonical spelling. */
export const caseInsensitivePicklist = <const T extends readonly string[]>(field: string, options: T) =>
  v.pipe(
    v.string(`${field} must be one of ${options.join(', ')}.`),
    v.transform((value) => options.find((option) => option.toLowerCase() === value.trim().toLowerCase()) ?? value),
    v.picklist(options, `${field} must be one of ${options.join(', ')}.`),
  );
