// test support → a process that starts DynamoDB Local the way the local runtime does, prints its endpoint and waits
// to be killed. Argument: the folder for the running JVMs' records.
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';

const dynamo = await startDynamoDbLocal({ inMemory: true, recordDir: process.argv[2] });
process.stdout.write(`${JSON.stringify({ endpoint: dynamo.endpoint })}\n`);
setInterval(() => {}, 60_000);
