// benchmark → fills a table with a production-shaped volume (issue 19 item 5): partners, bookings with their promo
// codes, queue entries, events and departure schedules, travelers with packages in every state, and a partner's
// delivery log. Every item comes from the real use cases and stores (createBooking, the booking and traveler stores'
// own transaction items, the delivery log), captured and written with BatchWriteItem in parallel, never by hand.
//
// `npm run bench:seed -- --bookings 1000000` seeds a table `scale-loaded` in DynamoDB Local (DYNAMODB_ENDPOINT, or
// one started for the run, kept under .local/bench-seed); `npm run bench:scale` seeds its own tables and measures.
import { createTableInput } from '#bin/local/create-table';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient, CreateTableCommand, DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import type { Booking } from '#shared/domain/booking';
import type { PartnerProfile } from '#shared/domain/partner';
import { newPackageState, newUserId, type PackageState, type Traveler, type TravelerPackage } from '#shared/domain/traveler';
import { validate } from '#shared/domain/validate';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { streamViewType } from '#shared/storage/table-definition';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import { createBooking } from '#shared/usecases/create-booking';
import { createPartner, type PartnerView } from '#shared/usecases/manage-partners';
import type { BookingStore } from '#shared/usecases/ports/bookings';
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';
import { makeEsim, makeBookingRequest, makePackageSpecification } from '#test/support/factories';

type Item = Record<string, unknown>;

export interface SeedOptions {
  tableName: string;
  bookings: number;
  partners: number;
  /** Share of the bookings held by the first partner (the one the scale benchmark reads). */
  biggestShare: number;
  /** One traveler (with an eSIM and a package) per this many bookings; packages cycle through every state. */
  bookingsPerTraveler: number;
  /** Deliveries in the first partner's log per booking. */
  deliveriesPerBooking: number;
  /** The seed's "now": departures and package expiries fall in the month after it. */
  now: Date;
  /** Base64 key the partner secrets are encrypted with (the local runtime's `LOCAL_SECRET_KEY`). */
  secretKey: string;
  /** BatchWriteItem calls in flight. */
  concurrency: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  /** The first partner, with its secret: it holds `biggestShare` of the bookings. */
  biggest: PartnerView;
  /** A traveler of the biggest partner with queue entries and a traveler item (for the dashboard). */
  traveler: string;
  items: number;
  seconds: number;
}

/** Queue entries of the traveler whose dashboard the scale benchmark reads. */
const PROBE_TRAVELER_ENTRIES = 20;
const PACKAGE_STATES: PackageState[] = ['queued', 'active', 'depleted', 'expired'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The table as the stack defines it, without its stream: seeded rows are not events, so nothing should publish them. */
export const createTableWithoutStream = async (client: DynamoDBClient, tableName: string) => {
  await client.send(new CreateTableCommand(createTableInput(tableName, { stream: false })));
};

/** Turns the stream on after seeding, as the stack's table has it; the local runtime then reads only later writes. */
export const enableStream = async (client: DynamoDBClient, tableName: string) => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType } }));
};

/** A DynamoDB client stand-in that keeps the Put items of every transaction a store sends, instead of sending it. */
const capturingClient = () => {
  const puts: Item[] = [];
  const client = {
    send: async (command: { input: { TransactItems?: Array<{ Put?: { Item: Item } }> } }) => {
      for (const entry of command.input.TransactItems ?? []) if (entry.Put) puts.push(entry.Put.Item);
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, take: () => puts.splice(0, puts.length) };
};

/** Writes items in batches of 25 with `concurrency` batches in flight, retrying what DynamoDB leaves unprocessed. */
const batchWriter = (client: DynamoDBDocumentClient, tableName: string, concurrency: number) => {
  let pending: Item[] = [];
  let written = 0;
  const inFlight = new Set<Promise<void>>();
  const writeBatch = async (batch: Item[]) => {
    let requests: unknown[] = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((done) => setTimeout(done, Math.min(1000, 20 * 2 ** attempt)));
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }));
      requests = (result.UnprocessedItems?.[tableName] as unknown[] | undefined) ?? [];
    }
    written += batch.length;
  };
  const flushBatch = async (batch: Item[]) => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const promise = writeBatch(batch).finally(() => inFlight.delete(promise));
    inFlight.add(promise);
  };
  return {
    async add(items: Item[]) {
      pending.push(...items);
      while (pending.length >= 25) await flushBatch(pending.splice(0, 25));
    },
    async finish() {
      if (pending.length > 0) await flushBatch(pending);
      pending = [];
      await Promise.all(inFlight);
      return written;
    },
    written: () => written,
  };
};

/** The booking's items exactly as the booking store's create transaction would write them (no signature record). */
const bookingItems = async (profile: PartnerProfile, request: Record<string, unknown>, now: Date, capture: ReturnType<typeof capturingClient>) => {
  const store = dynamoBookingStore(capture.client, 'seed');
  let booking: Booking | undefined;
  await createBooking(
    {
      partnerId: profile.partner_id,
      request: validate(BookingRequestSchema, request),
      usedSignature: { apiKey: profile.api_key, signature: randomUUID(), expiresAtEpochSeconds: Math.floor(now.getTime() / 1000) + 600 },
    },
    {
      bookings: {
        create: async (input) => {
          booking = input.booking;
          await store.create(input);
        },
      } as BookingStore,
      partners: { getProfile: async () => profile },
      brands: { nameOf: async () => 'Brand', resolve: async () => undefined },
      catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
      clock: { now: () => now },
      // The seed writes bookings before their travelers: none has an eSIM yet.
      esimInstalled: async () => false,
    },
  );
  return { booking: booking!, items: capture.take().filter((item) => !String(item.pk).startsWith('SIGNATURE#')) };
};

/** A traveler of the booking's first queue entry with one eSIM and one package in `state` (active ones expire within the month). */
const travelerOf = (booking: Booking, state: PackageState, now: Date, n: number): Traveler => {
  const entry = booking.package_queues[0];
  const at = now.toISOString();
  const userId = newUserId();
  const iccid = `8988${String(n).padStart(15, '0')}`;
  const activatedAt = new Date(now.getTime() - 2 * DAY).toISOString();
  const expiresAt = new Date(now.getTime() + HOUR + ((n * 7_919) % (30 * 24)) * HOUR).toISOString();
  const pkg: TravelerPackage = {
    package_id: `pkg_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    iccid,
    source: 'package_queue',
    payment_id: null,
    package_queue_uuid: entry?.uuid ?? null,
    promo_code_id: null,
    booking_id: booking.id,
    destination: 'FRA',
    package_type: 'data-limited',
    size: '1GB',
    size_bytes: 1_073_741_824,
    duration_days: 30,
    ...newPackageState(),
    state,
    ...(state === 'queued' ? {} : { activated_at: activatedAt, expires_at: state === 'expired' ? activatedAt : expiresAt }),
    ...(state === 'depleted' ? { used_bytes: 1_073_741_824, usage_reported_at: at, thresholds_fired: [50, 80, 100] } : {}),
    created_at: at,
  };
  return {
    user_id: userId,
    partner_id: booking.partner_id,
    external_user_id: entry?.external_user_id ?? null,
    external_user_id_assigned: false,
    email: null,
    attribution: { booking_id: booking.id, promo_code_id: null },
    purchased_destinations: [],
    esims: [
      makeEsim({
        iccid,
        imsi: null,
        booking_id: booking.id,
        created_at: at,
        state_changed_at: at,
        state: state === 'queued' ? 'provisioned' : 'installed',
      }),
    ],
    packages: [pkg],
    created_at: at,
    updated_at: at,
    version: 1,
  };
};

/** Which partner the n-th booking belongs to: the first takes `biggestShare`, the others the rest in turn. */
const partnerOf = (n: number, partners: PartnerView[], biggestShare: number) => {
  const [first, ...others] = partners;
  if (others.length === 0 || (n * 0.618_033_988_75) % 1 < biggestShare) return first!;
  return others[n % others.length]!;
};

export const seedTable = async (client: DynamoDBClient, options: SeedOptions): Promise<SeedResult> => {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const clock = { now: () => options.now };
  const partnerDeps = { partners: dynamoPartnerStore(documentClient, options.tableName), cipher: localSecretCipher(options.secretKey), clock };
  const partners: PartnerView[] = [];
  for (let i = 0; i < options.partners; i += 1) partners.push(await createPartner({ name: `Seed partner ${i}` }, partnerDeps));
  const profiles = new Map<string, PartnerProfile>();
  for (const partner of partners) profiles.set(partner.partner_id, (await partnerDeps.partners.getProfile(partner.partner_id))!);

  const writer = batchWriter(documentClient, options.tableName, options.concurrency);
  const capture = capturingClient();
  const travelers = dynamoTravelerStore(capture.client, 'seed');
  const probeTraveler = `seed-traveler-${randomUUID().slice(0, 8)}`;
  let probeEntries = 0;
  let lastReport = performance.now();
  for (let n = 0; n < options.bookings; n += 1) {
    const partner = partnerOf(n, partners, options.biggestShare);
    const biggest = partner === partners[0];
    // The dashboard's traveler has the same 20 queue entries on any table: the biggest partner's first 20 bookings.
    const traveler = biggest && (probeEntries += 1) <= PROBE_TRAVELER_ENTRIES ? probeTraveler : `seed-traveler-${n}`;
    const departureInDays = 1 + ((n * 31) % 30) + (n % 3 === 0 ? 30 : 0);
    const { booking, items } = await bookingItems(
      profiles.get(partner.partner_id)!,
      makeBookingRequest({
        booking_id: `SEED-${n}`,
        departure_date: new Date(options.now.getTime() + departureInDays * DAY + (n % 86_400) * 1000).toISOString(),
        return_date: new Date(options.now.getTime() + (departureInDays + 10) * DAY).toISOString(),
        package_specifications: [makePackageSpecification({ external_user_id: traveler })],
      }),
      options.now,
      capture,
    );
    await writer.add(items);
    if (n % options.bookingsPerTraveler === 0 || (traveler === probeTraveler && n === 0)) {
      const state = PACKAGE_STATES[(n / options.bookingsPerTraveler) % PACKAGE_STATES.length] ?? 'active';
      await travelers.commit({ travelers: [{ before: undefined, after: travelerOf(booking, state, options.now, n) }] });
      await writer.add(capture.take());
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      const seconds = (lastReport - started) / 1000;
      log(`  ${n + 1} bookings, ${writer.written()} items written in ${seconds.toFixed(0)} s (${(writer.written() / seconds).toFixed(0)} items/s)`);
    }
  }
  let items = await writer.finish();

  // The biggest partner's delivery log, written by the real delivery store (two writes per delivery).
  const deliveries = dynamoDeliveryLog(documentClient, options.tableName);
  const deliveryCount = Math.round(options.bookings * options.biggestShare * options.deliveriesPerBooking);
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency * 2 }, async () => {
      while (next < deliveryCount) {
        const n = (next += 1);
        const at = new Date(options.now.getTime() - n * 1000).toISOString();
        const start = {
          deliveryId: randomUUID(),
          event: {
            partner_id: partners[0]!.partner_id,
            event: 'booking.within_cutoff',
            event_id: `booking.within_cutoff:${randomUUID()}`,
            timestamp: at,
            data: {},
          } as never,
          replay: false,
          now: at,
        };
        await deliveries.beginAttempt(start);
        await deliveries.recordAttempt(
          {
            partner_id: partners[0]!.partner_id,
            delivery_id: start.deliveryId,
            attempt: 1,
            status_code: n % 50 === 0 ? 500 : 200,
            verdict: n % 50 === 0 ? 'retry' : 'delivered',
            latency_ms: 80,
            error: null,
            response_excerpt: null,
            at,
          },
          n % 50 === 0 ? 'dead_lettered' : 'delivered',
        );
      }
    }),
  );
  items += deliveryCount * 2;
  return { biggest: partners[0]!, traveler: probeTraveler, items, seconds: (performance.now() - started) / 1000 };
};

/** Command line: seed one table in DynamoDB Local and print the rate. */
const main = async () => {
  const usage = `Usage: npm run bench:seed -- [--bookings 1000000] [--partners 200] [--table scale-loaded] [--concurrency 32]

Fills a table in DynamoDB Local (DYNAMODB_ENDPOINT, or one kept under .local/bench-seed) with bookings, travelers and a
delivery log from the real use cases, and prints the rate.`;
  let values: { bookings: string; partners: string; table: string; concurrency: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        bookings: { type: 'string', default: '1000000' },
        partners: { type: 'string', default: '200' },
        table: { type: 'string', default: 'scale-loaded' },
        concurrency: { type: 'string', default: '32' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const dataDir = resolve(import.meta.dirname, '../../.local/bench-seed');
  mkdirSync(dataDir, { recursive: true });
  // DYNAMODB_ENDPOINT (e.g. a running `npm start`) is seeded in place; otherwise a DynamoDB Local kept on disk here.
  const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb'), inMemory: false });
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const secretKey = randomBytes(32).toString('base64');
    await createTableWithoutStream(client, values.table);
    const result = await seedTable(client, {
      tableName: values.table,
      bookings: Number(values.bookings),
      partners: Number(values.partners),
      biggestShare: 0.5,
      bookingsPerTraveler: 4,
      deliveriesPerBooking: 0.05,
      now: new Date(),
      secretKey,
      concurrency: Number(values.concurrency),
      log: console.log,
    });
    await enableStream(client, values.table);
    writeFileSync(join(dataDir, `${values.table}.json`), JSON.stringify({ ...result, secretKey }, null, 2), { mode: 0o600 });
    console.log(
      `Seeded ${values.table}: ${values.bookings} bookings, ${result.items} items in ${result.seconds.toFixed(0)} s ` +
        `(${(result.items / result.seconds).toFixed(0)} items/s); partner and key in ${join(dataDir, `${values.table}.json`)}`,
    );
  } finally {
    client.destroy();
    await dynamo.stop();
  }
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
