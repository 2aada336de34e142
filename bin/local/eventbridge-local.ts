// local runtime → an EventBridge stand-in: answers PutEvents and routes each event by the stack's rules to the webhook queue.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { parseJsonObject } from '#shared/domain/json-object';
import { sqsSafeJson } from '#shared/messaging/sqs-body';
import type { EventBridgeEvent } from 'aws-lambda';
import { type EventRuleDefinition, eventRules, matchesPattern } from '#shared/events/pipeline';
import { localAwsClientConfig } from '#bin/local/sqs-local';

export interface EventBridgeLocalOptions {
  /** The one bus that exists locally; entries sent to another bus fail instead of vanishing. */
  eventBusName: string;
  sqsEndpoint: string;
  /** Queue URL of each rule target. */
  targets: Record<EventRuleDefinition['target'], string>;
}

export interface RunningEventBridge {
  /** Endpoint for EventBridge clients (`new EventBridgeClient({ endpoint })`). */
  endpoint: string;
  stop(): Promise<void>;
}

/** One entry of a PutEvents request, as the AWS JSON 1.1 protocol carries it (Time in epoch seconds). */
interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: number | string;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

const ACCOUNT = '000000000000';
const JSON_11 = 'application/x-amz-json-1.1';

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': JSON_11 });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** EventBridge writes `time` to the second, without milliseconds. */
const eventTime = (time: PutEventsEntry['Time']): string => {
  const date = time === undefined ? new Date() : new Date(typeof time === 'number' ? time * 1000 : time);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
};

const busMatches = (requested: string | undefined, bus: string): boolean => requested === bus || (requested?.endsWith(`:event-bus/${bus}`) ?? false);

export const startEventBridgeLocal = async (options: EventBridgeLocalOptions): Promise<RunningEventBridge> => {
  const sqs = new SQSClient({ endpoint: options.sqsEndpoint, ...localAwsClientConfig });
  const region = localAwsClientConfig.region;

  /** Builds the event as EventBridge hands it to an SQS target and sends it to every rule it matches. */
  const putEvent = async (entry: PutEventsEntry): Promise<EntryResult> => {
    if (!entry.Source || !entry.DetailType || entry.Detail === undefined) {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Source, DetailType and Detail are required.' };
    }
    if (!busMatches(entry.EventBusName, options.eventBusName)) {
      return {
        ErrorCode: 'ResourceNotFoundException',
        ErrorMessage: `Event bus ${entry.EventBusName ?? 'default'} does not exist locally; the handlers' bus is "${options.eventBusName}".`,
      };
    }
    const detail = parseJsonObject(entry.Detail);
    if (!detail) return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail must be a JSON object.' };
    const event: EventBridgeEvent<string, Record<string, unknown>> = {
      version: '0',
      id: randomUUID(),
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: ACCOUNT,
      time: eventTime(entry.Time),
      region,
      resources: entry.Resources ?? [],
      detail,
    };
    try {
      for (const rule of eventRules) {
        if (!matchesPattern(rule.pattern, event)) continue;
        await sqs.send(new SendMessageCommand({ QueueUrl: options.targets[rule.target], MessageBody: sqsSafeJson(JSON.stringify(event)) }));
      }
    } catch (error) {
      // AWS would keep retrying the target; locally the caller learns it failed and retries the entry itself.
      console.error(`Local EventBridge could not deliver ${event['detail-type']}`, error);
      return { ErrorCode: 'InternalFailure', ErrorMessage: 'The event could not be delivered to its rule target.' };
    }
    return { EventId: event.id };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const target = req.headers['x-amz-target'];
      const body = await readBody(req);
      if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
        return send(res, 400, {
          __type: 'UnknownOperationException',
          message: `The local EventBridge implements only AWSEvents.PutEvents, not ${String(target ?? `${req.method} ${req.url}`)}.`,
        });
      }
      let entries: PutEventsEntry[];
      try {
        entries = (JSON.parse(body) as { Entries?: PutEventsEntry[] }).Entries ?? [];
      } catch {
        return send(res, 400, { __type: 'SerializationException', message: 'The request body is not valid JSON.' });
      }
      if (entries.length < 1 || entries.length > 10) {
        return send(res, 400, { __type: 'ValidationException', message: 'Entries must hold between 1 and 10 events.' });
      }
      const results: EntryResult[] = [];
      for (const entry of entries) results.push(await putEvent(entry));
      send(res, 200, { FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length, Entries: results });
    })().catch((error: unknown) => {
      console.error('Local EventBridge failed', error);
      if (!res.headersSent) send(res, 500, { __type: 'InternalException', message: 'The local EventBridge failed.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      sqs.destroy();
    },
  };
};
