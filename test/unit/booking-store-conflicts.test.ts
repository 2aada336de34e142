// storage adapter → a booking changed by another request between read and write is a 409, not a 500.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Booking } from '#shared/domain/booking';
import { dynamoBookingStore } from '#shared/storage/booking-store';

const booking = {
  id: 'bk_1',
  partner_id: 'ptn_1',
  version: 3,
  booking_id: 'ext-1',
  data: null,
  promo_codes: [],
  package_queues: [],
} as unknown as Booking;

const cancelled = (code: string) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: code }, { Code: 'None' }] });

describe('dynamoBookingStore: concurrent modification', () => {
  const documents = mockClient(DynamoDBDocumentClient);
  const store = () => dynamoBookingStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), 'bookings');
  afterEach(() => documents.reset());

  it.each([
    ['replace', () => store().replace(booking)],
    ['delete', () => store().delete(booking)],
  ])('%s answers 409 concurrent_modification when the version check fails', async (_operation, act) => {
    // Prepare
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));

    // Act / Assess
    await expect(act()).rejects.toMatchObject({ status: 409, code: 'concurrent_modification' });
    expect(documents.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]).toMatchObject({
      [_operation === 'replace' ? 'Put' : 'Delete']: { ConditionExpression: 'version = :expected' },
    });
  });

  it('passes any other cancellation through unchanged', async () => {
    // Prepare
    documents.on(TransactWriteCommand).rejects(cancelled('ThrottlingError'));

    // Act / Assess
    await expect(store().replace(booking)).rejects.toBeInstanceOf(TransactionCanceledException);
  });
});
