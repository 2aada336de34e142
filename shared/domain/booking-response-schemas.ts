// domain → the valibot schemas of what the booking operations answer: the one source for response types and docs.
// The builders in booking.ts are typed against these, so a field added there and not here fails the type check.
import * as v from 'valibot';
import { esimTypes, packageTypes } from '#shared/domain/schema-fields';

const nullable = <T extends v.GenericSchema>(schema: T) => v.nullable(schema);
const timestamp = (description: string) => v.pipe(v.string(), v.isoTimestamp(), v.description(description));
const destination = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.description('ISO3 country or IATA code, or several for a multi-destination trip.'),
);

export const PackageSpecificationSchema = v.pipe(
  v.object({
    package_type: v.picklist(packageTypes),
    package_duration: nullable(v.pipe(v.number(), v.integer(), v.description('Days.'))),
    size: nullable(v.string()),
    destination: nullable(destination),
    package_id: nullable(v.string()),
    bundle_id: nullable(v.string()),
    traffic_policy: nullable(v.string()),
  }),
  v.title('PackageSpecification'),
);

export type PackageSpecificationOutput = v.InferOutput<typeof PackageSpecificationSchema>;

export const PromoCodeResponseSchema = v.pipe(
  v.object({
    uuid: v.pipe(v.string(), v.description('Identifies the promo code (path of the single update call).')),
    code: v.pipe(v.string(), v.description('What the traveler enters in the app to redeem the package.')),
    status: v.picklist(['unredeemed', 'redeemed']),
    is_redeemed: v.boolean(),
    redeemed_at: nullable(timestamp('When the traveler redeemed the code.')),
    iso3: nullable(v.string()),
    package_type: v.picklist(packageTypes),
    package_duration: nullable(v.pipe(v.number(), v.integer())),
    size: nullable(v.string()),
    destination: nullable(destination),
    package_id: nullable(v.string()),
    traffic_policy: nullable(v.string()),
    package_specification: PackageSpecificationSchema,
    package_queue_uuid: nullable(v.string()),
    claim_url: v.optional(v.pipe(v.string(), v.url(), v.description('Public claim address; present only when the booking has no email.'))),
    created_at: timestamp('Creation time.'),
    updated_at: timestamp('Last change.'),
  }),
  v.title('PromoCode'),
);

export type PromoCodeResponseOutput = v.InferOutput<typeof PromoCodeResponseSchema>;

export const PackageQueueResponseSchema = v.pipe(
  v.object({
    uuid: v.pipe(v.string(), v.description('Stable queue identifier; the same value as queue_id in classic_package_queue.claimed.')),
    esim_type: v.picklist(esimTypes),
    external_user_id: nullable(v.string()),
    email: nullable(v.string()),
    status: v.picklist(['pending', 'redeemed', 'claimed', 'expired']),
    expires_at: nullable(v.pipe(v.string(), v.description('End of the redemption window of a classic grant, as sent.'))),
    promo_code_uuid: v.string(),
    package_type: v.picklist(packageTypes),
    package_duration: nullable(v.pipe(v.number(), v.integer())),
    size: nullable(v.string()),
    destination: nullable(destination),
    package_id: nullable(v.string()),
    bundle_id: nullable(v.string()),
    created_at: timestamp('Creation time.'),
  }),
  v.title('PackageQueueEntry'),
);

export type PackageQueueResponseOutput = v.InferOutput<typeof PackageQueueResponseSchema>;

const bookingResponseEntries = {
  id: v.pipe(v.string(), v.description("The service's booking id.")),
  external_id: nullable(v.string()),
  booking_id: nullable(v.pipe(v.string(), v.description("The partner's booking reference."))),
  title: nullable(v.string()),
  first_name: nullable(v.string()),
  last_name: nullable(v.string()),
  full_name: nullable(v.string()),
  pax: nullable(v.pipe(v.number(), v.integer())),
  email: nullable(v.string()),
  phone: nullable(v.string()),
  gender: nullable(v.string()),
  locale: nullable(v.string()),
  departure_date: v.pipe(v.string(), v.description('ISO 8601 date or date-time, as sent (or the server default for classic grants).')),
  return_date: nullable(v.string()),
  promo_codes: v.array(PromoCodeResponseSchema),
  package_queues: v.array(PackageQueueResponseSchema),
  created_at: timestamp('Creation time.'),
  updated_at: timestamp('Last change.'),
  created_by: v.string(),
  updated_by: v.string(),
  custom_branding: nullable(v.string()),
  departure_location: nullable(v.string()),
};

export const BookingResponseSchema = v.pipe(v.object(bookingResponseEntries), v.title('BookingResponse'));
export type BookingResponseOutput = v.InferOutput<typeof BookingResponseSchema>;

export const UpdatePackageSpecForPromoCodesResponseSchema = v.pipe(
  v.object({
    ...bookingResponseEntries,
    updated_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
    skipped_count: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.description('Redeemed promo codes left unchanged; absent when none.')),
    ),
  }),
  v.title('UpdatePackageSpecForPromoCodesResponse'),
);
export type UpdatePackageSpecForPromoCodesResponseOutput = v.InferOutput<typeof UpdatePackageSpecForPromoCodesResponseSchema>;

export const PaginationMetaSchema = v.pipe(
  v.object({
    perPage: v.pipe(v.number(), v.integer(), v.minValue(1)),
    hasNextPage: v.boolean(),
    hasPrevPage: v.boolean(),
    nextCursor: v.pipe(v.string(), v.description('Pass as `cursor` for the next (older) page; "" on the last page.')),
    prevCursor: v.pipe(v.string(), v.description('Pass as `cursor` for the previous (newer) page; "" on the first page.')),
  }),
  v.title('PaginationMeta'),
);
export type PaginationMetaOutput = v.InferOutput<typeof PaginationMetaSchema>;
