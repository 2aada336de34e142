// domain → the package specification schemas of the promo-code update calls and the catalog, and the destination
// and size fields they share with the booking request.
import * as v from 'valibot';
import {
  DESTINATION_PATTERN,
  isZeroSize,
  type PackageType,
  packageTypes,
  plainObject,
  sizeField,
  text,
  ZERO_SIZE_MESSAGE,
} from '#shared/domain/schema-fields';

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

export const packageDuration = v.pipe(
  v.number('package_duration must be an integer number of days.'),
  v.integer('package_duration must be an integer number of days.'),
  v.minValue(1, 'package_duration must be at least 1 day.'),
  v.maxValue(3650, 'package_duration must be at most 3650 days.'),
);

export const size = sizeField();

/** The promo-code PackageSpecification of the update calls, with the spec's conditional-requirement table. */
/** What each package type requires of the update body (spec, "Conditional requirements by package_type"). */
export const requiredByPackageType = {
  'data-limited': ['size'],
  'time-limited': ['size', 'package_duration'],
  unlimited: ['package_duration', 'traffic_policy'],
  starter: ['size', 'package_duration'],
} as const satisfies Record<PackageType, ReadonlyArray<'size' | 'package_duration' | 'traffic_policy'>>;

const requiresField = (type: PackageType, field: string): boolean => (requiredByPackageType[type] as readonly string[]).includes(field);

export const PromoPackageSpecificationSchema = v.pipe(
  plainObject(
    {
      package_id: v.pipe(
        v.nullish(text('package_id', 1, 100)),
        v.description(
          'A package of the catalog. At least one of package_id or package_type is required. Alone, it defines the package: ' +
            'package_type, size, package_duration, destination and traffic_policy are taken from it and the other fields are ignored.',
        ),
      ),
      package_type: v.pipe(
        v.nullish(v.picklist(packageTypes, `package_type must be one of ${packageTypes.join(', ')}.`)),
        v.description(
          'Required unless package_id is given; with it, the fields of this body are used instead of the catalog package. ' +
            '`time-limited` is DEPRECATED: do not use it in new integrations; use `data-limited` with a short `package_duration`.',
        ),
      ),
      size: v.pipe(v.nullish(size), v.description('Required for `data-limited`, `starter` and `time-limited`; optional for `unlimited`.')),
      package_duration: v.pipe(
        v.nullish(packageDuration),
        v.description('Days. Required for `starter`, `time-limited` and `unlimited`; for `data-limited` optional, default 365.'),
      ),
      destination: v.nullish(DestinationSchema),
      traffic_policy: v.pipe(
        v.nullish(text('traffic_policy', 1, 100)),
        v.description('Required for `unlimited`; ignored (stored as null) for the other types.'),
      ),
    },
    'package_specification must be an object.',
  ),
  v.description(
    'At least one of package_id or package_type is required. With package_type, what each type requires: `data-limited` size ' +
      '(package_duration defaults to 365); `starter` and `time-limited` (deprecated) size and package_duration; `unlimited` ' +
      'package_duration and traffic_policy.',
  ),
  v.check((spec) => Boolean(spec.package_id) || Boolean(spec.package_type), 'package_specification needs package_id or package_type (or both).'),
  v.forward(
    v.check(
      (spec) => !spec.package_type || !requiresField(spec.package_type, 'size') || Boolean(spec.size),
      'size is required for this package_type.',
    ),
    ['size'],
  ),
  v.forward(
    v.check((spec) => !spec.package_type || spec.package_type === 'unlimited' || !spec.size || !isZeroSize(spec.size), ZERO_SIZE_MESSAGE),
    ['size'],
  ),
  v.forward(
    v.check(
      (spec) => !spec.package_type || !requiresField(spec.package_type, 'package_duration') || Boolean(spec.package_duration),
      'package_duration is required for this package_type.',
    ),
    ['package_duration'],
  ),
  v.forward(
    v.check(
      (spec) => !spec.package_type || !requiresField(spec.package_type, 'traffic_policy') || Boolean(spec.traffic_policy),
      'traffic_policy is required for unlimited packages.',
    ),
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
