// test support → one DynamoDB Local for the whole suite; each integration test file uses its own table.
// The integration and browser projects both call it; the second call finds the first one's DynamoDB Local.
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';

export default async function globalSetup(): Promise<void> {
  const suite = globalThis as { __dynamo?: Awaited<ReturnType<typeof startDynamoDbLocal>> };
  if (suite.__dynamo) return;
  const dynamo = await startDynamoDbLocal({ inMemory: true });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  suite.__dynamo = dynamo;
}
