// ops → connects the ops CLI to the local runtime (default) or to a deployed stage (AWS credential chain).
import { readFileSync } from 'node:fs';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { KMSClient } from '@aws-sdk/client-kms';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describeServices, runningServices, runtimeFileIn, type RunningService } from '#bin/local/instances';
import { kmsSecretCipher } from '#shared/security/kms-secret-cipher';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { dynamoBrandStore } from '#shared/storage/brand-store';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { dynamoDeliveryLog } from '#shared/storage/delivery-store';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { dynamoProviderNotices } from '#shared/storage/provider-notice-store';
import { dynamoTravelerLookups } from '#shared/storage/traveler-store';
import { apiUrlOutput, opsOutputs, type OpsOutputs, stackNameOf } from '#lib/stack-outputs';
import * as config from '#shared/config';
import { serviceClock } from '#shared/clock';
import { dynamoReporterStore } from '#shared/storage/reporter-store';
import { sqsWebhookQueue } from '#shared/messaging/webhook-queue';
import { eventBridgePutEvents } from '#shared/messaging/eventbridge-bus';
import type { CatalogAdminStore } from '#shared/usecases/ports/catalog';
import type { SecretCipher, BrandAdminStore, PartnerAdminStore, ReporterCredentialStore } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';
import type { TravelerLookups } from '#shared/usecases/ports/lifecycle';
import type { BookingStore, PromoCodeDirectory } from '#shared/usecases/ports/bookings';
import type { ProviderNotices } from '#shared/usecases/ports/provider-notices';
import type { BusEntry, DeliveryLog, PartnerDeliveryLog, WebhookQueue } from '#shared/usecases/ports/webhooks';

export interface OpsContext {
  target: string;
  partners: PartnerAdminStore;
  catalog: CatalogAdminStore;
  reporters: ReporterCredentialStore;
  brands: BrandAdminStore;
  deliveries: DeliveryLog & PartnerDeliveryLog;
  /** Bookings and the promo-code look-up, for support's release of a claim. */
  bookings: BookingStore;
  promoCodes: PromoCodeDirectory;
  /** Which traveler an ICCID belongs to, and what its provider reported for support. */
  travelers: Pick<TravelerLookups, 'findByIccid'>;
  notices: ProviderNotices;
  queue: WebhookQueue;
  sqs: SQSClient;
  queueUrls: { queueUrl: string; deadLetterQueueUrl: string };
  /** The email function's queue and its dead-letter queue. */
  emailQueueUrls: { queueUrl: string; deadLetterQueueUrl: string };
  /** Where the stream mapping sends a batch it gave up on, and where the bus rules send an event they could not queue. */
  failureQueueUrls: { streamFailures: string; busTargets: string };
  /** What republishing a failed stream batch needs: the table's stream (and its ARN), and the stage's bus. */
  outbox: { streams: DynamoDBStreamsClient; streamArn: () => Promise<string | undefined>; putEvents: (entries: BusEntry[]) => Promise<boolean[]> };
  cipher: SecretCipher;
  clock: Clock;
  allowPrivateUrls: boolean;
  /** Base URL of the partner API (ends in /api), when known. */
  apiUrl?: string;
  /** Local runtime only: the folder of its runtime.json (and of the demo partner's file). */
  localDir?: string;
  /**
   * The endpoint health periods the target's dispatcher uses: a local service's own (its WEBHOOK_*_AFTER_HOURS), a
   * deployed stage's defaults unless the same variables are set for the CLI.
   */
  webhookHealthHours: ReturnType<typeof config.webhookHealthHours>;
  close(): void;
}

const once = <T>(work: () => Promise<T>): (() => Promise<T>) => {
  let result: Promise<T> | undefined;
  return () => (result ??= work());
};

const build = (
  target: string,
  clients: { dynamo: DynamoDBClient; sqs: SQSClient; streams: DynamoDBStreamsClient; bus: EventBridgeClient },
  names: Omit<OpsOutputs, 'secretKeyId'>,
  cipher: SecretCipher,
  allowPrivateUrls: boolean,
): OpsContext => {
  const documentClient = DynamoDBDocumentClient.from(clients.dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const queueUrls = { queueUrl: names.webhookQueueUrl, deadLetterQueueUrl: names.webhookDeadLetterQueueUrl };
  return {
    target,
    partners: dynamoPartnerStore(documentClient, names.tableName),
    catalog: dynamoCatalogStore(documentClient, names.tableName),
    reporters: dynamoReporterStore(documentClient, names.tableName),
    brands: dynamoBrandStore(documentClient, names.tableName),
    deliveries: dynamoDeliveryLog(documentClient, names.tableName),
    bookings: dynamoBookingStore(documentClient, names.tableName),
    promoCodes: dynamoPromoCodeDirectory(documentClient, names.tableName),
    travelers: dynamoTravelerLookups(documentClient, names.tableName),
    notices: dynamoProviderNotices(documentClient, names.tableName),
    queue: sqsWebhookQueue(clients.sqs, { queueUrl: () => queueUrls.queueUrl, deadLetterQueueUrl: () => queueUrls.deadLetterQueueUrl }),
    sqs: clients.sqs,
    queueUrls,
    emailQueueUrls: { queueUrl: names.emailQueueUrl, deadLetterQueueUrl: names.emailDeadLetterQueueUrl },
    failureQueueUrls: { streamFailures: names.streamFailureQueueUrl, busTargets: names.eventTargetDeadLetterQueueUrl },
    outbox: {
      streams: clients.streams,
      // The table's current stream, asked once: a batch of any other stream is not this stage's to publish.
      streamArn: once(async () => (await clients.dynamo.send(new DescribeTableCommand({ TableName: names.tableName }))).Table?.LatestStreamArn),
      putEvents: eventBridgePutEvents(clients.bus, () => names.eventBusName),
    },
    cipher,
    clock: serviceClock,
    allowPrivateUrls,
    webhookHealthHours: config.webhookHealthHours(),
    close() {
      for (const client of Object.values(clients)) client.destroy();
    },
  };
};

interface RuntimeFile {
  url?: string;
  dynamodbEndpoint: string;
  tableName: string;
  events?: {
    sqsEndpoint: string;
    queueUrl: string;
    deadLetterQueueUrl: string;
    emailQueueUrl?: string;
    emailDeadLetterQueueUrl?: string;
    streamFailureQueueUrl?: string;
    eventTargetDeadLetterQueueUrl?: string;
    eventBridgeEndpoint?: string;
    eventBusName?: string;
  };
  secretKeyFile: string;
  /** What the service's dispatcher reads from WEBHOOK_WARN_AFTER_HOURS and WEBHOOK_DISABLE_AFTER_HOURS. */
  webhookHealthHours?: ReturnType<typeof config.webhookHealthHours>;
}

/**
 * The running local service under `localRoot` (`.local`): the one on `port` when given, else the only one running.
 * Several running and no port is refused rather than guessed, so the CLI never talks to the wrong one.
 */
const chooseLocalService = (localRoot: string, port: number | undefined): RunningService => {
  const running = runningServices(localRoot);
  if (running.length === 0) {
    throw new Error('No local service is running. Start it with `npm start` (or pass --stage <name> for a deployed stage).');
  }
  if (port !== undefined) {
    const chosen = running.find((service) => service.port === port);
    if (!chosen) throw new Error(`No local service runs on port ${port}. Running: ${describeServices(localRoot, running)}.`);
    return chosen;
  }
  if (running.length > 1) {
    throw new Error(`Several local services are running: ${describeServices(localRoot, running)}. Choose one with --port <port>.`);
  }
  return running[0]!;
};

/** The local runtime writes runtime.json and its secret key file into its data folder while it runs. */
export const connectLocal = (localRoot: string, port?: number): OpsContext => {
  const { dataDir } = chooseLocalService(localRoot, port);
  const runtimeFile = runtimeFileIn(dataDir);
  const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as RuntimeFile;
  const keyFile = runtime.secretKeyFile;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ctx = build(
    'local',
    {
      dynamo: new DynamoDBClient({ endpoint: runtime.dynamodbEndpoint, region: 'us-east-1', credentials }),
      sqs: new SQSClient({ endpoint: runtime.events?.sqsEndpoint ?? 'http://127.0.0.1:1', region: 'us-east-1', credentials }),
      streams: new DynamoDBStreamsClient({ endpoint: runtime.dynamodbEndpoint, region: 'us-east-1', credentials }),
      bus: new EventBridgeClient({ endpoint: runtime.events?.eventBridgeEndpoint ?? 'http://127.0.0.1:1', region: 'us-east-1', credentials }),
    },
    {
      tableName: runtime.tableName,
      webhookQueueUrl: runtime.events?.queueUrl ?? '',
      webhookDeadLetterQueueUrl: runtime.events?.deadLetterQueueUrl ?? '',
      emailQueueUrl: runtime.events?.emailQueueUrl ?? '',
      emailDeadLetterQueueUrl: runtime.events?.emailDeadLetterQueueUrl ?? '',
      streamFailureQueueUrl: runtime.events?.streamFailureQueueUrl ?? '',
      eventTargetDeadLetterQueueUrl: runtime.events?.eventTargetDeadLetterQueueUrl ?? '',
      eventBusName: runtime.events?.eventBusName ?? '',
    },
    localSecretCipher(readFileSync(keyFile, 'utf8').trim()),
    true,
  );
  return { ...ctx, apiUrl: runtime.url, localDir: dataDir, webhookHealthHours: runtime.webhookHealthHours ?? {} };
};

/** `--stage` names a deployed stage; otherwise the local service under `localRoot`, on `--port` when given. */
/** `--stage` names a deployed stage, `--port` a local service: a command reaches one or the other. */
export const TARGETS_EXCLUDE_EACH_OTHER = '--stage and --port exclude each other: --stage reaches a deployed stage, --port a local service.';

/** What the SDK says when no region is configured, and how to give one for --stage. */
export const regionHint = (message: string): string =>
  /region is missing/i.test(message) ? `${/[.!?]$/.test(message) ? '' : '.'} Set AWS_REGION (or AWS_PROFILE with a region) for --stage.` : '';

export const connectTarget = async (where: { stage?: string; localRoot: string; port?: string }): Promise<OpsContext> => {
  if (where.stage) return connectStage(where.stage);
  const port = where.port === undefined ? undefined : Number(where.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) throw new Error('--port must be a TCP port (1 to 65535).');
  return connectLocal(where.localRoot, port);
};

/** A deployed stage: names come from the outputs of its stacks (EsimBooking-<stage>-Data, -Pipeline, -Api). */
export const connectStage = async (stage: string): Promise<OpsContext> => {
  const cloudFormation = new CloudFormationClient({});
  const parts = [...new Set([...Object.values(opsOutputs).map((output) => output.stack), apiUrlOutput.stack])];
  const outputsByStack = Object.fromEntries(
    await Promise.all(
      parts.map(async (part) => {
        const stackName = stackNameOf(stage, part);
        const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
        return [part, Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]))] as const;
      }),
    ),
  );
  cloudFormation.destroy();
  const values = Object.fromEntries(
    Object.entries(opsOutputs).map(([name, { stack, key }]) => {
      const value = outputsByStack[stack]?.[key];
      if (!value) throw new Error(`Stack ${stackNameOf(stage, stack)} has no output ${key}; deploy the current version first.`);
      return [name, value];
    }),
  ) as OpsOutputs;
  const ctx = build(
    stage,
    { dynamo: new DynamoDBClient({}), sqs: new SQSClient({}), streams: new DynamoDBStreamsClient({}), bus: new EventBridgeClient({}) },
    values,
    kmsSecretCipher(new KMSClient({}), values.secretKeyId),
    false,
  );
  return { ...ctx, apiUrl: outputsByStack[apiUrlOutput.stack]?.[apiUrlOutput.key] };
};
