// Idempotency-Key: an invalid or repeated key refused when the header is read (before storage), a replay answered
// with the first document, a retry of a running call refused 409.
import { ConditionalCheckFailedException, DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '#shared/errors';
import { readIdempotencyKey } from '#shared/http/request';
import { powertoolsIdempotency } from '#shared/storage/idempotency-store';

const lambdaContext = { getRemainingTimeInMillis: () => 10_000, functionName: 'createBooking' } as Context;
const runner = () => powertoolsIdempotency(new DynamoDBClient({ region: 'eu-west-1' }), 'bookings');

/** A request's headers as API Gateway passes them: the last value of each, and every value of each. */
const withHeaders = (pairs: [string, string][]) => {
  const event = { multiValueHeaders: {} as Record<string, string[]> } as unknown as APIGatewayProxyEvent;
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) {
    event.multiValueHeaders[name] = [...(event.multiValueHeaders[name] ?? []), value];
    headers[name.toLowerCase()] = value;
  }
  return [event, headers] as const;
};

type StoredItem = PutItemCommand['input']['Item'];

/** An idempotency call of one key, as POST /bookings makes it. */
const callWith = (key: string) => ({ partnerId: 'ptn_1', idempotencyKey: key, body: { booking_id: `b-${key}` }, deadline: lambdaContext });

/**
 * The table's side of one key on the mocked client: the first put is stored, a later one is refused with the stored
 * item, as the conditional put of Powertools is; updates apply their `#name = :name` pairs when `applyUpdates`.
 */
const keyTable = (dynamo: ReturnType<typeof mockClient>, options: { applyUpdates: boolean }) => {
  let stored: StoredItem;
  dynamo.on(PutItemCommand).callsFake((input: PutItemCommand['input']) => {
    if (stored === undefined) {
      stored = input.Item;
      return {};
    }
    throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: stored });
  });
  dynamo.on(UpdateItemCommand).callsFake((input: UpdateItemCommand['input']) => {
    if (!options.applyUpdates) return {};
    const names = Object.entries(input.ExpressionAttributeNames ?? {});
    stored = {
      ...stored,
      ...Object.fromEntries(names.map(([placeholder, name]) => [name, input.ExpressionAttributeValues![`:${placeholder.slice(1)}`]!])),
    };
    return {};
  });
  return {
    stored: () => stored,
    /** Replaces what the key holds, as a record written by an earlier release would. */
    replace: (item: StoredItem) => {
      stored = item;
    },
  };
};

describe('powertoolsIdempotency', () => {
  const dynamo = mockClient(DynamoDBClient);
  afterEach(() => dynamo.reset());

  it.each([
    ['empty', ''],
    ['with a space', 'has space'],
    ['non-ASCII', 'é-accent'],
    ['256 characters long', 'x'.repeat(256)],
  ])('refuses a key that is %s with 400 when the header is read, before anything is stored', (_case, key) => {
    // Act
    const read = () => readIdempotencyKey(...withHeaders([['Idempotency-Key', key]]));

    // Assess
    expect(read).toThrow(expect.objectContaining({ status: 400, code: 'invalid_idempotency_key' }));
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('reads a valid key as it is, and no header as none', () => {
    expect(readIdempotencyKey(...withHeaders([['Idempotency-Key', 'key-1']]))).toBe('key-1');
    expect(readIdempotencyKey(...withHeaders([]))).toBeUndefined();
  });

  it('refuses a key sent twice, whatever the spelling of the header, with 400', () => {
    // Act
    const read = () =>
      readIdempotencyKey(
        ...withHeaders([
          ['Idempotency-Key', 'key-3'],
          ['idempotency-key', 'key-4'],
        ]),
      );

    // Assess
    expect(read).toThrow(expect.objectContaining({ status: 400, code: 'invalid_idempotency_key', message: expect.stringContaining('once') }));
  });

  it("answers a replay with the first answer's document, members in the same order", async () => {
    // Prepare: the table keeps what the first call stored and hands it back to the second
    const table = keyTable(dynamo, { applyUpdates: true });
    const first = await runner().run(callWith('key-5'), async () => [{ id: 'bk_1', external_id: 'x', booking_id: 'b-5', gender: null }]);

    // Act
    const replay = await runner().run(callWith('key-5'), async () => [{ id: 'never' }]);

    // Assess: kept as its JSON text (DynamoDB keeps a map's members in an order of its own), and answered as it was
    expect(table.stored()?.data?.M?.json?.S).toBe(JSON.stringify(first));
    expect(JSON.stringify(replay)).toBe(JSON.stringify(first));
  });

  it('answers a replay of a result kept as a document, as records made before results were kept as text hold it', async () => {
    // Prepare: a completed record whose data is the result itself
    const table = keyTable(dynamo, { applyUpdates: false });
    await runner().run(callWith('key-6'), async () => [{ id: 'bk_6' }]);
    table.replace({ ...table.stored(), status: { S: 'COMPLETED' }, data: { L: [{ M: { id: { S: 'bk_6' } } }] } });

    // Act
    const replay = await runner().run(callWith('key-6'), async () => [{ id: 'never' }]);

    // Assess
    expect(replay).toEqual([{ id: 'bk_6' }]);
  });

  it('answers 409 idempotency_in_progress to a retry while the first call still runs', async () => {
    // Prepare: the table keeps the first call's in-progress record and refuses a second put for the same key.
    const table = keyTable(dynamo, { applyUpdates: false });
    let finishFirst: (value: { id: string }) => void = () => {};
    const first = runner().run(callWith('key-1'), () => new Promise<{ id: string }>((resolve) => (finishFirst = resolve)));
    while (table.stored() === undefined) await new Promise((resolve) => setImmediate(resolve));

    // Act
    const retry = runner()
      .run(callWith('key-1'), async () => ({ id: 'second' }))
      .catch((error: unknown) => error);
    const refusal = await retry;
    finishFirst({ id: 'first' });

    // Assess
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    await expect(first).resolves.toEqual({ id: 'first' });
  });
});
