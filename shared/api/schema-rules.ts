// api docs → rules between fields that valibot states as checks, which have no JSON Schema form of their own: written
// here as JSON Schema (`allOf` of `anyOf` and `if`/`then`), so a client validating with the document refuses what the
// service refuses. Each rule names the code it mirrors.
import { requiredByPackageType } from '#shared/domain/package-schemas';
import { ZERO_SIZE_PATTERN } from '#shared/domain/schema-fields';

type Json = Record<string, unknown>;

/**
 * Every one of the fields is sent and is not null: not (one of them absent or null). Written without `required`
 * and without `properties` of its own, so that linters and tools that close every object schema for their checks
 * (Redocly's example check) read it as the rule it is.
 */
const present = (...fields: string[]): Json =>
  fields.length === 1
    ? { not: { properties: { [fields[0]!]: { type: 'null' } } } }
    : { not: { anyOf: fields.map((field) => ({ properties: { [field]: { type: 'null' } } })) } };

/** `if` the condition holds, `then` the consequence must (JSON Schema's conditional). */
const implies = (condition: Json, consequence: Json): Json => ({
  if: condition,
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a plain object
  then: consequence,
});

/** A size of zero (`0GB`, `0.0MB`), as a string the document can test. */
const zeroSize: Json = { required: ['size'], properties: { size: { type: 'string', pattern: ZERO_SIZE_PATTERN.source } } };
const isUnlimited: Json = { required: ['package_type'], properties: { package_type: { const: 'unlimited' } } };

/** Extra keywords of named component schemas: `properties` replace the converted ones, `allOf` is added to. */
export const componentRules: Record<string, { properties?: Json; allOf: Json[] }> = {
  // PromoPackageSpecificationSchema's checks (shared/domain/package-schemas.ts).
  PromoPackageSpecification: {
    allOf: [
      { anyOf: [present('package_id'), present('package_type')] },
      ...Object.entries(requiredByPackageType).map(([type, fields]) =>
        implies({ required: ['package_type'], properties: { package_type: { const: type } } }, present(...fields)),
      ),
      // A size of zero only where it is not read: no package_type (package_id alone), or unlimited.
      implies({ allOf: [zeroSize, present('package_type')] }, isUnlimited),
    ],
  },
  // PackageSpecificationEntrySchema's check: a size of zero only on an unlimited entry or beside a package_id.
  PackageSpecificationEntry: {
    allOf: [implies(zeroSize, { anyOf: [isUnlimited, present('package_id')] })],
  },
  // BookingRequestSchema's checks (shared/domain/booking-schemas.ts): email or booking_id; departure_date unless an
  // entry is classic (the server then defaults it).
  BookingRequest: {
    allOf: [
      { anyOf: [present('email'), present('booking_id')] },
      {
        if: {
          required: ['package_specifications'],
          properties: { package_specifications: { contains: { required: ['esim_type'], properties: { esim_type: { const: 'classic' } } } } },
        },
        else: present('departure_date'),
      },
    ],
  },
  // CreateRedirectTokenSchema (shared/domain/redirect-token-schemas.ts): external_user_id wins, so an email beside it
  // is not read, whatever it holds.
  CreateRedirectTokenRequest: {
    properties: {
      email: {
        description:
          'The traveler’s email, when no external_user_id is sent (an email address of at most 254 characters). ' +
          'Beside an external_user_id it is not read, whatever it holds.',
      },
    },
    allOf: [
      { anyOf: [present('external_user_id'), present('email')] },
      {
        if: present('external_user_id'),
        else: { properties: { email: { type: 'string', format: 'email', maxLength: 254 } } },
      },
    ],
  },
};

/** A converted component with its rules. */
export const withRules = (name: string, schema: Json): Json => {
  const rules = componentRules[name];
  if (!rules) return schema;
  return {
    ...schema,
    ...(rules.properties ? { properties: { ...(schema.properties as Json), ...rules.properties } } : {}),
    allOf: [...((schema.allOf as Json[] | undefined) ?? []), ...rules.allOf],
  };
};
