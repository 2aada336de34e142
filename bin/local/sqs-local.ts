// local runtime → fauxqs (an SQS emulator on the real wire protocol) with the webhook and email queues, their
// dead-letter queues, and the two queues of what the stream mapping and the bus rules could not hand on.
import { join } from 'node:path';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  QueueNameExists,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { emailQueueSettings, failureQueueRetentionDays, webhookQueueSettings } from '#shared/events/pipeline';

/** The pipeline's queues on the local SQS, by the names the ops CLI and the tests read. */
export interface LocalQueueUrls {
  queueUrl: string;
  deadLetterQueueUrl: string;
  emailQueueUrl: string;
  emailDeadLetterQueueUrl: string;
  /**
   * The stream mapping's on-failure queue and the bus rules' dead-letter queue. Nothing local writes them (the local
   * pipeline has no bus retries or stream failures); they exist so the ops CLI reads them here as it does in a stage.
   */
  streamFailureQueueUrl: string;
  eventTargetDeadLetterQueueUrl: string;
}

export interface RunningSqs extends LocalQueueUrls {
  /** Endpoint for SQS clients (`new SQSClient({ endpoint })`). */
  endpoint: string;
  stop(): Promise<void>;
}

/** Region and credentials every local AWS client uses: the emulators only need them to be present. */
export const localAwsClientConfig = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;

const days = (count: number): string => String(count * 86_400);

/** Creates the queue, or brings an existing (persisted) one to the attributes declared now, like a deploy would. */
const ensureQueue = async (client: SQSClient, name: string, attributes: Record<string, string>): Promise<string> => {
  try {
    const created = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    return created.QueueUrl ?? '';
  } catch (error) {
    if (!(error instanceof QueueNameExists)) throw error;
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: name }));
    await client.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: attributes }));
    return QueueUrl ?? '';
  }
};

/**
 * Starts fauxqs on a free port and creates the two queues through the SQS API, with the settings the stack declares.
 * With `dataDir`, queues and their messages survive a restart (fauxqs keeps them in SQLite).
 */
export const startSqsLocal = async (options: { dataDir?: string } = {}): Promise<RunningSqs> => {
  const server = await startFauxqs({
    port: 0,
    logger: false,
    ...(options.dataDir ? { dataDir: join(options.dataDir, 'sqs') } : {}),
  });
  const client = new SQSClient({ endpoint: server.address, ...localAwsClientConfig });
  try {
    /** A queue with its dead-letter queue, as lib/data.ts declares them. */
    const queueWithDlq = async (name: string, settings: typeof webhookQueueSettings | typeof emailQueueSettings) => {
      const deadLetterQueueUrl = await ensureQueue(client, `${name}-dlq`, { MessageRetentionPeriod: days(settings.deadLetterRetentionDays) });
      const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: deadLetterQueueUrl, AttributeNames: ['QueueArn'] }));
      const queueUrl = await ensureQueue(client, `${name}-queue`, {
        VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
        MessageRetentionPeriod: days(settings.retentionDays),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount: settings.maxReceiveCount }),
      });
      return { queueUrl, deadLetterQueueUrl };
    };
    const webhook = await queueWithDlq('webhook', webhookQueueSettings);
    const email = await queueWithDlq('email', emailQueueSettings);
    const failureRetention = { MessageRetentionPeriod: days(failureQueueRetentionDays) };
    return {
      endpoint: server.address,
      ...webhook,
      emailQueueUrl: email.queueUrl,
      emailDeadLetterQueueUrl: email.deadLetterQueueUrl,
      streamFailureQueueUrl: await ensureQueue(client, 'stream-failures', failureRetention),
      eventTargetDeadLetterQueueUrl: await ensureQueue(client, 'event-target-dlq', failureRetention),
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    client.destroy();
  }
};
