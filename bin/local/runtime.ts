// local runtime → DynamoDB Local + the table + the HTTP API (+ the event pipeline), wired like a deployed stage.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { serviceClock } from '#shared/clock';
import * as config from '#shared/config';
import { type ConnectivityKind, envNames } from '#shared/config';
import { startSmdpSimulator, type SmdpSimulator } from '#bin/local/smdp-simulator';
import { type EsimGoSimulator, startEsimGoSimulator } from '#bin/local/esimgo-simulator';
import { ensureTable } from '#bin/local/create-table';
import { runningServiceIn, runtimeFileIn } from '#bin/local/instances';
import { startDynamoDbLocal } from '#bin/local/dynamodb-local';
import { startEventPipeline } from '#bin/local/event-pipeline';
import type { LocalQueueUrls } from '#bin/local/sqs-local';
import { localControl } from '#bin/local/clock-control';
import { startHttpServer } from '#bin/local/http-server';
import { guardTableAccess } from '#bin/local/table-access-guard';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import type { PartnerAdminDeps } from '#shared/usecases/manage-partners';
import { importCatalog } from '#shared/usecases/catalog';

/** The catalog file the local runtime seeds on start (relative to the project root). */
export const CATALOG_FILE = 'shared/data/catalog/catalog.v1.json';

export interface LocalRuntimeOptions {
  projectRoot: string;
  /** 0 picks a free port. */
  port: number;
  /** Folder for DynamoDB data, the local encryption key and runtime.json. */
  dataDir: string;
  inMemory: boolean;
  tableName?: string;
  /** Catalog file to seed on start, relative to the project root; `null` seeds nothing (tests that need no catalog). */
  catalogFile?: string | null;
  /**
   * Connectivity provider (`PROVIDER` of `npm start`), `es2plus` unless told: the SM-DP+ simulator starts and every
   * redemption takes the code path production takes. `simulated` keeps the in-process adapter.
   */
  provider?: ConnectivityKind;
  /** Extra environment for the handlers (e.g. a tiny webhook backoff scale in tests). */
  environment?: Record<string, string>;
}

export interface LocalRuntime {
  url: string;
  dynamodbEndpoint: string;
  tableName: string;
  /** The pipeline's queues on the local SQS (fauxqs), for the ops CLI and tests. */
  events: LocalQueueUrls & { sqsEndpoint: string; eventBridgeEndpoint: string; eventBusName: string; streamArn: string };
  /** The catalog version the runtime seeded, and whether this start wrote it. */
  catalog: { version: number; changed: boolean };
  /** The SM-DP+ simulator, when the runtime provisions through ES2+. */
  smdp?: SmdpSimulator;
  /** The eSIM Go simulator, when the runtime provisions through eSIM Go (`PROVIDER=esimgo`). */
  esimGo?: EsimGoSimulator;
  admin: PartnerAdminDeps & {
    documentClient: DynamoDBDocumentClient;
    catalog: ReturnType<typeof dynamoCatalogStore>;
    brands: ReturnType<typeof dynamoBrandStore>;
  };
  stop(): Promise<void>;
}

/** The key that encrypts partner secrets locally; an in-memory run gets its own, so it never clobbers a kept one. */
const localKey = (dataDir: string, inMemory: boolean): { key: string; file: string } => {
  const file = join(dataDir, inMemory ? 'in-memory.key' : 'secret.key');
  if (!inMemory && existsSync(file)) return { key: readFileSync(file, 'utf8').trim(), file };
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return { key, file };
};

/** The provider secret for the SM-DP+ simulator, in the shape a stage's Secrets Manager secret has. */
const simulatorSecret = (smdp: SmdpSimulator) => ({
  endpoint: smdp.url,
  functionRequesterIdentifier: smdp.functionRequesterIdentifier,
  smdpAddress: smdp.smdpAddress,
  profileTypes: { universal: 'TRAVEL-UNIVERSAL', classic: 'TRAVEL-CLASSIC' },
  homeNetwork: '00101',
  ...smdp.clientCredentials,
  notificationCertificateFingerprints: [smdp.notifierFingerprint],
});

/** The provider secret for the eSIM Go simulator: its API key, and a code for the universal eSIM's bundles. */
const esimGoSimulatorSecret = (esimGo: EsimGoSimulator) => ({
  endpoint: esimGo.url,
  apiKey: esimGo.apiKey,
  homeNetwork: '23410',
  bundles: { countries: { universal: 'RGBS' } },
});

export const startLocalRuntime = async (options: LocalRuntimeOptions): Promise<LocalRuntime> => {
  // Two services on one data folder would overwrite each other's runtime file (and share a DynamoDB data folder).
  const other = runningServiceIn(options.dataDir);
  if (other) {
    throw new Error(
      `A local service started from ${options.dataDir} already runs at ${other.url} (pid ${other.pid}). ` +
        'Stop it first, or start another one in memory on another port: PORT=4000 npm start -- --in-memory',
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir: join(options.dataDir, 'dynamodb'), inMemory: options.inMemory });
  const tableName = options.tableName ?? 'esim-booking-local';
  const { key: secretKey, file: secretKeyFile } = localKey(options.dataDir, options.inMemory);

  const provider = options.provider ?? 'es2plus';
  const smdp = provider === 'es2plus' ? await startSmdpSimulator() : undefined;
  const esimGo = provider === 'esimgo' ? await startEsimGoSimulator() : undefined;
  const providerSecretFile = join(options.dataDir, 'provider-secret.json');
  if (smdp) writeFileSync(providerSecretFile, JSON.stringify(simulatorSecret(smdp)), { mode: 0o600 });
  if (esimGo) writeFileSync(providerSecretFile, JSON.stringify(esimGoSimulatorSecret(esimGo)), { mode: 0o600 });
  const secretFile = smdp || esimGo ? { [envNames.localProviderSecretFile]: providerSecretFile } : {};

  // Handlers read their configuration from the environment, exactly as in Lambda.
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    // Embedded-metric lines would drown the local log; the metric calls still run.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    [envNames.tableName]: tableName,
    [envNames.dynamodbEndpoint]: dynamo.endpoint,
    [envNames.localSecretKey]: secretKey,
    [envNames.stage]: 'local',
    [envNames.webhookAllowPrivateUrls]: 'true',
    // Emails are written as .eml files here (their paths are printed) instead of being sent through SES.
    [envNames.localMailDir]: join(options.dataDir, 'mail'),
    [envNames.emailFrom]: 'no-reply@esim-booking.local',
    [envNames.connectivity]: provider,
    ...secretFile,
    ...options.environment,
  });

  // The handlers' shared client (imported after the environment is set) checks each route's declared access.
  guardTableAccess((await import('#shared/composition/dynamodb')).dynamoClient);
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint });
  const streamArn = await ensureTable(client, tableName);
  const documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const admin = {
    partners: dynamoPartnerStore(documentClient, tableName),
    catalog: dynamoCatalogStore(documentClient, tableName),
    brands: dynamoBrandStore(documentClient, tableName),
    cipher: localSecretCipher(secretKey),
    clock: serviceClock,
    documentClient,
  };

  // The repository's catalog file, as `npm run ops -- catalog import` would load it; a no-op when already there.
  const catalogFile = options.catalogFile === undefined ? CATALOG_FILE : options.catalogFile;
  const seeded = catalogFile
    ? await importCatalog(JSON.parse(readFileSync(join(options.projectRoot, catalogFile), 'utf8')), admin).catch(async (error: unknown) => {
        client.destroy();
        await dynamo.stop();
        throw error;
      })
    : { version: 0, changed: false };

  const pipeline = await startEventPipeline({
    projectRoot: options.projectRoot,
    dataDir: options.dataDir,
    inMemory: options.inMemory,
    dynamodbEndpoint: dynamo.endpoint,
    tableName,
    streamArn,
  }).catch(async (error: unknown) => {
    client.destroy();
    await dynamo.stop();
    throw error;
  });
  const { runScheduledNow: _run, wake: _wake, stop: _stop, ...events } = pipeline;

  const stage = process.env[envNames.stage] ?? 'local';
  const http = await startHttpServer({
    port: options.port,
    projectRoot: options.projectRoot,
    stage,
    onWritten: pipeline.wake,
    // Moving the clock is for local development only; a run that plays another stage does not offer it.
    control: stage === 'local' ? localControl({ runScheduledNow: pipeline.runScheduledNow }) : undefined,
    ...(smdp ? { mutualTls: smdp.operatorServerCredentials } : {}),
    connectivity: provider,
  }).catch(async (error: unknown) => {
    await pipeline.stop();
    client.destroy();
    await dynamo.stop();
    throw error;
  });
  if (smdp) smdp.notificationUrl = `${http.mutualTlsUrl}/gsma/rsp2/es2plus/handleDownloadProgressInfo`;
  if (esimGo) esimGo.callbackUrl = `${http.url}/providers/esimgo/usage`;
  // Claim URLs point at this local API unless the caller chose another public address.
  process.env[envNames.publicBaseUrl] = options.environment?.[envNames.publicBaseUrl] ?? http.url;
  // The ops CLI finds the running service through this file; it is removed again on stop. The endpoint health periods
  // this service's dispatcher uses (WEBHOOK_*_AFTER_HOURS) go with it, so `partner show` tells its disable_at.
  const runtimeFile = runtimeFileIn(options.dataDir);
  const webhookHealthHours = config.webhookHealthHours();
  writeFileSync(
    runtimeFile,
    JSON.stringify(
      { url: http.url, dynamodbEndpoint: dynamo.endpoint, tableName, events, secretKeyFile, webhookHealthHours, pid: process.pid },
      null,
      2,
    ),
  );

  const closeServer = (server: Server) => new Promise<void>((done) => server.close(() => done()));
  return {
    url: http.url,
    dynamodbEndpoint: dynamo.endpoint,
    tableName,
    events,
    catalog: { version: seeded.version, changed: seeded.changed },
    ...(smdp ? { smdp } : {}),
    ...(esimGo ? { esimGo } : {}),
    admin,
    async stop() {
      rmSync(runtimeFile, { force: true });
      http.server.closeAllConnections();
      await closeServer(http.server);
      http.mutualTlsServer?.closeAllConnections();
      if (http.mutualTlsServer) await closeServer(http.mutualTlsServer);
      await pipeline.stop();
      client.destroy();
      await dynamo.stop();
      await smdp?.stop();
      await esimGo?.stop();
      if (smdp || esimGo) rmSync(providerSecretFile, { force: true });
    },
  };
};
