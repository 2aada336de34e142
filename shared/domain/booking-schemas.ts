// domain → the valibot schemas of the booking payloads: one source for validation, types and docs.
import * as v from 'valibot';
import { MAX_BOOKING_REFERENCE_LENGTH } from '#shared/domain/booking-limits';
import { isIsoDateTime, parseIsoDateTime } from '#shared/domain/dates';
import { ValidationError } from '#shared/errors';

export const packageTypes = ['starter', 'data-limited', 'unlimited', 'time-limited'] as const;
export type PackageType = (typeof packageTypes)[number];

export const titles = ['mr.', 'ms.', 'mrs.', 'miss', 'dr.', 'prof.'] as const;
export const genders = ['M', 'F', 'O'] as const;
export const esimTypes = ['classic', 'universal'] as const;

/** Most entries one booking may carry; keeps every create inside one atomic DynamoDB transaction. */
export const MAX_PACKAGE_SPECIFICATIONS = 25;

/** Longest booking_id; also bounds the storage key it becomes (defined with the aggregate, see there). */

/** The spec prints these patterns with doubled backslashes; these are the intended expressions. */
export const SIZE_PATTERN = /^[0-9]\d*(\.\d+)?(MB|GB)$/;
export const DESTINATION_PATTERN = /^[A-Z]{2,3}$/;
export const PHONE_PATTERN = /^\+\d{1,3}\d{1,14}$/;
export const FLIGHT_NUMBER_PATTERN = /^[a-zA-Z0-9]{1,10}$/;

const isPlainObject = (input: unknown): input is Record<string, unknown> => typeof input === 'object' && input !== null && !Array.isArray(input);

/** valibot's object schemas also take arrays; JSON objects are what the spec means. */
export const plainObject = <const TEntries extends v.ObjectEntries>(entries: TEntries, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.object(entries, message));

const plainLooseObject = <const TEntries extends v.ObjectEntries>(entries: TEntries, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isPlainObject, message), v.looseObject(entries, message));

/** Booking metadata is free-form; it is bounded so one booking stays well inside DynamoDB's item limit. */
export const MAX_DATA_BYTES = 16 * 1024;

const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.minLength(min, `${field} must be at least ${min} character${min === 1 ? '' : 's'}.`),
    v.maxLength(max, `${field} must be at most ${max} characters.`),
  );

const isoDateTime = (field: string) =>
  v.pipe(
    v.string(`${field} must be an ISO 8601 date-time string.`),
    v.check(isIsoDateTime, `${field} must be an ISO 8601 date-time, e.g. 2026-12-01T10:30:00+01:00.`),
  );

export const emailAddress = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.trim(),
    v.maxLength(254, `${field} must be at most 254 characters.`),
    v.email(`${field} must be a valid email address.`),
  );

/** Case-insensitive enum that answers with the spec's canonical spelling. */
const caseInsensitivePicklist = <const T extends readonly string[]>(field: string, options: T) =>
  v.pipe(
    v.string(`${field} must be one of ${options.join(', ')}.`),
    v.transform((value) => options.find((option) => option.toLowerCase() === value.trim().toLowerCase()) ?? value),
    v.picklist(options, `${field} must be one of ${options.join(', ')}.`),
  );

const destinationCode = v.pipe(
  v.string('destination must be a string or an array of strings.'),
  v.regex(DESTINATION_PATTERN, 'Each destination must be 2 or 3 upper-case letters (ISO3 country or IATA code).'),
);

export const DestinationSchema = v.union(
  [
    destinationCode,
    v.pipe(
      v.array(destinationCode, 'destination must be a string or an array of strings.'),
      v.minLength(1, 'destination must not be an empty array.'),
      v.maxLength(20, 'destination lists at most 20 codes.'),
    ),
  ],
  'destination must be a string or an array of 2–3 letter upper-case codes.',
);

const packageDuration = v.pipe(
  v.number('package_duration must be an integer number of days.'),
  v.integer('package_duration must be an integer number of days.'),
  v.minValue(1, 'package_duration must be at least 1 day.'),
  v.maxValue(3650, 'package_duration must be at most 3650 days.'),
);

const size = v.pipe(v.string('size must be a string.'), v.regex(SIZE_PATTERN, 'size must look like 500MB or 1.5GB.'));

export const PackageSpecificationEntrySchema = plainObject(
  {
    external_user_id: v.nullish(text('external_user_id', 1, 255)),
    email: v.nullish(emailAddress('email')),
    esim_type: v.nullish(caseInsensitivePicklist('esim_type', esimTypes)),
    expires_at: v.nullish(isoDateTime('expires_at')),
    destination: v.nullish(DestinationSchema),
    iata_code: v.nullish(destinationCode),
    size: v.nullish(size),
    package_id: v.nullish(text('package_id', 1, 100)),
    bundle_id: v.nullish(text('bundle_id', 1, 100)),
    package_type: v.nullish(v.picklist(packageTypes, `package_type must be one of ${packageTypes.join(', ')}.`)),
    package_duration: v.nullish(packageDuration),
  },
  'Each package_specifications entry must be an object.',
);
export type PackageSpecificationEntryInput = v.InferInput<typeof PackageSpecificationEntrySchema>;
export type PackageSpecificationEntryOutput = v.InferOutput<typeof PackageSpecificationEntrySchema>;

const instantOf = (value: string): number => parseIsoDateTime(value)?.instant.getTime() ?? Number.NaN;

const RETURN_AFTER_DEPARTURE = 'return_date must be after departure_date (today, when departure_date is left to the server).';

/**
 * A booking without departure_date departs today, by the clock of whoever creates it (`today`, YYYY-MM-DD in UTC):
 * its return_date must come after that. The schema knows no clock, so it checks return_date only against a given
 * departure_date; the use case calls this with its own clock.
 */
export const checkReturnAfterDefaultedDeparture = (request: Pick<BookingOutput, 'departure_date' | 'return_date'>, today: string): void => {
  if (request.departure_date || !request.return_date || instantOf(request.return_date) > instantOf(today)) return;
  throw new ValidationError(RETURN_AFTER_DEPARTURE, [{ path: 'return_date', message: RETURN_AFTER_DEPARTURE }]);
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
      locale: v.nullish(text('locale', 2, 5)),
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

/** The promo-code PackageSpecification of the update calls, with the spec's conditional-requirement table. */
export const PromoPackageSpecificationSchema = v.pipe(
  plainObject(
    {
      package_id: v.nullish(text('package_id', 1, 100)),
      package_type: v.nullish(v.picklist(packageTypes, `package_type must be one of ${packageTypes.join(', ')}.`)),
      size: v.nullish(size),
      package_duration: v.nullish(packageDuration),
      destination: v.nullish(DestinationSchema),
      traffic_policy: v.nullish(text('traffic_policy', 1, 100)),
    },
    'package_specification must be an object.',
  ),
  v.check((spec) => Boolean(spec.package_id) || Boolean(spec.package_type), 'package_specification needs package_id or package_type (or both).'),
  v.forward(
    v.check((spec) => !spec.package_type || spec.package_type === 'unlimited' || Boolean(spec.size), 'size is required for this package_type.'),
    ['size'],
  ),
  v.forward(
    v.check(
      (spec) => !spec.package_type || spec.package_type === 'data-limited' || Boolean(spec.package_duration),
      'package_duration is required for this package_type.',
    ),
    ['package_duration'],
  ),
  v.forward(
    v.check((spec) => spec.package_type !== 'unlimited' || Boolean(spec.traffic_policy), 'traffic_policy is required for unlimited packages.'),
    ['traffic_policy'],
  ),
);
export type PromoPackageSpecificationInput = v.InferInput<typeof PromoPackageSpecificationSchema>;
export type PromoPackageSpecificationOutput = v.InferOutput<typeof PromoPackageSpecificationSchema>;

/** A catalog package as ops import it (`npm run ops -- catalog put`). */
export const CatalogPackageSchema = plainObject(
  {
    id: text('id', 1, 100),
    package_type: v.picklist(packageTypes, `package_type must be one of ${packageTypes.join(', ')}.`),
    size: v.nullish(size, null),
    package_duration: v.nullish(packageDuration, null),
    destination: v.nullish(DestinationSchema, null),
    traffic_policy: v.nullish(text('traffic_policy', 1, 100), null),
  },
  'A catalog package must be a JSON object.',
);

export const UpdatePackageSpecificationSchema = plainObject(
  { package_specification: PromoPackageSpecificationSchema },
  'The request body must be a JSON object with a package_specification object.',
);
export type UpdatePackageSpecificationInput = v.InferInput<typeof UpdatePackageSpecificationSchema>;

/** Largest page; the spec leaves it open (docs/decisions.md). */
export const MAX_PER_PAGE = 100;

export const ListBookingsQuerySchema = v.object({
  perPage: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'perPage must be a whole number.'),
      v.transform(Number),
      v.minValue(1, 'perPage must be at least 1.'),
      v.maxValue(MAX_PER_PAGE, `perPage must be at most ${MAX_PER_PAGE}.`),
    ),
    '10',
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1024, 'cursor is not valid.'))),
});
export type ListBookingsQueryOutput = v.InferOutput<typeof ListBookingsQuerySchema>;
