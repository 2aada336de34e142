// benchmark → one local runtime on a table of a shared DynamoDB Local (DYNAMODB_ENDPOINT), for the scale benchmark and
// the soak (its memory is then this process's alone):
// handlers read their table from the environment, so each table gets its own process. Prints `{"url": …}` once
// started; stops when its parent closes stdin. Arguments: table name, base64 secret key the partners were made with.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { envNames } from '#shared/config';
import { startLocalRuntime } from '#bin/local/runtime';

const [tableName = '', secretKey = ''] = process.argv.slice(2);
const runtime = await startLocalRuntime({
  projectRoot: resolve(import.meta.dirname, '../..'),
  port: 0,
  dataDir: mkdtempSync(join(tmpdir(), `${tableName}-`)),
  inMemory: true,
  tableName,
  catalogFile: null,
  provider: 'simulated',
  // The benchmark's requests never meet the per-key limit (its bucket is still taken on every request).
  environment: { [envNames.partnerRequestsPerWindow]: '1000000', [envNames.localSecretKey]: secretKey },
});
console.log(JSON.stringify({ url: runtime.url, pid: process.pid }));
const stop = async () => {
  await runtime.stop();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
