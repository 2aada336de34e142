// use cases on in-memory stores → a page of bookings bounded in bytes as well as rows (decision F147): fewer rows
// than perPage when bookings are large, and cursors that still lead over every booking once, both ways.
import { randomBytes } from 'node:crypto';
import { memoryBookingStore } from '#test/support/in-memory/bookings';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { listBookings } from '#shared/usecases/list-bookings';
import type { Booking } from '#shared/domain/booking';

const cursorKey = randomBytes(32);
/** Booking ids are UUIDv7: newest first is descending id order (the world's clock is fixed, so not creation order). */
const newestFirst = (bookings: Booking[]) =>
  bookings
    .map((b) => b.id)
    .sort()
    .reverse();

describe('Use case: listBookings, byte budget', () => {
  const prepare = async () => {
    const world = memoryLifecycle();
    const created: Booking[] = [];
    for (let i = 0; i < 10; i += 1) created.push(await world.book({ data: { note: 'x'.repeat(2000) } }));
    // Room for three bookings and a half: pages of three rows although perPage asks for ten.
    const byteBudget = Math.floor(Buffer.byteLength(JSON.stringify(created[0])) * 3.5);
    const page = (cursor?: string) =>
      listBookings({ partnerId: 'ptn_test', perPage: 10, cursor, cursorKey, byteBudget }, { bookings: memoryBookingStore(world.table) });
    return { created, page };
  };

  it('cuts a page at the budget and goes on from its last row, showing every booking once', async () => {
    // Prepare
    const { created, page } = await prepare();

    // Act
    const pages = [await page()];
    while (pages.at(-1)?.pagination.hasNextPage) pages.push(await page(pages.at(-1)?.pagination.nextCursor));

    // Assess
    expect(pages.map((p) => p.bookings.length)).toEqual([3, 3, 3, 1]);
    expect(pages.flatMap((p) => p.bookings.map((b) => b.id))).toEqual(newestFirst(created));
    expect(pages.map((p) => p.pagination.hasPrevPage)).toEqual([false, true, true, true]);
  });

  it('keeps the rows nearest the cursor when paging back, and offers the newer ones beyond', async () => {
    // Prepare
    const { created, page } = await prepare();
    const first = await page();
    const second = await page(first.pagination.nextCursor);
    const third = await page(second.pagination.nextCursor);

    // Act
    const back = await page(third.pagination.prevCursor);
    const backAgain = await page(back.pagination.prevCursor);

    // Assess
    expect(back.bookings.map((b) => b.id)).toEqual(newestFirst(created).slice(3, 6));
    expect(back.pagination).toMatchObject({ hasPrevPage: true, hasNextPage: true });
    expect(backAgain.bookings.map((b) => b.id)).toEqual(newestFirst(created).slice(0, 3));
    expect(backAgain.pagination.hasPrevPage).toBe(false);
  });
});
