// contract → the in-memory stores the use-case unit tests run on behave as the DynamoDB adapters do: the same small
// scenarios, run on both, must end the same way (look-ups, refusals, version checks, duplicate facts, paging).
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '#bin/local/create-table';
import { localAwsClientConfig } from '#bin/local/sqs-local';
import { simulatedConnectivity } from '#shared/providers/simulated-connectivity';
import { simulatedPayments } from '#shared/providers/simulated-payments';
import { dynamoBookingPages, dynamoBookingStore } from '#shared/storage/booking-store';
import type { BookingPages } from '#shared/usecases/ports/bookings';
import { dynamoProviderOrderJournal } from '#shared/storage/provider-order-store';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import type { ProviderOrder, ProviderOrderJournal } from '#shared/usecases/ports/provider-orders';
import { ConcurrentChangeError, DuplicateFactError, type LifecycleDeps, PaymentAlreadyRecordedError } from '#shared/usecases/ports/lifecycle';
import { recordPurchase } from '#shared/usecases/payments';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { touched } from '#shared/usecases/travelers';
import { makePackageSpecification } from '#test/support/factories';
import { makeProviderOrder, memoryProviderOrderJournal } from '#test/support/fakes';
import { memoryBookingStore } from '#test/support/in-memory/bookings';
import { bookWith, fixedClock, memoryPartners } from '#test/support/in-memory/lifecycle';
import { memoryTable } from '#test/support/in-memory/table';
import { memoryTravelerStore } from '#test/support/in-memory/travelers';

const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, ...localAwsClientConfig });
const documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

type Stores = Pick<LifecycleDeps, 'travelers'> & { bookings: LifecycleDeps['bookings'] & BookingPages };

const storeKinds: Array<[string, () => Promise<Stores>]> = [
  [
    'in memory',
    async () => {
      const table = memoryTable();
      return { travelers: memoryTravelerStore(table), bookings: memoryBookingStore(table) };
    },
  ],
  [
    'DynamoDB adapters',
    async () => {
      const tableName = `contract-${randomUUID()}`;
      await ensureTable(client, tableName);
      return {
        travelers: dynamoTravelerStore(documentClient, tableName),
        bookings: { ...dynamoBookingStore(documentClient, tableName), ...dynamoBookingPages(documentClient, tableName) },
      };
    },
  ],
];

afterAll(() => client.destroy());

describe.each(storeKinds)('Lifecycle stores contract: %s', (_kind, makeStores) => {
  let deps: LifecycleDeps & Stores & { clock: ReturnType<typeof fixedClock> };
  let book: ReturnType<typeof bookWith>;

  beforeEach(async () => {
    deps = {
      ...(await makeStores()),
      partners: memoryPartners(),
      connectivity: simulatedConnectivity(),
      payments: simulatedPayments(),
      clock: fixedClock('2026-06-01T00:00:00.000Z'),
    };
    book = bookWith(deps);
  });

  it('finds a booked grant by its code and traveler key, redeems it once and refuses the second redemption', async () => {
    // Prepare
    const booking = await book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const promo = booking.promo_codes[0];

    // Act
    const uuid = await deps.travelers.findPromoCodeUuid('ptn_test', promo?.code as string);
    const refs = await deps.travelers.queueRefs('ptn_test', 'u-1');
    const redemption = await redeemPromoCode({ partnerId: 'ptn_test', uuid }, deps);
    const second = redeemPromoCode({ partnerId: 'ptn_test', uuid, externalUserId: 'u-2' }, deps);

    // Assess
    expect(uuid).toBe(promo?.uuid);
    expect(refs).toEqual([{ bookingId: booking.id, queueUuid: booking.package_queues[0]?.uuid }]);
    await expect(second).rejects.toMatchObject({ code: 'promo_code_already_redeemed' });
    expect((await deps.bookings.get('ptn_test', booking.id))?.version).toBe(2);
    const byPackage = await deps.travelers.findByPackageId(redemption.pkg.package_id);
    expect(byPackage?.user_id).toBe(redemption.traveler.user_id);
    expect((await deps.travelers.findByIccid(redemption.pkg.iccid))?.version).toBe(1);
    expect(await deps.travelers.findByExternalUserId('ptn_test', 'u-2')).toBeUndefined();
  });

  it('refuses a traveler write and a booking replace over a version someone else already changed', async () => {
    const booking = await book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const { traveler } = await redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, deps);
    const stored = await deps.bookings.get('ptn_test', booking.id);
    await deps.travelers.commit({ travelers: [touched({ before: traveler, after: { ...traveler, email: 'ada@example.com' } }, deps.clock.now())] });

    const staleTraveler = deps.travelers.commit({ travelers: [touched({ before: traveler, after: traveler }, deps.clock.now())] });
    const staleBooking = deps.bookings.replace({ ...booking, version: booking.version + 1 });

    await expect(staleTraveler).rejects.toBeInstanceOf(ConcurrentChangeError);
    await expect(staleBooking).rejects.toMatchObject({ status: 409, code: 'concurrent_modification' });
    expect(await deps.bookings.get('ptn_test', booking.id)).toEqual(stored);
    expect((await deps.travelers.findByEmail('ptn_test', 'ADA@example.com'))?.user_id).toBe(traveler.user_id);
  });

  it('refuses a second traveler that takes an external_user_id another traveler holds', async () => {
    const booking = await book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const { traveler } = await redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, deps);
    const impostor = { ...traveler, user_id: 'usr_other', esims: [], packages: [] };

    const write = deps.travelers.commit({ travelers: [touched({ before: undefined, after: impostor }, deps.clock.now())] });

    await expect(write).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(await deps.travelers.get('ptn_test', 'usr_other')).toBeUndefined();
  });

  it('gives one package_queue_uuid to one of two purchases made at once for two travelers, and refuses the other', async () => {
    // Prepare
    const purchase = (buyer: string) =>
      recordPurchase(
        {
          partnerId: 'ptn_test',
          externalUserId: buyer,
          paymentId: `pay-${buyer}`,
          amount: 499,
          currency: 'EUR',
          destination: 'FRA',
          packageQueueUuid: '0193a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b',
        },
        deps,
      );

    // Act
    const outcomes = await Promise.allSettled([purchase('buyer-a'), purchase('buyer-b')]);

    // Assess
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))).toEqual([
      expect.objectContaining({ status: 409, code: 'package_queue_uuid_taken' }),
    ]);
  });

  it("refuses a second traveler's package paid by a payment_id another traveler's package holds, as not retryable", async () => {
    await recordPurchase(
      { partnerId: 'ptn_test', externalUserId: 'buyer-1', paymentId: 'pay-shared', amount: 499, currency: 'EUR', destination: 'FRA' },
      deps,
    );

    const second = recordPurchase(
      { partnerId: 'ptn_test', externalUserId: 'buyer-2', paymentId: 'pay-shared', amount: 499, currency: 'EUR', destination: 'FRA' },
      deps,
    );

    await expect(second).rejects.toBeInstanceOf(PaymentAlreadyRecordedError);
    expect(await deps.travelers.findByExternalUserId('ptn_test', 'buyer-2')).toBeUndefined();
  });

  it('records a fact once: the second commit with its id fails as a duplicate and writes nothing', async () => {
    const fact = { reporter: 'network', eventId: 'evt-1', occurredAt: '2026-06-01T00:00:00.000Z' };
    await deps.travelers.commit({ fact });

    const again = deps.travelers.commit({ fact });

    await expect(again).rejects.toBeInstanceOf(DuplicateFactError);
    expect(await deps.travelers.factRecorded('network', 'evt-1')).toBe(true);
    expect(await deps.travelers.factRecorded('network', 'evt-2')).toBe(false);
  });

  it('refuses a second booking with a booking_id already taken', async () => {
    await book({ booking_id: 'BK-CONTRACT' });

    await expect(book({ booking_id: 'BK-CONTRACT' })).rejects.toMatchObject({ status: 409, code: 'booking_id_taken' });
  });

  it('deletes a booking with its unredeemed codes and pending entries, keeping what a redemption made', async () => {
    const booking = await book({
      package_specifications: [makePackageSpecification({ external_user_id: 'u-1' }), makePackageSpecification({ external_user_id: 'u-1' })],
    });
    const [redeemed, unredeemed] = booking.promo_codes;
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: redeemed?.uuid }, deps);
    const current = await deps.bookings.get('ptn_test', booking.id);

    await deps.bookings.delete(current as NonNullable<typeof current>);

    expect(await deps.bookings.get('ptn_test', booking.id)).toBeUndefined();
    expect(await deps.travelers.findPromoCodeUuid('ptn_test', unredeemed?.code as string)).toBeUndefined();
    expect(await deps.travelers.findPromoCodeUuid('ptn_test', redeemed?.code as string)).toBe(redeemed?.uuid);
    expect((await deps.travelers.queueRefs('ptn_test', 'u-1')).map((ref) => ref.queueUuid)).toEqual([redeemed?.package_queue_uuid]);
  });

  it('refuses to delete a booking read before someone changed it', async () => {
    const booking = await book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, deps);

    await expect(deps.bookings.delete(booking)).rejects.toMatchObject({ status: 409, code: 'concurrent_modification' });
    expect((await deps.bookings.get('ptn_test', booking.id))?.version).toBe(2);
  });

  it('pages bookings newest first, from a position toward older and newer ones', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push((await book()).id);
      deps.clock.advance(1000);
    }
    const [first, second, third, fourth] = ids;

    const newest = await deps.bookings.listPage('ptn_test', { limit: 2 });
    const older = await deps.bookings.listPage('ptn_test', { limit: 2, from: { id: third as string, direction: 'older', inclusive: false } });
    const newer = await deps.bookings.listPage('ptn_test', { limit: 2, from: { id: first as string, direction: 'newer', inclusive: true } });

    expect([newest.bookings.map((b) => b.id), newest.more]).toEqual([[fourth, third], true]);
    expect([older.bookings.map((b) => b.id), older.more]).toEqual([[second, first], false]);
    expect([newer.bookings.map((b) => b.id), newer.more]).toEqual([[second, first], true]);
  });
});

const journalKinds: Array<[string, () => Promise<ProviderOrderJournal>]> = [
  ['in memory', async () => memoryProviderOrderJournal().journal],
  [
    'DynamoDB adapter',
    async () => {
      const tableName = `contract-${randomUUID()}`;
      await ensureTable(client, tableName);
      return dynamoProviderOrderJournal(documentClient, tableName);
    },
  ],
];

const order = (attempt: number, state: ProviderOrder['state']): ProviderOrder =>
  makeProviderOrder({ partner_id: 'ptn_contract', reference: 'ptn_contract:universal:promo:a', attempt, state });

describe.each(journalKinds)('Provider order journal contract: %s', (_kind, makeJournal) => {
  it('begins an attempt once: over nothing, or over the cancelled attempt the caller read, never over another', async () => {
    // Prepare
    const journal = await makeJournal();

    // Act
    const first = await journal.begin(order(1, 'ordering'), undefined);
    const raced = await journal.begin(order(1, 'ordering'), undefined);
    await journal.save(order(1, 'cancelled'));
    const second = await journal.begin(order(2, 'ordering'), { attempt: 1 });
    const stale = await journal.begin(order(2, 'ordering'), { attempt: 1 });

    // Assess
    expect([first, raced, second, stale]).toEqual([true, false, true, false]);
    expect(await journal.get('ptn_contract', 'ptn_contract:universal:promo:a')).toMatchObject({ attempt: 2, state: 'ordering' });
  });

  it('lets one of two requests that read the same version hold the order, and a later one once that hold is over', async () => {
    // Prepare: an order a lost answer left, released (ES2+, F168)
    const journal = await makeJournal();
    const read = { ...order(1, 'ordering'), updated_at: '2026-11-28T10:00:00.000Z', in_flight_until: null };
    await journal.save(read);
    const heldAt = (at: string, until: string): ProviderOrder => ({ ...read, updated_at: at, in_flight_until: until });

    // Act
    const first = await journal.hold(heldAt('2026-11-28T10:00:01.000Z', '2026-11-28T10:00:16.000Z'), read);
    const raced = await journal.hold(heldAt('2026-11-28T10:00:01.000Z', '2026-11-28T10:00:16.000Z'), read);
    const stillHeld = await journal.hold(heldAt('2026-11-28T10:00:02.000Z', '2026-11-28T10:00:17.000Z'), { updated_at: '2026-11-28T10:00:01.000Z' });
    const afterHold = await journal.hold(heldAt('2026-11-28T10:00:16.000Z', '2026-11-28T10:00:31.000Z'), { updated_at: '2026-11-28T10:00:01.000Z' });

    // Assess
    expect([first, raced, stillHeld, afterHold]).toEqual([true, false, false, true]);
    expect(await journal.get('ptn_contract', read.reference)).toMatchObject({ state: 'ordering', in_flight_until: '2026-11-28T10:00:31.000Z' });
  });
});
