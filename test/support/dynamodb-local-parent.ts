// test support → a process that starts DynamoDB Local the way the local runtime does, prints its endpoint and waits
// to be killed. On SIGINT (Ctrl+C reaches the terminal's whole process group) it does what the runtime does: finishes
// its work in flight (here one call, a moment later), prints whether DynamoDB Local answered it, then stops it.
// Argument: the folder for the running JVMs' records.
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';

const dynamo = await startDynamoDbLocal({ inMemory: true, recordDir: process.argv[2] });
process.once('SIGINT', async () => {
  await new Promise((done) => setTimeout(done, 1500));
  const answered = await fetch(dynamo.endpoint, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  process.stdout.write(`${JSON.stringify({ answeredAfterInterrupt: answered })}\n`);
  await dynamo.stop();
  process.exit(0);
});
setInterval(() => {}, 60_000);
// Printed last: whoever reads it may signal at once, and the handler above must already be in place.
process.stdout.write(`${JSON.stringify({ endpoint: dynamo.endpoint })}\n`);
