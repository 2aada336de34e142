// stream adapter → the items of a DynamoDB stream batch as the outbox publisher reads them: sequence number and the
// unmarshalled new image.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

export const outboxItemsOf = (records: readonly DynamoDBRecord[]): Array<{ sequenceNumber: string; image: Record<string, unknown> }> =>
  records.map((record) => ({
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
    image: unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>),
  }));
