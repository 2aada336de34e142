// domain → limits of a booking that reads check too; apart from the schemas, so those reads do not bundle every schema.

/** Longest partner booking_id. */
export const MAX_BOOKING_REFERENCE_LENGTH = 255;
