// use case → list the partner's bookings, newest first, with keyset cursors in both directions.
import type { Booking } from '#shared/domain/booking';
import { decodeCursor, encodeCursor, NO_CURSOR } from '#shared/domain/cursor';

export type { PaginationMetaOutput as PaginationMeta } from '#shared/domain/booking-response-schemas';
import type { PaginationMetaOutput as PaginationMeta } from '#shared/domain/booking-response-schemas';
import type { BookingPages } from '#shared/usecases/ports/bookings';

/**
 * Input: partner, perPage and an optional cursor. Output: one page and its PaginationMeta.
 * Steps: decode the cursor (400 if altered), read perPage + 1 rows from the cursor's position (one Query),
 * derive both flags and sign cursors for the first and last row of the page.
 */
export const listBookings = async (
  input: { partnerId: string; perPage: number; cursor?: string; cursorKey: Buffer },
  deps: { bookings: BookingPages },
): Promise<{ bookings: Booking[]; pagination: PaginationMeta }> => {
  const position = input.cursor ? decodeCursor(input.cursor, input.cursorKey) : undefined;
  const page = await deps.bookings.listPage(input.partnerId, {
    limit: input.perPage,
    from: position && {
      id: position.id,
      direction: position.direction === 'next' ? 'older' : 'newer',
      inclusive: position.inclusive === true,
    },
  });
  const hasNextPage = position?.direction === 'prev' ? true : page.more;
  const hasPrevPage = position === undefined ? false : position.direction === 'next' ? true : page.more;
  const first = page.bookings[0];
  const last = page.bookings.at(-1);
  // An empty page reached through a cursor (its rows were deleted meanwhile) leads back to the cursor's row.
  const back = position && ({ direction: position.direction === 'next' ? 'prev' : 'next', id: position.id, inclusive: true } as const);
  const nextPosition = last ? { direction: 'next' as const, id: last.id } : back?.direction === 'next' ? back : undefined;
  const prevPosition = first ? { direction: 'prev' as const, id: first.id } : back?.direction === 'prev' ? back : undefined;
  return {
    bookings: page.bookings,
    pagination: {
      perPage: input.perPage,
      hasNextPage: hasNextPage && nextPosition !== undefined,
      hasPrevPage: hasPrevPage && prevPosition !== undefined,
      // The spec types both cursors as strings: "" says there is no page that way (decision 10).
      nextCursor: hasNextPage && nextPosition ? encodeCursor(nextPosition, input.cursorKey) : NO_CURSOR,
      prevCursor: hasPrevPage && prevPosition ? encodeCursor(prevPosition, input.cursorKey) : NO_CURSOR,
    },
  };
};
