// Idempotency-Key as a function bundle runs it: Powertools idempotency with the JMESPath stand-in of lib/bundling.ts
// (the unbundled tests run the engine itself). The bundle's own DynamoDB client answers from an in-memory key table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '#lib/bundling';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs in the bundle: one key's table (a put refused once the key is stored, updates applied), then three calls. */
const entrySource = (storeModule: string) => `
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { powertoolsIdempotency } from '${storeModule}';

const client = new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
let stored;
client.middlewareStack.add((_next, context) => async ({ input }) => {
  if (context.commandName === 'PutItemCommand') {
    if (stored) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, Item: stored });
    stored = input.Item;
    return { output: { $metadata: {} } };
  }
  if (context.commandName === 'UpdateItemCommand') {
    for (const [placeholder, name] of Object.entries(input.ExpressionAttributeNames ?? {})) {
      stored = { ...stored, [name]: input.ExpressionAttributeValues[':' + placeholder.slice(1)] };
    }
    return { output: { $metadata: {} } };
  }
  return { output: { $metadata: {} } };
}, { step: 'initialize' });

const runner = powertoolsIdempotency(client, 'bookings');
const deadline = { getRemainingTimeInMillis: () => 10_000, functionName: 'createBooking' };
const call = (body) => ({ partnerId: 'ptn_1', idempotencyKey: 'key-1', body, deadline });
const outcome = (promise) => promise.then((value) => ({ value }), (error) => ({ status: error.status, code: error.code }));
const first = await outcome(runner.run(call({ booking_id: 'b-1' }), async () => [{ id: 'bk_1' }]));
const replay = await outcome(runner.run(call({ booking_id: 'b-1' }), async () => [{ id: 'never' }]));
const otherBody = await outcome(runner.run(call({ booking_id: 'b-2' }), async () => [{ id: 'never' }]));
console.log(JSON.stringify({ first, replay, otherBody }));
`;

describe('Idempotency-Key in a function bundle', () => {
  it('answers a replay with the first result and refuses the key with another body, without the JMESPath engine', async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'idempotency-bundle-'));
    const entry = join(folder, 'entry.ts');
    const outfile = join(folder, 'entry.mjs');
    writeFileSync(entry, entrySource(join(projectRoot, 'shared/storage/idempotency-store.ts')));
    const options = lambdaBuildOptions(projectRoot, entry, outfile, 'es2plus');
    const { metafile } = await build({
      ...options,
      entryPoints: [entry],
      format: 'esm',
      nodePaths: [join(projectRoot, 'node_modules')],
      metafile: true,
      sourcemap: false,
    });

    // Act
    const printed = execFileSync(process.execPath, [outfile], { env: { PATH: process.env.PATH }, cwd: folder }).toString();

    // Assess
    expect(Object.keys(metafile.inputs)).toContain('lib/lambda-stand-ins/jmespath-field-names.ts');
    expect(Object.keys(metafile.inputs).filter((input) => input.includes('@aws-lambda-powertools/jmespath'))).toEqual([]);
    expect(JSON.parse(printed)).toEqual({
      first: { value: [{ id: 'bk_1' }] },
      replay: { value: [{ id: 'bk_1' }] },
      otherBody: { status: 409, code: 'idempotency_key_reused' },
    });
  });
});
