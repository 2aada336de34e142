// local runtime entry → `npm start`: DynamoDB Local, the table, the API and a demo partner on one command.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provisionDemoPartner, redirectTokenCurlExample, signedCurlExample } from '#bin/local/demo-data';
import { localDataDir } from '#bin/local/instances';
import { launchingNpm, whenGone } from '#bin/local/npm-parent';
import { startLocalRuntime } from '#bin/local/runtime';
import { isConnectivityKind } from '#shared/config';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inMemory = process.argv.includes('--in-memory');
const port = Number(process.env.PORT ?? 3000);
// An in-memory run keeps its files apart, per port, so it never replaces the kept demo partner, the encryption key
// or another in-memory run's files.
const dataDir = localDataDir(join(projectRoot, '.local'), { inMemory, port });

const provider = process.env.PROVIDER ?? 'es2plus';

const provisioning = (runtime: Awaited<ReturnType<typeof startLocalRuntime>>): string => {
  if (runtime.smdp) return `ES2+ through the SM-DP+ simulator at ${runtime.smdp.url} (mutual TLS)`;
  if (runtime.esimGo) return `eSIM Go v2.5 through its simulator at ${runtime.esimGo.url}; usage callbacks to ${runtime.esimGo.callbackUrl}`;
  return 'simulated in process';
};

const main = async () => {
  if (!isConnectivityKind(provider)) throw new Error(`PROVIDER must be simulated, es2plus or esimgo, got "${provider}"`);
  const runtime = await startLocalRuntime({ provider, projectRoot, port, dataDir, inMemory });
  const partner = await provisionDemoPartner(runtime, dataDir);
  console.log(
    [
      '',
      `eSIM booking service running at ${runtime.url}  (${inMemory ? 'in-memory' : `data in ${dataDir}`})`,
      `DynamoDB Local: ${runtime.dynamodbEndpoint}  table: ${runtime.tableName}`,
      `Emails are written to ${join(dataDir, 'mail')} (one .eml file each; paths printed below as they are sent)`,
      `Provisioning: ${provisioning(runtime)} (PROVIDER)`,
      `Catalog: version ${runtime.catalog.version} ${runtime.catalog.changed ? 'imported' : 'already imported'} (GET /destinations)`,
      '',
      'Demo partner:',
      `  partner_id  ${partner.partner_id}`,
      `  api_key     ${partner.api_key}`,
      `  api_secret  ${partner.api_secret ?? '(shown at first start; rotate with npm run ops -- partner rotate-secret)'}`,
      '',
      'Try a signed request (each signature works once, within 5 minutes):',
      '',
      signedCurlExample(runtime.url, partner),
      '',
      'Open the traveler web app as the demo traveler: create a redirect token, then open its data.url in a browser',
      '(it works once, within 5 minutes):',
      '',
      redirectTokenCurlExample(runtime.url, partner),
      '',
      'Ctrl+C stops the service.',
    ].join('\n'),
  );
  const shutdown = async () => {
    await runtime.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  const npm = launchingNpm();
  if (npm !== undefined) {
    whenGone(npm, () => {
      console.log(`npm start (pid ${npm}) ended; stopping the service.`);
      void shutdown();
    });
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
