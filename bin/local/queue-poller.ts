// local runtime → the SQS event source mapping: long-polls a queue and invokes a handler with Lambda's SQSEvent.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  type MessageAttributeValue,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttribute, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import { webhookQueueSettings } from '#shared/events/pipeline';
import { lambdaContext } from '#bin/local/api-gateway';
import { localAwsClientConfig } from '#bin/local/sqs-local';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface QueuePollerOptions {
  sqsEndpoint: string;
  queueUrl: string;
  handler: SqsHandler;
  /** Name in the Lambda context and in log lines. */
  functionName: string;
  batchSize?: number;
  /** Batches in the handler at once, as the event source mapping's maximum concurrency (default 1). */
  maxConcurrency?: number;
}

export interface QueuePoller {
  stop(): Promise<void>;
}

/** How long to wait before polling again after SQS itself failed. */
const ERROR_PAUSE_MS = 1000;

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Lambda's spelling of a message attribute: camelCase, binary as base64, list fields always present. */
const toLambdaAttribute = (value: MessageAttributeValue): SQSMessageAttribute => ({
  stringValue: value.StringValue,
  binaryValue: value.BinaryValue && base64(value.BinaryValue),
  stringListValues: value.StringListValues ?? [],
  binaryListValues: (value.BinaryListValues ?? []).map(base64),
  dataType: value.DataType ?? 'String',
});

const toRecord = (message: Message, queueArn: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  // Asked for with AttributeNames All: ApproximateReceiveCount, SentTimestamp, SenderId, ApproximateFirstReceiveTimestamp.
  attributes: (message.Attributes ?? {}) as unknown as SQSRecordAttributes,
  messageAttributes: Object.fromEntries(Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [name, toLambdaAttribute(value)])),
  md5OfBody: message.MD5OfBody ?? '',
  ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: localAwsClientConfig.region,
});

/**
 * Starts polling. Like the Lambda event source mapping with ReportBatchItemFailures, every message not named in
 * batchItemFailures is deleted; a handler that throws (or names a message that was not in the batch) deletes none.
 * Visibility is left alone: failed messages come back when their visibility timeout, or the handler's backoff, ends.
 */
export const startQueuePoller = async (options: QueuePollerOptions): Promise<QueuePoller> => {
  const sqs = new SQSClient({ endpoint: options.sqsEndpoint, ...localAwsClientConfig });
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: options.queueUrl, AttributeNames: ['QueueArn'] }));
  const queueArn = Attributes?.QueueArn ?? '';
  const stopping = new AbortController();

  const deliver = async (messages: Message[]) => {
    const records = messages.map((message) => toRecord(message, queueArn));
    let failed: Set<string>;
    try {
      const response = await options.handler({ Records: records }, lambdaContext(options.functionName));
      failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      console.error(`${options.functionName} threw; its ${records.length} message(s) stay in the queue`, error);
      return;
    }
    const ids = new Set(records.map((record) => record.messageId));
    if ([...failed].some((id) => !ids.has(id))) {
      console.error(`${options.functionName} reported a batch item failure that is not in the batch; the whole batch fails`);
      return;
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    const result = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
    for (const failure of result.Failed ?? []) console.error(`Could not delete a handled message: ${failure.Message}`);
  };

  // Batches run side by side, as concurrent invocations do in Lambda: one receiver that waits on a slow
  // endpoint does not hold back the batches behind it.
  const inFlight = new Set<Promise<void>>();
  const maxConcurrency = Math.max(1, options.maxConcurrency ?? 1);
  const start = (messages: Message[]) => {
    const delivery: Promise<void> = deliver(messages)
      .catch((error: unknown) => console.error(`${options.functionName} could not settle a batch`, error))
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };

  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: options.batchSize ?? webhookQueueSettings.batchSize,
            WaitTimeSeconds: 1,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: stopping.signal },
        );
        if (Messages.length > 0) start(Messages);
        if (inFlight.size >= maxConcurrency) await Promise.race(inFlight);
      } catch (error) {
        if (stopping.signal.aborted) return;
        console.error(`Polling ${options.queueUrl} for ${options.functionName} failed`, error);
        await sleep(ERROR_PAUSE_MS, undefined, { signal: stopping.signal }).catch(() => {});
      }
    }
  };
  const running = loop();

  return {
    async stop() {
      // Ends a waiting receive at once; a batch already in the handler finishes first, as in Lambda.
      stopping.abort();
      await running;
      await Promise.all(inFlight);
      sqs.destroy();
    },
  };
};
