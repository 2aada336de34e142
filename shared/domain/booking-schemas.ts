// domain → the valibot schemas of the booking payloads: one source for validation, types and docs.
import * as v from 'valibot';
import { MAX_BOOKING_REFERENCE_LENGTH } from '#shared/domain/booking-limits';
import { parseIsoDateTime } from '#shared/domain/dates';
import { DestinationSchema, packageDuration, size } from '#shared/domain/package-schemas';
import {
  caseInsensitivePicklist,
  DESTINATION_PATTERN,
  emailAddress,
  esimTypes,
  externalUserIdField,
  FLIGHT_NUMBER_PATTERN,
  genders,
  isoDateTime,
  isZeroSize,
  MAX_DATA_BYTES,
  MAX_PACKAGE_SPECIFICATIONS,
  packageTypes,
  PHONE_PATTERN,
  plainLooseObject,
  plainObject,
  text,
  titles,
  ZERO_SIZE_MESSAGE,
} from '#shared/domain/schema-fields';
import { ValidationError } from '#shared/errors';

export const PackageSpecificationEntrySchema = v.pipe(
  plainObject(
    {
      external_user_id: v.nullish(externalUserIdField()),
      email: v.nullish(emailAddress('email')),
      esim_type: v.nullish(caseInsensitivePicklist('esim_type', esimTypes)),
      expires_at: v.nullish(isoDateTime('expires_at')),
      destination: v.nullish(DestinationSchema),
      iata_code: v.nullish(
        v.pipe(
          v.string('iata_code must be a string.'),
          v.regex(DESTINATION_PATTERN, 'iata_code must be 2 or 3 upper-case letters (an IATA airport code).'),
        ),
      ),
      size: v.pipe(
        v.nullish(size),
        v.description(
          "Data allowance, e.g. `1GB`. Left out, a package that counts data is provisioned with your account's default size; `unlimited` needs none.",
        ),
      ),
      package_id: v.pipe(
        v.nullish(text('package_id', 1, 100)),
        v.description(
          'A package of the catalog. When present it defines the package: package_type, size, package_duration and destination are taken from it.',
        ),
      ),
      bundle_id: v.nullish(text('bundle_id', 1, 100)),
      package_type: v.pipe(
        v.nullish(v.picklist(packageTypes, `package_type must be one of ${packageTypes.join(', ')}.`)),
        v.description(
          'Default `data-limited`. `time-limited` is DEPRECATED: do not use it in new integrations; use `data-limited` with a short `package_duration`.',
        ),
        v.metadata({ default: 'data-limited' }),
      ),
      package_duration: v.pipe(
        v.nullish(packageDuration),
        v.description(
          'Days. Default by package_type: 365 for `data-limited`, 2 for `starter` and `time-limited`; `unlimited` has none ' +
            '(set one with an update call before the traveler redeems).',
        ),
      ),
    },
    'Each package_specifications entry must be an object.',
  ),
  // A catalog package (package_id) defines its own size; any other counts data unless it is unlimited. A bundle_id
  // does not: the entry's own size wins over a catalog bundle's (F157).
  v.forward(
    v.check((entry) => !entry.size || !isZeroSize(entry.size) || entry.package_type === 'unlimited' || Boolean(entry.package_id), ZERO_SIZE_MESSAGE),
    ['size'],
  ),
);
export type PackageSpecificationEntryInput = v.InferInput<typeof PackageSpecificationEntrySchema>;
export type PackageSpecificationEntryOutput = v.InferOutput<typeof PackageSpecificationEntrySchema>;

const instantOf = (value: string): number => parseIsoDateTime(value)?.instant.getTime() ?? Number.NaN;

const RETURN_AFTER_DEPARTURE = 'return_date must be after departure_date.';
const EARLIEST_ZONE_MS = 14 * 3_600_000;
const RETURN_AFTER_DEFAULTED_DEPARTURE = 'return_date must be after today: departure_date was left out, so the booking departs today.';

/**
 * What the schema cannot check, knowing no clock; the use case calls this with its own (`now`):
 * - a booking without departure_date departs today (UTC), so its return_date must come after that;
 * - a grant's `expires_at` must still be ahead: a redemption window that closed before the grant existed could
 *   never be used;
 * - a `date_of_birth` is not in the future.
 */
export const checkDatesAgainstNow = (
  request: Pick<BookingOutput, 'departure_date' | 'return_date' | 'date_of_birth' | 'package_specifications'>,
  now: Date,
): void => {
  const issues: { path: string; message: string }[] = [];
  const today = now.toISOString().slice(0, 10);
  if (!request.departure_date && request.return_date && !(instantOf(request.return_date) > instantOf(today))) {
    issues.push({ path: 'return_date', message: RETURN_AFTER_DEFAULTED_DEPARTURE });
  }
  request.package_specifications.forEach((entry, index) => {
    if (entry.expires_at && !(instantOf(entry.expires_at) > now.getTime())) {
      issues.push({
        path: `package_specifications.${index}.expires_at`,
        message: 'expires_at must be in the future: the redemption window would be closed already.',
      });
    }
  });
  // A date without a time begins up to 14 hours earlier east of UTC (UTC+14): a traveler born today there is not
  // refused. A date-time names its instant.
  const dateOnly = request.date_of_birth?.length === 10;
  if (request.date_of_birth && instantOf(request.date_of_birth) > now.getTime() + (dateOnly ? EARLIEST_ZONE_MS : 0)) {
    issues.push({ path: 'date_of_birth', message: 'date_of_birth must not be in the future.' });
  }
  const [first, ...more] = issues;
  if (first) throw new ValidationError(more.length > 0 ? `${first.message} (and ${more.length} more)` : first.message, issues);
};

export const BookingRequestSchema = v.pipe(
  plainObject(
    {
      departure_date: v.nullish(isoDateTime('departure_date')),
      return_date: v.nullish(isoDateTime('return_date')),
      email: v.nullish(emailAddress('email')),
      booking_id: v.nullish(text('booking_id', 3, MAX_BOOKING_REFERENCE_LENGTH)),
      external_id: v.nullish(text('external_id', 3, 100)),
      phone: v.nullish(v.pipe(v.string('phone must be a string.'), v.regex(PHONE_PATTERN, 'phone must be in E.164 form, e.g. +4915112345678.'))),
      first_name: v.nullish(text('first_name', 1, 100)),
      last_name: v.nullish(text('last_name', 1, 100)),
      full_name: v.nullish(text('full_name', 1, 200)),
      title: v.nullish(caseInsensitivePicklist('title', titles)),
      pax: v.nullish(
        v.pipe(
          v.number('pax must be an integer.'),
          v.integer('pax must be an integer.'),
          v.minValue(1, 'pax must be at least 1.'),
          v.maxValue(1000, 'pax must be at most 1000.'),
        ),
      ),
      flight_number: v.nullish(
        v.pipe(v.string('flight_number must be a string.'), v.regex(FLIGHT_NUMBER_PATTERN, 'flight_number must be 1 to 10 letters or digits.')),
      ),
      gender: v.nullish(caseInsensitivePicklist('gender', genders)),
      date_of_birth: v.nullish(isoDateTime('date_of_birth')),
      locale: v.nullish(v.pipe(text('locale', 2, 5), v.regex(/^[A-Za-z0-9_-]+$/, 'locale must be a language code such as en or en-GB.'))),
      data: v.nullish(
        v.pipe(
          plainLooseObject(
            {
              source: v.optional(v.string('data.source must be a string.')),
              manual: v.optional(v.boolean('data.manual must be a boolean.')),
              action: v.optional(v.string('data.action must be a string.')),
              tags: v.optional(v.array(v.string('data.tags must be strings.'), 'data.tags must be an array of strings.')),
            },
            'data must be an object.',
          ),
          v.check((data) => Buffer.byteLength(JSON.stringify(data)) <= MAX_DATA_BYTES, `data must be at most ${MAX_DATA_BYTES / 1024} KB as JSON.`),
        ),
      ),
      communication_options: v.nullish(
        plainObject(
          {
            should_send_message: v.optional(v.boolean('should_send_message must be a boolean.')),
            // EMAIL is the channel the service sends on; other values are kept but not acted on (spec: "not shown").
            channels: v.optional(
              v.pipe(
                v.array(
                  v.pipe(
                    v.string('channels must be an array of strings.'),
                    v.minLength(1, 'A channel must not be empty.'),
                    v.maxLength(32, 'A channel is at most 32 characters.'),
                  ),
                  'channels must be an array of strings.',
                ),
                v.maxLength(10, 'channels lists at most 10 values.'),
              ),
            ),
          },
          'communication_options must be an object.',
        ),
      ),
      custom_branding: v.nullish(text('custom_branding', 1, 100)),
      departure_location: v.nullish(text('departure_location', 1, 200)),
      package_specifications: v.pipe(
        v.array(PackageSpecificationEntrySchema, 'package_specifications is required: an array with at least one entry.'),
        v.minLength(1, 'package_specifications must have at least one entry.'),
        v.maxLength(MAX_PACKAGE_SPECIFICATIONS, `package_specifications may have at most ${MAX_PACKAGE_SPECIFICATIONS} entries.`),
      ),
    },
    'The request body must be a JSON object.',
  ),
  v.forward(
    v.partialCheck(
      [['email'], ['booking_id']],
      (input) => Boolean(input.email) || Boolean(input.booking_id),
      'Either email or booking_id is required.',
    ),
    ['email'],
  ),
  v.forward(
    v.partialCheck(
      [['departure_date'], ['package_specifications']],
      (input) => Boolean(input.departure_date) || input.package_specifications.some((entry) => entry.esim_type === 'classic'),
      'departure_date is required (it may be omitted only when a package specification has esim_type classic).',
    ),
    ['departure_date'],
  ),
  v.forward(
    v.partialCheck(
      [['departure_date'], ['return_date']],
      (input) => !input.return_date || !input.departure_date || instantOf(input.return_date) > instantOf(input.departure_date),
      RETURN_AFTER_DEPARTURE,
    ),
    ['return_date'],
  ),
);
export type BookingInput = v.InferInput<typeof BookingRequestSchema>;
export type BookingOutput = v.InferOutput<typeof BookingRequestSchema>;
