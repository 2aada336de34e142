// benchmark → read and write units per request and per background event, as DynamoDB reports them
// (ReturnConsumedCapacity on the handlers' shared client, table and indexes), beside the minimum the items' sizes imply.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { LocalRuntime } from '#bin/local/runtime';
import { currentRoute } from '#bin/local/table-access-guard';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoScheduleStore } from '#shared/storage/schedule-store';
import { setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { sweepDepartureEvents } from '#shared/usecases/sweep-departure-events';
import { itemBytes } from '#test/support/capacity-table';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';
import { startReceiver } from '#test/support/webhook-receiver';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';
import { dynamoTravelerLookups } from '#shared/storage/traveler-store';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

export interface CapacityTally {
  requests: number;
  calls: number;
  readUnits: number;
  writeUnits: number;
  /** Every item read or written once, alone, strongly consistent: the least its item sizes allow. */
  minimumReadUnits: number;
  minimumWriteUnits: number;
  /** Bytes the functions wrote to their log (stdout and stderr) while serving it. */
  logBytes: number;
}

const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'TransactGetItems']);
const plain = (item: unknown): Item =>
  Object.values(item as Item).some((value) => value !== null && typeof value === 'object' && ('S' in value || 'N' in value || 'M' in value))
    ? unmarshall(item as never)
    : (item as Item);
const writeUnits = (item: unknown) => Math.max(1, Math.ceil(itemBytes(plain(item)) / 1024));

/** Items a write command puts (an update or delete counts as one unit: its size is not in the request). */
const minimumWrite = (command: string, input: Input): number => {
  if (command === 'PutItem') return writeUnits(input.Item);
  if (command === 'TransactWriteItems') {
    return (input.TransactItems as Input[]).reduce((sum, entry) => sum + (entry.Put ? writeUnits(entry.Put.Item) : 1), 0);
  }
  if (command === 'BatchWriteItem') {
    return Object.values(input.RequestItems as Record<string, Input[]>)
      .flat()
      .reduce((sum, request) => sum + (request.PutRequest ? writeUnits(request.PutRequest.Item) : 1), 0);
  }
  return 1;
};

/** Bytes a read command returned. */
const bytesRead = (output: Input): number => {
  const items: unknown[] = [
    ...(output.Item ? [output.Item] : []),
    ...(output.Items ?? []),
    ...Object.values((output.Responses ?? {}) as Record<string, unknown[]>).flat(),
  ];
  return items.reduce<number>((sum, item) => sum + itemBytes(plain(item)), 0);
};

/**
 * Tallies every call of the handlers' client by the route running it (the local runtime's route context), or under
 * `background` for the event pipeline's functions. Requests are counted by the caller (`countRequest`).
 */
export const watchCapacity = async () => {
  // The handlers' shared client, imported once the local runtime has set the environment it reads.
  const { dynamoClient } = await import('#shared/composition/dynamodb');
  const tallies = new Map<string, CapacityTally & { bytesRead: number; itemsRead: number }>();
  const tallyOf = (name: string) => {
    const tally = tallies.get(name) ?? {
      requests: 0,
      calls: 0,
      readUnits: 0,
      writeUnits: 0,
      minimumReadUnits: 0,
      minimumWriteUnits: 0,
      logBytes: 0,
      bytesRead: 0,
      itemsRead: 0,
    };
    tallies.set(name, tally);
    return tally;
  };
  dynamoClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '').replace(/Command$/, '');
      const input = args.input as Input;
      input.ReturnConsumedCapacity = 'INDEXES';
      const result = await next(args);
      const output = result.output as Input;
      const tally = tallyOf(currentRoute.getStore()?.operation ?? 'background');
      const consumed = [output.ConsumedCapacity].flat().filter(Boolean) as Input[];
      const total = consumed.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      // DynamoDB Local reports a transaction's table writes at the standard rate; DynamoDB charges them twice (its
      // index writes stay standard).
      const tableUnits = consumed.reduce((sum, entry) => sum + (entry.Table?.CapacityUnits ?? 0), 0);
      const units = command === 'TransactWriteItems' ? total + tableUnits : total;
      tally.calls += 1;
      if (READS.has(command)) {
        tally.readUnits += units;
        tally.bytesRead += bytesRead(output);
        tally.itemsRead += (output.Item ? 1 : 0) + (output.Items?.length ?? 0);
      } else {
        tally.writeUnits += units;
        tally.minimumWriteUnits += minimumWrite(command, input);
      }
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
  // What a function logs lands in its log group in AWS: counted here by the route that wrote it.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const route = currentRoute.getStore()?.operation;
      if (route) tallyOf(route).logBytes += Buffer.byteLength(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  return {
    countRequest: (name: string) => void (tallyOf(name).requests += 1),
    /** Keeps what `name` spent so far under `label`; later calls of `name` start a new tally. */
    settle: (name: string, label: string) => {
      const tally = tallies.get(name);
      if (!tally) return;
      tallies.delete(name);
      tallies.set(label, tally);
    },
    /** Average size of the items a name read, for minimums that need fewer items than were read. */
    itemBytesRead: (name: string) => {
      const tally = tallies.get(name);
      return tally && tally.itemsRead > 0 ? tally.bytesRead / tally.itemsRead : 0;
    },
    /** Per request (or per event) of each name: the units spent and the minimum beside them. */
    perRequest: (): Array<[string, CapacityTally]> =>
      [...tallies].map(([name, { bytesRead: bytes, itemsRead: _items, ...tally }]) => {
        const n = Math.max(1, tally.requests);
        return [
          name,
          {
            ...tally,
            calls: tally.calls / n,
            readUnits: tally.readUnits / n,
            writeUnits: tally.writeUnits / n,
            minimumReadUnits: bytes === 0 ? 0 : Math.ceil(bytes / n / 4096),
            minimumWriteUnits: tally.minimumWriteUnits / n,
            logBytes: tally.logBytes / n,
          },
        ];
      }),
  };
};

/** A tally over `count` events instead of its requests. */
const per = (tally: CapacityTally, count: number): CapacityTally => {
  const n = Math.max(1, tally.requests);
  const scale = n / Math.max(1, count);
  return {
    requests: count,
    calls: tally.calls * scale,
    readUnits: tally.readUnits * scale,
    writeUnits: tally.writeUnits * scale,
    minimumReadUnits: tally.minimumReadUnits * scale,
    minimumWriteUnits: tally.minimumWriteUnits * scale,
    logBytes: tally.logBytes * scale,
  };
};

const LIST_PAGE = 10;

/** The routes measured, in the order a booking lives through them; each `requests` times, one after another. */
export const requestCapacity = async (
  runtime: LocalRuntime,
  partner: { partner_id: string; api_key: string; api_secret?: string },
  { requests }: { requests: number },
): Promise<Array<[string, CapacityTally]>> => {
  const watch = await watchCapacity();
  const { documentClient } = await import('#shared/composition/dynamodb');
  const receiver = await startReceiver();
  const delivered = () => receiver.received('/hooks').length;
  /** Until no webhook has arrived for 3 s. */
  const settled = async () => {
    for (let last = -1; last !== delivered(); ) {
      last = delivered();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
  };
  try {
    await setWebhookSettings(partner.partner_id, { url: `${receiver.url}/hooks` }, { ...runtime.admin, allowPrivateUrls: true });
    const client = signedClient(runtime.url, partner, { checkContract: false });
    const send = async (operation: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      watch.countRequest(operation);
      const response = await client.send(method, path, { body, headers });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const bookings: Array<{ id: string; booking_id: string; package_queues: Array<{ uuid: string }> }> = [];
    for (let i = 0; i < requests; i += 1) {
      // Departing in 3 days: inside the cutoff, so each booking writes booking.within_cutoff and a webhook follows.
      const body = makeBookingRequest({
        departure_date: inDays(3),
        return_date: inDays(10),
        package_specifications: [makePackageSpecification({ external_user_id: `traveler-${i}-${Date.now()}` })],
      });
      bookings.push((await send('createBooking', 'POST', '/bookings', body))[0]);
    }
    watch.settle('createBooking', 'createBooking (no Idempotency-Key)');
    for (let i = 0; i < requests; i += 1) {
      await send('createBooking', 'POST', '/bookings', makeBookingRequest(), { 'Idempotency-Key': `bench-${i}-${Date.now()}` });
    }
    watch.settle('createBooking', 'createBooking (with Idempotency-Key)');
    for (const booking of bookings) await send('getBooking', 'GET', `/bookings/${booking.id}`);
    for (let i = 0; i < requests; i += 1) await send('listBookings', 'GET', `/bookings?perPage=${LIST_PAGE}`);
    // A page needs perPage + 1 bookings; the shards' reads return more, which the minimum does not count.
    const listMinimum = Math.ceil(((LIST_PAGE + 1) * watch.itemBytesRead('listBookings')) / 4096);
    for (const booking of bookings) {
      const traveler = (booking as unknown as { package_queues: Array<{ external_user_id: string }> }).package_queues[0]!.external_user_id;
      await send('nativeUserDashboard', 'GET', `/native/user-dashboard?external_user_id=${traveler}`);
      await send('nativeRedeemPackage', 'POST', '/native/redeem-package', {
        external_user_id: traveler,
        package_queue_id: booking.package_queues[0]!.uuid,
      });
    }
    for (const booking of bookings) {
      await send('updatePackageSpecifications', 'PUT', `/bookings/${booking.booking_id}/updatePackageSpecifications`, {
        package_specification: { package_type: 'data-limited', size: '3GB', destination: 'ESP' },
      });
    }
    // The sweeper, run here under its own name with a clock 3 days on: each booking's about_to_depart comes due.
    const sweepStarted = Date.now();
    watch.countRequest('sweep (per event fired)');
    const fired = await currentRoute.run({ operation: 'sweep (per event fired)', auth: 'public', access: 'readWrite', indexes: ['gsi2'] }, () =>
      sweepDepartureEvents({
        schedules: dynamoScheduleStore(documentClient, runtime.tableName),
        bookings: dynamoBookingStore(documentClient, runtime.tableName),
        clock: { now: () => new Date(sweepStarted + 3 * 86_400_000 - 3_600_000) },
        esimInstalled: esimInstalledAmong(dynamoTravelerLookups(documentClient, runtime.tableName)),
      }),
    );
    for (const booking of bookings) await send('deleteBooking', 'DELETE', `/bookings/${booking.id}`);
    // Every webhook these requests and the sweep caused has arrived; the pipeline's calls are the dispatcher's.
    await settled();
    return watch.perRequest().map(([name, tally]): [string, CapacityTally] => {
      if (name === 'sweep (per event fired)') return [name, per(tally, Math.max(1, fired))];
      if (name === 'background') return [`dispatch, per webhook delivered (${delivered()})`, per(tally, delivered())];
      if (name === 'listBookings') return [`${name} (perPage ${LIST_PAGE})`, { ...tally, minimumReadUnits: listMinimum }];
      return [name, tally];
    });
  } finally {
    await receiver.close();
  }
};

/** The capacity table, as kept in docs/benchmarks.md; a figure over twice its minimum is marked. */
export const reportCapacity = (title: string, rows: Array<[string, CapacityTally]>): void => {
  const fixed = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  const mark = (spent: number, minimum: number) => `${fixed(spent)}${minimum > 0 && spent > 2 * minimum ? ' **(> 2×)**' : ''}`;
  console.log(`\n### ${title}\n`);
  console.log('| Request or event | Count | DynamoDB calls | Read units | Minimum read | Write units | Minimum write | Log bytes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, tally] of rows) {
    console.log(
      `| ${name} | ${tally.requests} | ${fixed(tally.calls)} | ${mark(tally.readUnits, tally.minimumReadUnits)} | ${fixed(tally.minimumReadUnits)} | ` +
        `${mark(tally.writeUnits, tally.minimumWriteUnits)} | ${fixed(tally.minimumWriteUnits)} | ${Math.round(tally.logBytes)} |`,
    );
  }
};
