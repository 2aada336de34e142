// One second of the busiest partner at internet scale, replayed through the real stores and key functions on an
// in-memory table that charges DynamoDB's capacity units per partition key: no partition may pass DynamoDB's
// per-partition limits (docs/data-model.md, Hot keys; docs/decisions.md F100).
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import type { Booking } from '#shared/domain/booking';
import { validate } from '#shared/domain/validate';
import { dynamoBookingPages, dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import * as keys from '#shared/storage/keys';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { dynamoTravelerLookups } from '#shared/storage/traveler-store';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';
import { createBooking } from '#shared/usecases/create-booking';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { capacityTable, type PartitionLoad } from '#test/support/capacity-table';
import { inDays, makeBookingRequest } from '#test/support/factories';
import { makeDomainEvent, makePartnerProfile } from '#test/support/fakes';

/** DynamoDB's per-partition limits, per second. */
const WRITE_UNITS_PER_PARTITION = 1_000;
const READ_UNITS_PER_PARTITION = 3_000;

/** The busiest partner's second (docs/data-model.md, Hot keys, lists the same mix). */
const rates = {
  bookingsCreated: 1_000,
  // Every booking's code is redeemed once and both its departure events fire once: steady state, same rates.
  redemptions: 1_000,
  departureEventsFired: 2_000,
  getById: 3_000,
  firstListPages: 800,
  deepListPages: 200,
  dashboards: 1_000,
  deliveryLogPages: 10,
};
const PER_PAGE = 10;
const DEEP_PAGE = 50;

const partner = makePartnerProfile({ partner_id: 'ptn_busiest' });
const T0 = Date.parse('2026-12-01T00:00:00.000Z');
const steppingClock = (start: number) => {
  let now = start;
  return { now: () => new Date((now += 1)) };
};

const setUp = () => {
  const table = capacityTable();
  const bookings = { ...dynamoBookingStore(table.client, 'table'), ...dynamoBookingPages(table.client, 'table') };
  const schedules = dynamoScheduleStore(table.client, 'table');
  const deliveries = dynamoDeliveryLog(table.client, 'table');
  const esimInstalled = esimInstalledAmong(dynamoTravelerLookups(table.client, 'table'));
  const clock = steppingClock(T0);
  const create = (departureInDays: number) =>
    createBooking(
      {
        partnerId: partner.partner_id,
        request: validate(
          BookingRequestSchema,
          makeBookingRequest({
            departure_date: inDays(departureInDays, T0),
            return_date: inDays(departureInDays + 10, T0),
            external_id: randomUUID(),
          }),
        ),
        usedSignature: { apiKey: partner.api_key, signature: randomUUID(), expiresAtEpochSeconds: T0 / 1000 + 600 },
      },
      {
        bookings,
        partners: { getProfile: async () => partner },
        brands: { nameOf: async () => 'Brand', resolve: async () => undefined },
        catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
        clock,
        esimInstalled,
      },
    );
  return { table, bookings, schedules, deliveries, esimInstalled, create };
};

/** Powertools idempotency's two writes of a create with an Idempotency-Key: in progress, then the stored answer. */
const idempotencyWrites = async (client: ReturnType<typeof capacityTable>['client'], booking: Booking) => {
  const Key = { pk: keys.idempotencyPartition(partner.partner_id, randomUUID()), sk: 'create-booking#9a0364b9e99bb480dd25e1f0284c8555' };
  await client.send(new PutCommand({ TableName: 'table', Item: { ...Key, status: 'INPROGRESS', expiration: T0 / 1000 } }));
  await client.send(
    new UpdateCommand({
      TableName: 'table',
      Key,
      UpdateExpression: 'SET #data = :data, #status = :status',
      ExpressionAttributeNames: { '#data': 'data', '#status': 'status' },
      ExpressionAttributeValues: { ':data': JSON.stringify([booking]), ':status': 'COMPLETED' },
    }),
  );
};

/** Replays one second at `rates` after a backlog of older bookings, and returns the load of every partition. */
const replayBusiestSecond = async (): Promise<PartitionLoad[]> => {
  const { table, bookings, schedules, deliveries, esimInstalled, create } = setUp();
  // Backlog: bookings whose departure events are due now, deep enough for the 50th list page.
  const older: Booking[] = [];
  for (let i = 0; i < rates.departureEventsFired / 2; i += 1) older.push(await create(30));
  table.resetLoads();

  const created: Booking[] = [];
  for (let i = 0; i < rates.bookingsCreated; i += 1) {
    const booking = await create(60);
    await idempotencyWrites(table.client, booking);
    created.push(booking);
  }
  for (const booking of older.slice(0, rates.redemptions)) {
    const current = (await bookings.get(partner.partner_id, booking.id)) as Booking;
    const event = makeDomainEvent({ partner_id: partner.partner_id, event: 'package.activated', event_id: `package.activated:${randomUUID()}` });
    await bookings.replace({ ...current, version: current.version + 1 }, [event]);
  }
  const sweepClock = { now: () => new Date(T0 + 30 * 86_400_000 - 3_600_000) };
  let fired = 0;
  while (fired < rates.departureEventsFired) fired += await sweepDepartureEvents({ schedules, bookings, clock: sweepClock, esimInstalled });
  for (let i = 0; i < fired + rates.redemptions; i += 1) {
    const start = {
      deliveryId: randomUUID(),
      event: makeDomainEvent({ partner_id: partner.partner_id, event_id: `e:${i}` }),
      replay: false,
      now: new Date(T0).toISOString(),
    };
    await deliveries.beginAttempt(start);
    await deliveries.recordAttempt(
      {
        partner_id: partner.partner_id,
        response_excerpt: null,
        delivery_id: start.deliveryId,
        attempt: 1,
        status_code: 200,
        verdict: 'delivered',
        latency_ms: 80,
        error: null,
        at: start.now,
      },
      'delivered',
    );
  }
  const all = [...older, ...created];
  for (let i = 0; i < rates.getById; i += 1) await bookings.get(partner.partner_id, (all[(i * 7919) % all.length] as Booking).id);
  for (let i = 0; i < rates.firstListPages; i += 1) await bookings.listPage(partner.partner_id, { limit: PER_PAGE });
  const newestFirst = [...all].sort((a, b) => (a.id < b.id ? 1 : -1));
  const deepPosition = (newestFirst[PER_PAGE * (DEEP_PAGE - 1) - 1] as Booking).id;
  for (let i = 0; i < rates.deepListPages; i += 1) {
    await bookings.listPage(partner.partner_id, { limit: PER_PAGE, from: { id: deepPosition, direction: 'older', inclusive: false } });
  }
  for (let i = 0; i < rates.dashboards; i += 1) {
    // The dashboard's own reads name the traveler (one partition each); what it shares is the booking it names.
    await bookings.get(partner.partner_id, (all[(i * 104_729) % all.length] as Booking).id);
  }
  // The partner's log pages (GET /webhooks/deliveries, and the endpoint's health reads the last 50).
  for (let i = 0; i < rates.deliveryLogPages; i += 1) await deliveries.page(partner.partner_id, { limit: 50 });
  return table.loads();
};

const describeLoad = (load: PartitionLoad) =>
  `${load.index.padEnd(5)} ${load.partition.padEnd(48)} ${String(Math.round(load.writeUnits)).padStart(6)} WCU/s ${String(Math.round(load.readUnits)).padStart(6)} RCU/s`;

describe('Capacity: hot partition keys of the busiest partner', () => {
  let loads: PartitionLoad[];

  beforeAll(async () => {
    loads = await replayBusiestSecond();
    console.log(`Busiest partitions in one second (${JSON.stringify(rates)}):\n${loads.slice(0, 12).map(describeLoad).join('\n')}`);
  }, 120_000);

  it('keeps every partition key under 1,000 write units per second', () => {
    const over = loads.filter((load) => load.writeUnits > WRITE_UNITS_PER_PARTITION).map(describeLoad);

    expect(over).toEqual([]);
  });

  it('keeps every partition key under 3,000 read units per second', () => {
    const over = loads.filter((load) => load.readUnits > READ_UNITS_PER_PARTITION).map(describeLoad);

    expect(over).toEqual([]);
  });

  it('spreads the partner bookings, its delivery log and the due index entries over their shards', () => {
    const shardsTouched = (prefix: string) => new Set(loads.filter((load) => load.partition.startsWith(prefix)).map((load) => load.partition)).size;

    expect(shardsTouched(`PARTNER#${partner.partner_id}#BOOKINGS#`)).toBe(keys.BOOKING_SHARDS);
    expect(shardsTouched('DUE#')).toBe(keys.DUE_SHARDS);
    expect(shardsTouched(`PARTNER#${partner.partner_id}#DELIVERIES#`)).toBe(keys.DELIVERY_SHARDS);
  });
});
