// use case → list the partner's bookings, newest first, with keyset cursors in both directions.
import type { Booking } from '#shared/domain/booking';
import { decodeCursor, encodeCursor, NO_CURSOR } from '#shared/domain/cursor';

export type { PaginationMetaOutput as PaginationMeta } from '#shared/domain/booking-response-schemas';
import type { PaginationMetaOutput as PaginationMeta } from '#shared/domain/booking-response-schemas';
import type { BookingPages } from '#shared/usecases/ports/bookings';

/**
 * At most this much booking JSON in one page. A Lambda answer holds at most 6 MB, and the body is escaped once more
 * inside it: 100 bookings at their documented maximum are about 9 MB (decision 10).
 */
export const PAGE_BYTE_BUDGET = 4 * 1024 * 1024;

/**
 * The rows that fit the byte budget, keeping those nearest the cursor (always at least one): the first rows when
 * reading toward older bookings, the last ones (the oldest of the newer rows) when reading back toward newer ones.
 */
const withinBudget = (bookings: Booking[], towardOlder: boolean, budget: number): { bookings: Booking[]; cut: boolean } => {
  const ordered = towardOlder ? bookings : [...bookings].reverse();
  let bytes = 0;
  let fit = 0;
  for (const booking of ordered) {
    bytes += Buffer.byteLength(JSON.stringify(booking));
    if (fit > 0 && bytes > budget) break;
    fit += 1;
  }
  if (fit === ordered.length) return { bookings, cut: false };
  const kept = ordered.slice(0, fit);
  return { bookings: towardOlder ? kept : kept.reverse(), cut: true };
};

/**
 * Input: partner, perPage and an optional cursor. Output: one page and its PaginationMeta.
 * Steps: decode the cursor (400 if altered), read perPage + 1 rows from the cursor's position (one Query),
 * keep what fits PAGE_BYTE_BUDGET (a page of large bookings may hold fewer than perPage; its cursor goes on from
 * there), derive both flags and sign cursors for the first and last row of the page.
 */
export const listBookings = async (
  input: { partnerId: string; perPage: number; cursor?: string; cursorKey: Buffer; byteBudget?: number },
  deps: { bookings: BookingPages },
): Promise<{ bookings: Booking[]; pagination: PaginationMeta }> => {
  const position = input.cursor ? decodeCursor(input.cursor, input.cursorKey, 'bookings') : undefined;
  const page = await deps.bookings.listPage(input.partnerId, {
    limit: input.perPage,
    from: position && {
      id: position.id,
      direction: position.direction === 'next' ? 'older' : 'newer',
      inclusive: position.inclusive === true,
    },
  });
  const towardOlder = position?.direction !== 'prev';
  const { bookings, cut } = withinBudget(page.bookings, towardOlder, input.byteBudget ?? PAGE_BYTE_BUDGET);
  const more = page.more || cut;
  const hasNextPage = towardOlder ? more : true;
  const hasPrevPage = position === undefined ? false : towardOlder ? true : more;
  const first = bookings[0];
  const last = bookings.at(-1);
  // An empty page reached through a cursor (its rows were deleted meanwhile) leads back to the cursor's row.
  const back = position && ({ direction: position.direction === 'next' ? 'prev' : 'next', id: position.id, inclusive: true } as const);
  const nextPosition = last ? { direction: 'next' as const, id: last.id } : back?.direction === 'next' ? back : undefined;
  const prevPosition = first ? { direction: 'prev' as const, id: first.id } : back?.direction === 'prev' ? back : undefined;
  return {
    bookings,
    pagination: {
      perPage: input.perPage,
      hasNextPage: hasNextPage && nextPosition !== undefined,
      hasPrevPage: hasPrevPage && prevPosition !== undefined,
      // The spec types both cursors as strings: "" says there is no page that way (decision 10).
      nextCursor: hasNextPage && nextPosition ? encodeCursor(nextPosition, input.cursorKey, 'bookings') : NO_CURSOR,
      prevCursor: hasPrevPage && prevPosition ? encodeCursor(prevPosition, input.cursorKey, 'bookings') : NO_CURSOR,
    },
  };
};
