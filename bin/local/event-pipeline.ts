// local runtime → the event pipeline of a deployed stage: stream → publisher → bus → rules → webhook queue → dispatcher,
// email queue → email sender, and the sweeper.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { serviceClock } from '#shared/clock';
import { envNames } from '#shared/config';
import { type BackgroundFunctionDefinition, backgroundFunctions, emailQueueSettings, webhookQueueSettings } from '#shared/events/pipeline';
import { lambdaContext } from '#bin/local/api-gateway';
import { startEventBridgeLocal } from '#bin/local/eventbridge-local';
import { handlerLoader } from '#bin/local/http-server';
import { type SqsHandler, startQueuePoller } from '#bin/local/queue-poller';
import { type LocalQueueUrls, localAwsClientConfig, startSqsLocal } from '#bin/local/sqs-local';
import { type StreamHandler, startStreamPoller } from '#bin/local/stream-poller';

export interface EventPipelineOptions {
  projectRoot: string;
  /** Persistent runs keep queue messages and stream checkpoints here. */
  dataDir: string;
  inMemory: boolean;
  dynamodbEndpoint: string;
  tableName: string;
  streamArn: string;
}

export interface EventPipeline extends LocalQueueUrls {
  sqsEndpoint: string;
  /** The local bus (PutEvents), for the ops CLI's republishing of a failed stream batch; and the stream it reads. */
  eventBridgeEndpoint: string;
  eventBusName: string;
  streamArn: string;
  /** Runs the scheduled functions once more now (after the clock moved) and resolves when that run is over. */
  runScheduledNow(): Promise<void>;
  /** Reads the table stream now: called after a local write, so events flow at once rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<void>;

/** The local bus name; in AWS the stack sets the real one. */
export const LOCAL_EVENT_BUS_NAME = 'local';

/** Local-only: how often the sweeper runs (the stack's schedule is one minute; tests run it faster). */
const sweepIntervalMs = (): number => {
  const raw = process.env[envNames.sweepIntervalMs];
  const value = raw ? Number(raw) : 60_000;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${envNames.sweepIntervalMs} must be a positive number, got "${raw}"`);
  return value;
};

const scheduledEvent = (operation: string): ScheduledEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: serviceClock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z'),
  region: localAwsClientConfig.region,
  resources: [`arn:aws:events:${localAwsClientConfig.region}:000000000000:rule/${operation}Schedule`],
  detail: {},
});

/** Runs `task` every `intervalMs`; a tick that finds the previous run still going is skipped, as the Lambda timeout ensures in AWS. */
const startTicker = (intervalMs: number, task: () => Promise<void>) => {
  let current: Promise<void> | undefined;
  const start = () =>
    (current ??= task().finally(() => {
      current = undefined;
    }));
  const timer = setInterval(() => void start(), intervalMs);
  return {
    /** A run that began before the caller's change may have missed it: wait for it, then run once more. */
    async runNow() {
      while (current) await current;
      await start();
    },
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
};

const backgroundFunction = (trigger: Exclude<BackgroundFunctionDefinition['trigger'], 'schedule'>): BackgroundFunctionDefinition => {
  const definition = backgroundFunctions.find((candidate) => candidate.trigger === trigger);
  if (!definition) throw new Error(`No background function is triggered by ${trigger}`);
  return definition;
};

/** Starts the emulators, points the handlers' environment at them, then runs the background handlers. */
export const startEventPipeline = async (options: EventPipelineOptions): Promise<EventPipeline> => {
  if (!options.streamArn) {
    throw new Error(`Table ${options.tableName} has no stream. It predates the event pipeline: delete ${options.dataDir} and start again.`);
  }
  const sweepEveryMs = sweepIntervalMs();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    // Pollers first (they use the emulators), then the emulators, in reverse start order.
    for (const each of stops.splice(0).reverse()) await each();
  };
  try {
    const sqs = await startSqsLocal(options.inMemory ? {} : { dataDir: options.dataDir });
    stops.push(sqs.stop);
    const eventBridge = await startEventBridgeLocal({
      eventBusName: LOCAL_EVENT_BUS_NAME,
      sqsEndpoint: sqs.endpoint,
      targets: { webhookQueue: sqs.queueUrl, emailQueue: sqs.emailQueueUrl },
    });
    stops.push(eventBridge.stop);

    // Handler modules create their SDK clients when loaded, from these variables: set them first.
    Object.assign(process.env, {
      [envNames.sqsEndpoint]: sqs.endpoint,
      [envNames.eventBridgeEndpoint]: eventBridge.endpoint,
      [envNames.eventBusName]: LOCAL_EVENT_BUS_NAME,
      [envNames.webhookQueueUrl]: sqs.queueUrl,
      [envNames.webhookDeadLetterQueueUrl]: sqs.deadLetterQueueUrl,
    });
    const load = handlerLoader(options.projectRoot);
    // handlerLoader is typed for API handlers; each background module exports the handler its trigger expects.
    const loadHandler = async <Handler>(definition: BackgroundFunctionDefinition) => (await load(definition.entry)) as unknown as Handler;
    const publisher = backgroundFunction('tableStream');
    const dispatcher = backgroundFunction('webhookQueue');
    const emailFunction = backgroundFunction('emailQueue');
    const scheduled = backgroundFunctions.filter((definition) => definition.trigger === 'schedule');
    const publish = await loadHandler<StreamHandler>(publisher);
    const dispatch = await loadHandler<SqsHandler>(dispatcher);
    const sendEmails = await loadHandler<SqsHandler>(emailFunction);
    const sweepers = await Promise.all(scheduled.map(async (definition) => ({ definition, run: await loadHandler<ScheduledHandler>(definition) })));

    const streamPoller = await startStreamPoller({
      dynamodbEndpoint: options.dynamodbEndpoint,
      streamArn: options.streamArn,
      handler: publish,
      functionName: publisher.operation,
      checkpointFile: options.inMemory ? undefined : join(options.dataDir, 'stream-checkpoints.json'),
    });
    stops.push(streamPoller.stop);
    // The event source mappings of the webhook and email queues.
    for (const [queueUrl, handler, definition, settings] of [
      [sqs.queueUrl, dispatch, dispatcher, webhookQueueSettings],
      [sqs.emailQueueUrl, sendEmails, emailFunction, emailQueueSettings],
    ] as const) {
      const poller = await startQueuePoller({
        sqsEndpoint: sqs.endpoint,
        queueUrl,
        handler,
        functionName: definition.operation,
        maxConcurrency: settings.maxConcurrency,
      });
      stops.push(poller.stop);
    }
    // Each runs on its own schedule in AWS; locally one ticker runs them in turn, then wakes the stream reader.
    const ticker = startTicker(sweepEveryMs, async () => {
      for (const { definition, run } of sweepers) {
        await run(scheduledEvent(definition.operation), lambdaContext(definition.operation)).catch((error: unknown) => {
          console.error(`${definition.operation} failed`, error);
        });
      }
      streamPoller.wake();
    });
    stops.push(ticker.stop);

    return {
      sqsEndpoint: sqs.endpoint,
      queueUrl: sqs.queueUrl,
      deadLetterQueueUrl: sqs.deadLetterQueueUrl,
      emailQueueUrl: sqs.emailQueueUrl,
      emailDeadLetterQueueUrl: sqs.emailDeadLetterQueueUrl,
      streamFailureQueueUrl: sqs.streamFailureQueueUrl,
      eventTargetDeadLetterQueueUrl: sqs.eventTargetDeadLetterQueueUrl,
      eventBridgeEndpoint: eventBridge.endpoint,
      eventBusName: LOCAL_EVENT_BUS_NAME,
      streamArn: options.streamArn,
      runScheduledNow: ticker.runNow,
      wake: streamPoller.wake,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
