// benchmark → partner requests through the local server beside a floor server: bare node:http doing only the
// DynamoDB calls each request kind requires, on the same DynamoDB Local.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { MAX_PACKAGE_SPECIFICATIONS } from '#shared/domain/schema-fields';
import type { PartnerProfile } from '#shared/domain/partner';
import { validate } from '#shared/domain/validate';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '#bin/local/runtime';
import { envNames } from '#shared/config';
import { createPartner } from '#shared/usecases/manage-partners';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { serviceClock } from '#shared/clock';
import * as keys from '#shared/storage/keys';
import { usedSignaturePut } from '#shared/storage/replay-guard';
import { queryShardsInOrder } from '#shared/storage/sharded-query';
import { createBooking } from '#shared/usecases/create-booking';
import { lifecycleRepositories } from '#shared/composition/lifecycle';
import { consumeGrantFor } from '#shared/usecases/grant-redemption';
import { alternating, alternatingThroughput, interleaved, median, percentile, type Row } from '#test/bench/measure';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';
import type { BookingStore } from '#shared/usecases/ports/bookings';

type Client = ReturnType<typeof signedClient>;

const SIGNATURE_WINDOW_SECONDS = 600;

/**
 * The floor of each request kind (issue 19 item 1): a bare node:http server doing exactly the DynamoDB calls the
 * design requires, concurrently where the design allows, and nothing else (no authentication, validation, envelope).
 * Every kind includes the confirming read of the partner's credentials that a warm request makes (decision F63,
 * revocation at once; F132 says why the floor counts it):
 * GET by id = GetItem ∥ the signature's conditional PutItem; list = the shards' Queries ∥ that put; POST = the
 * booking's one transaction, the signature's record inside it; dashboard = identity look-up ∥ queue Query ∥ that
 * put, then the traveler ∥ the bookings its entries name; redeem = identity look-up ∥ queue Query ∥ that put, then
 * the traveler ∥ the entry's booking, then the redemption's one transaction (the provider simulated in process, as
 * in the service it is measured against). `/bare/…` answers a GET with the GetItem alone.
 */
export const startBareServer = async (client: DynamoDBDocumentClient, tableName: string, profile: PartnerProfile, apiKey: string) => {
  const store = dynamoBookingStore(client, tableName);
  const lifecycle = lifecycleRepositories(client, tableName, serviceClock, 'dev', 'simulated');
  const partnerId = profile.partner_id;
  const usedSignature = () => ({
    apiKey: 'bench',
    signature: randomUUID(),
    expiresAtEpochSeconds: Math.floor(Date.now() / 1000) + SIGNATURE_WINDOW_SECONDS,
  });
  // The items of a booking are built in memory by the domain code; the floor server only writes them.
  const itemsOf = async (body: unknown) => {
    let captured: Parameters<BookingStore['create']>[0] | undefined;
    await createBooking(
      { partnerId, request: validate(BookingRequestSchema, body), usedSignature: usedSignature() },
      {
        bookings: { create: async (input) => void (captured = input) } as BookingStore,
        partners: { getProfile: async () => profile },
        brands: { nameOf: async () => 'Brand', resolve: async () => undefined },
        catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
        clock: serviceClock,
        // Departures are a month away (the factory's default): no booking event is due at creation, so nothing asks.
        esimInstalled: async () => false,
      },
    );
    return captured!;
  };
  const claimSignature = () => client.send(new PutCommand(usedSignaturePut(tableName, usedSignature())));
  // The confirming read of the partner's credentials every warm request makes beside its claim (decision F63).
  const confirmCredentials = () => client.send(new GetCommand({ TableName: tableName, Key: keys.apiKey(apiKey), ConsistentRead: true }));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on(
      'end',
      () =>
        void answer().catch((error: Error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: false, message: error.message }));
        }),
    );
    const answer = async () => {
      const url = new URL(req.url ?? '/', 'http://bare');
      let data: unknown;
      if (url.pathname === '/native/redeem-package') {
        // Identity look-up ∥ the traveler's queue entries ∥ the signature; then the traveler ∥ the entry's booking;
        // then the redemption's transaction, built by the same domain code.
        const { external_user_id: externalUserId, package_queue_id: queueUuid } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const [reference, refs] = await Promise.all([
          client.send(new GetCommand({ TableName: tableName, Key: keys.travelerByExternalId(partnerId, externalUserId), ConsistentRead: true })),
          lifecycle.travelers.queueRefs(partnerId, externalUserId),
          claimSignature(),
          confirmCredentials(),
        ]);
        const bookingId = refs.find((ref) => ref.queueUuid === queueUuid)?.bookingId ?? '';
        const [traveler, booking] = await Promise.all([
          reference.Item ? lifecycle.travelers.get(partnerId, String(reference.Item.user_id)) : undefined,
          lifecycle.bookings.get(partnerId, bookingId),
        ]);
        const entry = booking?.package_queues.find((q) => q.uuid === queueUuid);
        const promo = booking?.promo_codes.find((p) => p.uuid === entry?.promo_code_uuid);
        if (!booking || !entry || !promo) throw new Error(`No pending entry ${queueUuid} for ${externalUserId}`);
        const redemption = await consumeGrantFor(lifecycle, {
          booking,
          promo,
          entry,
          addressed: 'package_queue',
          identity: { externalUserId },
          knownTraveler: traveler ?? null,
        });
        data = { package_id: redemption.pkg.package_id };
      } else if (req.method === 'POST') {
        // The service waits for the confirming read before the booking's transaction (it carries the claim).
        const confirmed = confirmCredentials();
        const items = await itemsOf(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        await confirmed;
        await store.create(items);
        data = [{ id: items.booking.id }];
      } else if (url.pathname === '/native/user-dashboard') {
        // The traveler's identity look-up ∥ its queue entries ∥ the signature; then the traveler ∥ the bookings named.
        const externalUserId = url.searchParams.get('external_user_id') ?? '';
        const [reference, queue] = await Promise.all([
          client.send(new GetCommand({ TableName: tableName, Key: keys.travelerByExternalId(partnerId, externalUserId), ConsistentRead: true })),
          client.send(
            new QueryCommand({
              TableName: tableName,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :queue)',
              ExpressionAttributeValues: { ':pk': keys.travelerQueue(partnerId, externalUserId, '').pk, ':queue': 'QUEUE#' },
              ConsistentRead: true,
              Limit: 100,
            }),
          ),
          claimSignature(),
          confirmCredentials(),
        ]);
        const userId = reference.Item?.user_id as string | undefined;
        data = await Promise.all([
          ...(userId ? [client.send(new GetCommand({ TableName: tableName, Key: keys.traveler(partnerId, userId), ConsistentRead: true }))] : []),
          ...(queue.Items ?? []).map((entry) =>
            client.send(new GetCommand({ TableName: tableName, Key: keys.booking(partnerId, String(entry.booking)), ConsistentRead: true })),
          ),
        ]);
      } else if (url.pathname === '/bookings') {
        const [Items] = await Promise.all([
          queryShardsInOrder(client, {
            tableName,
            partitionKey: 'pk',
            sortKey: 'sk',
            shards: Array.from({ length: keys.BOOKING_SHARDS }, (_, shard) => keys.bookingsOf(partnerId, shard)),
            range: { condition: 'begins_with(sk, :sk)', values: { ':sk': 'BOOKING#' } },
            ascending: false,
            consistent: true,
            count: Number(url.searchParams.get('perPage') ?? 10) + 1,
          }),
          claimSignature(),
          confirmCredentials(),
        ]);
        data = Items;
      } else {
        const id = url.pathname.split('/').pop() ?? '';
        const get = client.send(new GetCommand({ TableName: tableName, Key: keys.booking(partnerId, id), ConsistentRead: true }));
        const claim = url.pathname.startsWith('/bare/') ? undefined : Promise.all([claimSignature(), confirmCredentials()]);
        data = (await get).Item;
        await claim;
      }
      res.writeHead(req.method === 'POST' && url.pathname === '/bookings' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data }));
    };
    req.on('error', (error) => console.error('Floor server request failed:', error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((done) => server.close(() => done())) };
};

/**
 * The local runtime the request figures run on, in this process: in memory, the connectivity provider simulated in
 * process (issue 19 judges the request figures so, on both sides), and a per-key limit no run reaches (one key sends
 * a few thousand requests a minute here: the bucket is still taken on every request, its cost stays in the figures,
 * but it never answers 429).
 */
export const startBenchRuntime = (projectRoot: string, options: Partial<LocalRuntimeOptions> = {}) =>
  startLocalRuntime({
    projectRoot,
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-')),
    inMemory: true,
    tableName: 'bench-table',
    provider: 'simulated',
    environment: { [envNames.partnerRequestsPerWindow]: '1000000' },
    ...options,
  });

/** For the diagnostics beside the benchmark: that runtime, one partner, its floor server, a signed client per side. */
export const startServiceBesideFloor = async (projectRoot: string) => {
  const runtime = await startBenchRuntime(projectRoot, { catalogFile: null });
  const partner = await createPartner({ name: 'Bench' }, runtime.admin);
  const profile = (await runtime.admin.partners.getProfile(partner.partner_id))!;
  const bare = await startBareServer(runtime.admin.documentClient, runtime.tableName, profile, partner.api_key);
  return {
    runtime,
    bare,
    service: signedClient(runtime.url, partner, { checkContract: false }),
    floor: signedClient(bare.url, partner, { checkContract: false }),
    stop: async () => {
      await bare.stop();
      await runtime.stop();
    },
  };
};

const expectStatus = async (response: Promise<{ status: number; body: unknown }>, status: number) => {
  const { status: actual, body } = await response;
  if (actual !== status) throw new Error(`Benchmark request answered ${actual}, expected ${status}: ${JSON.stringify(body).slice(0, 300)}`);
};

export const requestLatency = async (
  runtime: LocalRuntime,
  partner: { api_key: string; api_secret?: string; profile: PartnerProfile },
  { rounds, requests, throughputRequests }: { rounds: number; requests: number; throughputRequests: number },
): Promise<Row[]> => {
  const bare = await startBareServer(runtime.admin.documentClient, runtime.tableName, partner.profile, partner.api_key);
  try {
    // Neither side's answers are checked against the contract here: the bare server's are not the API's, and the
    // check's CPU would land in this process beside both servers. Both sign, so both pay the client's cost.
    const service: Client = signedClient(runtime.url, partner, { checkContract: false });
    const floor: Client = signedClient(bare.url, partner, { checkContract: false });
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const created = await service.send('POST', '/bookings', { body: makeBookingRequest() });
      ids.push(created.body.data[0].id);
    }
    const travelers: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const traveler = `bench-traveler-${i}-${randomUUID().slice(0, 8)}`;
      await service.send('POST', '/bookings', {
        body: makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: traveler })] }),
      });
      travelers.push(traveler);
    }
    // One pending grant per redemption, each for a traveler of its own (its first redemption), per side.
    const grantsFor = async () => {
      const grants: Array<{ externalUserId: string; queueId: string }> = [];
      while (grants.length < rounds * requests) {
        const externalUserIds = Array.from({ length: MAX_PACKAGE_SPECIFICATIONS }, () => `bench-redeemer-${randomUUID().slice(0, 12)}`);
        const booked = await service.send('POST', '/bookings', {
          body: makeBookingRequest({ package_specifications: externalUserIds.map((id) => makePackageSpecification({ external_user_id: id })) }),
        });
        const entries = booked.body.data[0].package_queues as Array<{ uuid: string }>;
        grants.push(...entries.map((entry, index) => ({ externalUserId: externalUserIds[index] as string, queueId: entry.uuid })));
      }
      return grants;
    };
    const grants = { service: await grantsFor(), floor: await grantsFor() };
    const redeem = (client: Client, pending: Array<{ externalUserId: string; queueId: string }>) => () => {
      const grant = pending.pop();
      if (!grant) throw new Error('The benchmark ran out of pending grants');
      return expectStatus(
        client.send('POST', '/native/redeem-package', { body: { external_user_id: grant.externalUserId, package_queue_id: grant.queueId } }),
        200,
      );
    };
    const dashboard = (client: Client) => (i: number) =>
      expectStatus(client.send('GET', `/native/user-dashboard?external_user_id=${travelers[i % travelers.length]}`), 200);
    const get = (client: Client) => (i: number) => expectStatus(client.send('GET', `/bookings/${ids[i % ids.length]}`), 200);
    // Concurrent clients sign in the same millisecond: a request number keeps each signature unique (ignored by both).
    const list = (client: Client) => (i: number) => expectStatus(client.send('GET', `/bookings?perPage=10&request=${i}`), 200);
    const create = (client: Client) => () => expectStatus(client.send('POST', '/bookings', { body: makeBookingRequest() }), 201);
    const kinds = { get, list, create, dashboard, redeem };
    type Kind = keyof typeof kinds;
    const pools = Object.fromEntries(
      Object.keys(kinds).flatMap((kind) => [
        [kind, [] as number[]],
        [`${kind}Floor`, [] as number[]],
      ]),
    ) as Record<Kind | `${Kind}Floor`, number[]>;
    // Each kind's requests alternate with its floor's (ABBA); the floor's p50 of each round is kept beside the service's.
    const floorP50s = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
    const pair = (kind: Kind, sides: readonly [(i: number) => Promise<unknown>, (i: number) => Promise<unknown>]) => async () => {
      const [value, reference] = await alternating(requests, sides, [pools[kind], pools[`${kind}Floor`]]);
      floorP50s[kind].push(reference);
      return value;
    };
    // Each throughput sample runs in ABBA halves with its floor's, whose rate of each round is kept beside it.
    const floorRates = { get: [] as number[], list: [] as number[] };
    const ratePair =
      (kind: keyof typeof floorRates, sides: readonly [(i: number) => Promise<unknown>, (i: number) => Promise<unknown>]) => async () => {
        const [value, reference] = await alternatingThroughput(50, throughputRequests, sides);
        floorRates[kind].push(reference);
        return value;
      };
    const figures = await interleaved(rounds, {
      get: pair('get', [get(service), get(floor)]),
      list: pair('list', [list(service), list(floor)]),
      create: pair('create', [create(service), create(floor)]),
      dashboard: pair('dashboard', [dashboard(service), dashboard(floor)]),
      redeem: pair('redeem', [redeem(service, grants.service), redeem(floor, grants.floor)]),
      getThroughput: ratePair('get', [get(service), get(floor)]),
      listThroughput: ratePair('list', [list(service), list(floor)]),
    });
    const floorNames: Record<Kind, string> = {
      get: 'floor: GetItem ∥ signature PutItem ∥ credentials GetItem',
      list: `floor: ${keys.BOOKING_SHARDS} shard Queries ∥ signature PutItem ∥ credentials GetItem`,
      create: 'floor: credentials GetItem, then the booking transaction with the signature record',
      dashboard: 'floor: identity GetItem ∥ queue Query ∥ signature PutItem ∥ credentials GetItem, then traveler ∥ bookings',
      redeem: 'floor: identity GetItem ∥ queue Query ∥ signature PutItem ∥ credentials GetItem, then traveler ∥ booking, then the transaction',
    };
    const paths: Record<Kind, string> = {
      get: 'GET /bookings/{id}',
      list: 'GET /bookings?perPage=10',
      create: 'POST /bookings',
      dashboard: 'GET /native/user-dashboard',
      redeem: 'POST /native/redeem-package',
    };
    return [
      ...(Object.keys(kinds) as Kind[]).flatMap((kind): Row[] => [
        {
          figure: `${paths[kind]} p50`,
          value: figures[kind],
          reference: median(floorP50s[kind]),
          referenceName: floorNames[kind],
          unit: 'ms',
          target: { max: 1.15 },
        },
        {
          figure: `${paths[kind]} p99`,
          value: percentile(pools[kind], 99),
          reference: percentile(pools[`${kind}Floor`], 99),
          referenceName: floorNames[kind],
          unit: 'ms',
          target: { max: 1.3 },
        },
      ]),
      {
        figure: 'GET /bookings/{id}, 50 concurrent clients',
        value: figures.getThroughput,
        reference: median(floorRates.get),
        referenceName: floorNames.get,
        unit: 'req/s',
        target: { min: 0.9 },
      },
      {
        figure: 'GET /bookings?perPage=10, 50 concurrent clients',
        value: figures.listThroughput,
        reference: median(floorRates.list),
        referenceName: floorNames.list,
        unit: 'req/s',
        target: { min: 0.9 },
      },
    ];
  } finally {
    await bare.stop();
  }
};
