// domain → request schemas of the traveler lifecycle: sandbox steps, reporter facts, classic grant calls.
// Each schema is built in a pure-marked closure, so a function bundles only the ones it validates with.
import * as v from 'valibot';
import {
  DESTINATION_PATTERN,
  externalUserIdField,
  iccidField,
  isZeroSize,
  notBlank,
  sizeField,
  withoutControlCharacters,
} from '#shared/domain/schema-fields';
import { extendedIsoDateTime, isIsoDateTime, parseIsoDateTime } from '#shared/domain/dates';
import { isCountryCode } from '#shared/domain/country-codes';
import { iso3Of } from '#shared/domain/package-specification';

const isPlainObject = (input: unknown): input is Record<string, unknown> => typeof input === 'object' && input !== null && !Array.isArray(input);

/** A partner's JSON body: unknown members are ignored and `null` on an optional member means absent (decision F4). */
const body = <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, 'The body must be a JSON object.'), v.object(entries, 'The body must be a JSON object.'));

/** An optional member: `null` is read as absent (decision F4), so use cases see `undefined` only. */
const optional = <const TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.pipe(
    v.nullish(schema),
    v.transform((value): v.InferOutput<TSchema> | undefined => value ?? undefined),
  );

const id = (field: string, max = 255) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.trim(),
    v.minLength(1, `${field} must not be empty.`),
    v.maxLength(max, `${field} must be at most ${max} characters.`),
    withoutControlCharacters(field),
    notBlank(field),
  );

/** A destination code, checked by `names` and read as the ISO3 code of what it names (ISO2 converted). */
const placeCode = (names: (code: string) => boolean, refusal: string) =>
  v.pipe(
    v.string('destination must be a string.'),
    v.regex(DESTINATION_PATTERN, 'destination must be 2 or 3 upper-case letters (ISO3 country code).'),
    v.check(names, refusal),
    v.transform((code) => iso3Of(code) as string),
  );

/**
 * Where a traveler travels, as the app asks it for a grant that names none (decision F145): a country. An airport,
 * a region or an unknown code is refused: a booking's `destination` resolves airports and trips (decisions 15,
 * F153), but a traveler's choice is never guessed and never widened to a region the partner did not book.
 */
const travelerDestination = /* @__PURE__ */ (() =>
  placeCode(isCountryCode, "destination must be a country's ISO3 (or ISO2) code: the country the traveler travels to."))();

/** What a payment reporter or the sandbox says was paid for: a country, or a region's code (region bundles, F64). */
const destination = /* @__PURE__ */ (() =>
  placeCode((code) => iso3Of(code) !== null, "destination must be a country's ISO3 (or ISO2) code or a region's code such as XEU."))();
const amount = /* @__PURE__ */ (() =>
  v.pipe(
    v.number('amount must be a number.'),
    v.integer('amount must be an integer in the smallest currency unit.'),
    v.minValue(1, 'amount must be at least 1.'),
    v.maxValue(100_000_000, 'amount is too large.'),
  ))();
const currency = /* @__PURE__ */ (() =>
  v.pipe(v.string('currency must be a string.'), v.regex(/^[A-Za-z]{3}$/, 'currency must be an ISO 4217 code, e.g. EUR.')))();
/** What a payment bought: a size, and more than nothing. */
/** A package queue entry's uuid, as the service makes them (bookings and the web app's checkout). */
const queueUuid = /* @__PURE__ */ (() =>
  v.pipe(
    v.string('package_queue_uuid must be a string.'),
    v.trim(),
    v.uuid('package_queue_uuid must be a UUID, as the service makes them (the web app checkout, a booking).'),
    v.toLowerCase(),
  ))();
const size = /* @__PURE__ */ (() =>
  v.pipe(
    sizeField(),
    v.check((value) => !isZeroSize(value), 'size must be more than 0: a payment buys data.'),
  ))();
/** Read as its extended spelling (`,5` → `.5`, `+01` → `+01:00`), which every date parser downstream reads. */
/** A reporter's moment: a date-time with its zone (a date alone, or a time without zone, names no one instant). */
const dateTime = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.check(isIsoDateTime, `${field} must be an ISO 8601 date-time.`),
    v.check((value) => parseIsoDateTime(value)?.precise === true, `${field} must carry a time and a zone, e.g. 2026-11-27T10:00:00Z.`),
    v.transform(extendedIsoDateTime),
  );

/** Sandbox steps: the keys are the `npm run ops -- simulate` flags in snake_case. */
export const sandboxSchemas = /* @__PURE__ */ (() =>
  ({
    'redeem-promo-code': body({
      uuid: optional(id('uuid', 64)),
      code: optional(id('code', 64)),
      promo_code_id: optional(id('promo_code_id', 64)),
      external_user_id: optional(externalUserIdField()),
    }),
    'install-esim': body({ external_user_id: optional(externalUserIdField()), iccid: optional(id('iccid', 22)) }),
    'remove-esim': body({ external_user_id: optional(externalUserIdField()), iccid: optional(id('iccid', 22)) }),
    'activate-package': body({
      package_id: optional(id('package_id', 64)),
      package_queue_uuid: optional(queueUuid),
      external_user_id: optional(externalUserIdField()),
    }),
    'report-usage': body({
      package_id: id('package_id', 64),
      percent: v.pipe(
        v.number('percent must be a number.'),
        v.minValue(0, 'percent must be 0 to 100.'),
        v.maxValue(100, 'percent must be 0 to 100.'),
      ),
    }),
    purchase: body({
      external_user_id: externalUserIdField(),
      destination,
      amount,
      currency,
      package_queue_uuid: optional(queueUuid),
    }),
    topup: body({
      external_user_id: externalUserIdField(),
      amount,
      currency,
      destination: optional(destination),
      iccid: optional(id('iccid', 22)),
    }),
    'claim-classic': body({ external_user_id: externalUserIdField(), queue_id: id('queue_id', 64) }),
  }) as const)();

export type SandboxStep = keyof typeof sandboxSchemas;
export const sandboxSteps = /* @__PURE__ */ (() => Object.keys(sandboxSchemas) as SandboxStep[])();

const fact = <const TType extends string, const TEntries extends v.ObjectEntries>(type: TType, entries: TEntries) =>
  v.strictObject({ type: v.literal(type), event_id: id('event_id', 200), occurred_at: dateTime('occurred_at'), ...entries }, 'Unknown member.');

/** Facts reporters send to POST /ingest/facts (docs/api.md, Ingestion). */
export const FactSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.custom<unknown>(isPlainObject, 'The body must be a JSON object.'),
    v.variant(
      'type',
      [
        fact('esim.installed', { iccid: id('iccid', 22) }),
        fact('esim.removed', { iccid: id('iccid', 22) }),
        fact('package.activated', { package_id: id('package_id', 64), expires_at: v.optional(dateTime('expires_at')) }),
        fact('package.usage', {
          package_id: id('package_id', 64),
          used_bytes: v.pipe(
            v.number('used_bytes must be a number.'),
            v.integer('used_bytes must be an integer.'),
            v.minValue(0, 'used_bytes must not be negative.'),
            v.maxValue(Number.MAX_SAFE_INTEGER, 'used_bytes is too large.'),
          ),
        }),
        fact('promo_code.redeemed', {
          partner_id: id('partner_id', 64),
          promo_code_id: v.optional(id('promo_code_id', 64)),
          code: v.optional(id('code', 64)),
          external_user_id: v.optional(externalUserIdField()),
        }),
        fact('payment.purchase', {
          partner_id: id('partner_id', 64),
          external_user_id: externalUserIdField(),
          payment_id: id('payment_id', 100),
          amount,
          currency,
          destination,
          size: v.optional(size),
          package_queue_uuid: v.optional(queueUuid),
        }),
        fact('payment.topup', {
          partner_id: id('partner_id', 64),
          external_user_id: externalUserIdField(),
          payment_id: id('payment_id', 100),
          amount,
          currency,
          destination: v.optional(destination),
          iccid: v.optional(id('iccid', 22)),
          size: v.optional(size),
        }),
      ],
      'type must be one of esim.installed, esim.removed, package.activated, package.usage, promo_code.redeemed, payment.purchase, payment.topup.',
    ),
  ))();
export type Fact = v.InferOutput<typeof FactSchema>;
export type FactType = Fact['type'];

/** Which reporter may state which facts: credentials are per reporter (docs/api.md, Ingestion). */
export const reporterFacts: Record<string, readonly FactType[]> = /* @__PURE__ */ (() => ({
  network: ['package.activated', 'package.usage'],
  'esim-platform': ['esim.installed', 'esim.removed', 'promo_code.redeemed'],
  payments: ['payment.purchase', 'payment.topup'],
}))();

export const ClassicDestinationSchema = /* @__PURE__ */ (() => body({ external_user_id: externalUserIdField(), destination: travelerDestination }))();
export const ExternalUserBodySchema = /* @__PURE__ */ (() => body({ external_user_id: externalUserIdField() }))();
export const ExternalUserQuerySchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, 'Query parameters are required.'),
    v.looseObject({ external_user_id: externalUserIdField() }, 'external_user_id is required.'),
  ))();
/** The dashboard's query: the traveler, and optionally which of its eSIMs to show (a claimed classic eSIM). */
export const UserDashboardQuerySchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, 'Query parameters are required.'),
    v.looseObject({ external_user_id: externalUserIdField(), iccid: optional(iccidField()) }, 'external_user_id is required.'),
  ))();
/** `destination`: where the traveler travels, for an entry that names none (decision F145); ignored otherwise. */
export const RedeemPackageSchema = /* @__PURE__ */ (() =>
  body({ external_user_id: externalUserIdField(), package_queue_id: id('package_queue_id', 64), destination: optional(travelerDestination) }))();
/**
 * The web app's form on a waiting grant: which entry, its kind (the page says which call takes it), and the country a
 * traveler chose for a grant that names none; the session names the traveler.
 */
export const WebGrantFormSchema = /* @__PURE__ */ (() =>
  v.object({
    package_queue_id: id('package_queue_id', 64),
    esim_type: v.picklist(['universal', 'classic'], 'esim_type must be universal or classic.'),
    destination: optional(travelerDestination),
  }))();
