// test support → one DynamoDB Local for the whole suite; each integration test file uses its own table.
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';

export default async function globalSetup(): Promise<void> {
  const dynamo = await startDynamoDbLocal({ inMemory: true });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  (globalThis as { __dynamo?: typeof dynamo }).__dynamo = dynamo;
}
