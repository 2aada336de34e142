// Idempotency-Key: an invalid key refused when the header is read (before storage), a retry of a running call refused 409.
import { ConditionalCheckFailedException, DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '#shared/errors';
import { readIdempotencyKey } from '#shared/http/request';
import { powertoolsIdempotency } from '#shared/storage/idempotency-store';

const lambdaContext = { getRemainingTimeInMillis: () => 10_000, functionName: 'createBooking' } as Context;
const runner = () => powertoolsIdempotency(new DynamoDBClient({ region: 'eu-west-1' }), 'bookings');

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
    const read = () => readIdempotencyKey({ 'idempotency-key': key });

    // Assess
    expect(read).toThrow(expect.objectContaining({ status: 400, code: 'invalid_idempotency_key' }));
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('reads a valid key as it is, and no header as none', () => {
    expect(readIdempotencyKey({ 'idempotency-key': 'key-1' })).toBe('key-1');
    expect(readIdempotencyKey({})).toBeUndefined();
  });

  it('answers 409 idempotency_in_progress to a retry while the first call still runs', async () => {
    // Prepare: the table keeps the first call's in-progress record and refuses a second put for the same key.
    let stored: PutItemCommand['input']['Item'];
    dynamo.on(PutItemCommand).callsFake((input: PutItemCommand['input']) => {
      if (stored === undefined) {
        stored = input.Item;
        return {};
      }
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: stored });
    });
    dynamo.on(UpdateItemCommand).resolves({});
    let finishFirst: (value: { id: string }) => void = () => {};
    const call = () => ({ partnerId: 'ptn_1', idempotencyKey: 'key-1', body: { booking_id: 'b-1' }, deadline: lambdaContext });
    const first = runner().run(call(), () => new Promise<{ id: string }>((resolve) => (finishFirst = resolve)));
    while (stored === undefined) await new Promise((resolve) => setImmediate(resolve));

    // Act
    const retry = runner()
      .run(call(), async () => ({ id: 'second' }))
      .catch((error: unknown) => error);
    const refusal = await retry;
    finishFirst({ id: 'first' });

    // Assess
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    await expect(first).resolves.toEqual({ id: 'first' });
  });
});
