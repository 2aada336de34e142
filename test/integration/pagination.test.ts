// GET /bookings paging forward and back over 27 bookings, with cursor tampering and bounds.
import { makeBookingRequest } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Booking list pagination', () => {
  let service: TestService;
  let client: SignedClient;
  let otherClient: SignedClient;
  const createdIds: string[] = [];

  beforeAll(async () => {
    service = await startTestService();
    ({ client } = await service.newPartner());
    ({ client: otherClient } = await service.newPartner());
    for (let i = 0; i < 27; i += 1) {
      const response = await client.send('POST', '/bookings', { body: makeBookingRequest({ external_id: `EXT-${i}` }) });
      createdIds.push(response.body.data[0].id);
    }
    await otherClient.send('POST', '/bookings', { body: makeBookingRequest() });
    // 28 sequential creates: on a loaded machine they need more than the default 30 s.
  }, 120_000);
  afterAll(() => service.stop());

  const page = (query: string) => client.send('GET', `/bookings${query}`);

  it('lists newest first with perPage 10 by default and no-cache headers', async () => {
    const response = await page('');

    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(10);
    expect(response.body.data.map((b: { id: string }) => b.id)).toEqual([...createdIds].reverse().slice(0, 10));
    expect(response.body.pagination).toMatchObject({ perPage: 10, hasNextPage: true, hasPrevPage: false, prevCursor: '' });
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('walks forward to the end and back to the start with the cursors', async () => {
    // Act: forward
    const forward: string[][] = [];
    let cursor: string | null = null;
    let last: any;
    do {
      last = await page(`?perPage=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      forward.push(last.body.data.map((b: { id: string }) => b.id));
      cursor = last.body.pagination.nextCursor;
    } while (last.body.pagination.hasNextPage);

    // Act: back
    const backward: string[][] = [];
    cursor = last.body.pagination.prevCursor;
    let current: any = last;
    while (current.body.pagination.hasPrevPage) {
      current = await page(`?perPage=10&cursor=${encodeURIComponent(current.body.pagination.prevCursor)}`);
      backward.unshift(current.body.data.map((b: { id: string }) => b.id));
    }

    // Assess
    expect(forward.map((ids) => ids.length)).toEqual([10, 10, 7]);
    expect(forward.flat()).toEqual([...createdIds].reverse());
    expect(last.body.pagination).toMatchObject({ hasNextPage: false, nextCursor: '', hasPrevPage: true });
    expect(backward).toEqual(forward.slice(0, 2));
    expect(current.body.pagination).toMatchObject({ hasPrevPage: false, prevCursor: '', hasNextPage: true });
    expect(cursor).toEqual(expect.any(String));
  });

  it("shows only the partner's own bookings", async () => {
    const response = await otherClient.send('GET', '/bookings?perPage=100');
    expect(response.body.data).toHaveLength(1);
    expect(createdIds).not.toContain(response.body.data[0].id);
  });

  it("refuses an altered cursor and another partner's cursor with 400", async () => {
    const first = await page('?perPage=5');
    const cursor: string = first.body.pagination.nextCursor;
    // The tag's first character carries six significant bits (its last carries two, so a change there may decode alike).
    const dot = cursor.indexOf('.');
    const altered = `${cursor.slice(0, dot + 1)}${cursor[dot + 1] === 'A' ? 'B' : 'A'}${cursor.slice(dot + 2)}`;

    const tampered = await page(`?cursor=${encodeURIComponent(altered)}`);
    const foreign = await otherClient.send('GET', `/bookings?cursor=${encodeURIComponent(cursor)}`);

    expect(tampered.status).toBe(400);
    expect(tampered.body.error.details[0].path).toBe('cursor');
    expect(foreign.status).toBe(400);
  });

  it.each(['0', '-1', 'abc', '1.5', '101'])('refuses perPage=%s with 400', async (perPage) => {
    const response = await page(`?perPage=${perPage}`);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].path).toBe('perPage');
  });

  it('accepts perPage=1 and the maximum 100', async () => {
    const one = await page('?perPage=1');
    const hundred = await page('?perPage=100');
    expect(one.body.data).toHaveLength(1);
    expect(hundred.body.data).toHaveLength(27);
    expect(hundred.body.pagination.hasNextPage).toBe(false);
  });

  it('leads back from an empty page reached through a cursor', async () => {
    // Prepare: a partner with 2 bookings, a cursor past the last one, then that last booking deleted
    const { client: smallClient } = await service.newPartner();
    for (let i = 0; i < 2; i += 1) await smallClient.send('POST', '/bookings', { body: makeBookingRequest() });
    const first = await smallClient.send('GET', '/bookings?perPage=1');
    const second = await smallClient.send('GET', `/bookings?perPage=1&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`);
    await smallClient.send('DELETE', `/bookings/${second.body.data[0].id}`);

    // Act
    const empty = await smallClient.send('GET', `/bookings?perPage=1&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`);
    const back = await smallClient.send('GET', `/bookings?perPage=1&cursor=${encodeURIComponent(empty.body.pagination.prevCursor)}`);

    // Assess
    expect(empty.body.data).toEqual([]);
    expect(empty.body.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    expect(back.body.data.map((b: { id: string }) => b.id)).toEqual([first.body.data[0].id]);
  });
});
