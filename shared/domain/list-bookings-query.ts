// domain → the query of GET /bookings.
import * as v from 'valibot';

/** Largest page; the spec leaves it open (docs/decisions.md). */
export const MAX_PER_PAGE = 100;

export const ListBookingsQuerySchema = v.object({
  perPage: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, `perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`),
      v.transform(Number),
      v.minValue(1, 'perPage must be at least 1.'),
      v.maxValue(MAX_PER_PAGE, `perPage must be at most ${MAX_PER_PAGE}.`),
    ),
    '10',
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1024, 'cursor is not valid.'))),
});
export type ListBookingsQueryOutput = v.InferOutput<typeof ListBookingsQuerySchema>;
