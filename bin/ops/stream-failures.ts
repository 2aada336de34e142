// ops → recovers the stream batches the outbox publisher gave up on: reads each batch's records back from the table
// stream (while it keeps them, 24 hours) and publishes their outbox items as the publisher would have, through the
// same use case. A failure message is deleted once its whole batch is published; any other stays, with the reason.
import {
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import { streamFailureSummary } from '#shared/events/failure-messages';
import { passesOutboxFilter } from '#shared/events/pipeline';
import { outboxItemsOf } from '#shared/storage/outbox-stream';
import { publishOutbox } from '#shared/usecases/publish-outbox';
import type { BusEntry } from '#shared/usecases/ports/webhooks';

export interface StreamRecoveryDeps {
  sqs: SQSClient;
  streams: DynamoDBStreamsClient;
  putEvents: (entries: BusEntry[]) => Promise<boolean[]>;
  failureQueueUrl: string;
  /** The stage's own table stream: a batch of any other stream is not this stage's to publish. */
  streamArn: () => Promise<string | undefined>;
}

type Summary = ReturnType<typeof streamFailureSummary>;

/** A batch read back, or why it cannot be. */
type Batch = { records: StreamRecord[] } | { reason: string };

/** Empty pages in a row after which a shard is taken as read to its end (an open shard answers empty pages). */
const EMPTY_PAGES = 3;
/** How long a failure message stays hidden while it is worked on. */
const WORK_SECONDS = 120;

const sequence = (record: StreamRecord): bigint => BigInt(record.dynamodb?.SequenceNumber ?? '0');

/** The records of the batch, from its first sequence number to its last. */
const readBatch = async (streams: DynamoDBStreamsClient, batch: Summary, ownStream: string | undefined): Promise<Batch> => {
  const { stream_arn: streamArn, shard_id: shardId, start_sequence_number: start, end_sequence_number: end } = batch;
  if (!streamArn || !shardId || !start || !end || !/^\d+$/.test(start) || !/^\d+$/.test(end)) {
    return { reason: 'The message names no stream batch (DDBStreamBatchInfo with stream, shard and sequence numbers).' };
  }
  if (ownStream && streamArn !== ownStream) return { reason: `The batch is of another stream than this stage's table (${ownStream}).` };
  if (BigInt(start) > BigInt(end)) return { reason: 'The batch starts after it ends.' };
  const last = BigInt(end);
  const records: StreamRecord[] = [];
  try {
    let { ShardIterator: iterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: start }),
    );
    for (let empty = 0; iterator && empty < EMPTY_PAGES; ) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      const found = page.Records ?? [];
      empty = found.length === 0 ? empty + 1 : 0;
      for (const record of found) {
        if (sequence(record) > last) return { records };
        records.push(record);
      }
      if (records.length > 0 && sequence(records.at(-1)!) === last) return { records };
      iterator = page.NextShardIterator;
    }
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TrimmedDataAccessException' || name === 'ResourceNotFoundException') {
      return { reason: `The stream no longer holds this batch (${name}): see docs/operations.md "Outbox not published", step 4.` };
    }
    return { reason: `The stream could not be read: ${name}: ${(error as Error).message}` };
  }
  return { reason: `The stream ended before the batch's last record (${end}); run again later or recover by hand.` };
};

export interface StreamRecovery {
  recovered: Array<Summary & { outbox_items: number; entries_published: number }>;
  left: Array<Summary & { reason: string }>;
}

/** Publishes again what the failed batches held, at least once, as the publisher does (receivers dedupe by event_id). */
export const redriveStreamFailures = async (deps: StreamRecoveryDeps, limit = 100): Promise<StreamRecovery> => {
  const result: StreamRecovery = { recovered: [], left: [] };
  const seen = new Set<string>();
  while (result.recovered.length + result.left.length < limit) {
    const { Messages } = await deps.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: deps.failureQueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: WORK_SECONDS }),
    );
    const received = Messages ?? [];
    // A message left in place this run comes back when received again: it is made visible at once, not worked twice.
    const again = received.filter((message) => seen.has(message.MessageId ?? ''));
    for (const message of again) await visibleNow(deps, message.ReceiptHandle);
    const fresh = received.filter((message) => !seen.has(message.MessageId ?? ''));
    if (fresh.length === 0) break;
    for (const message of fresh) {
      seen.add(message.MessageId ?? '');
      const summary = streamFailureSummary({ body: message.Body ?? '' });
      const outcome = await recoverBatch(deps, summary);
      if ('reason' in outcome) {
        result.left.push({ ...summary, reason: outcome.reason });
        await visibleNow(deps, message.ReceiptHandle);
        continue;
      }
      await deps.sqs.send(new DeleteMessageCommand({ QueueUrl: deps.failureQueueUrl, ReceiptHandle: message.ReceiptHandle }));
      result.recovered.push({ ...summary, ...outcome });
    }
  }
  return result;
};

const visibleNow = (deps: StreamRecoveryDeps, receiptHandle: string | undefined) =>
  deps.sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: deps.failureQueueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: 0 }));

const recoverBatch = async (deps: StreamRecoveryDeps, summary: Summary) => {
  const batch = await readBatch(deps.streams, summary, await deps.streamArn());
  if ('reason' in batch) return batch;
  // Lambda names the batch it gave up on, counted after the mapping's filter (outbox items only; the shard holds the
  // table's other writes between them): a range holding more outbox items than that is no such batch, and publishing
  // it would send every partner's events of those hours again.
  const outbox = batch.records.filter(passesOutboxFilter);
  if (summary.batch_size !== null && outbox.length > summary.batch_size) {
    return { reason: `The range holds ${outbox.length} outbox items, more than the batch's ${summary.batch_size}.` };
  }
  const items = outboxItemsOf(outbox as DynamoDBRecord[]);
  let published = 0;
  const failed = await publishOutbox(items, {
    putEvents: async (entries) => {
      const results = await deps.putEvents(entries);
      published += results.filter(Boolean).length;
      return results;
    },
  });
  if (failed.length > 0) return { reason: `The bus refused ${failed.length} of the batch's outbox items; run again once it accepts them.` };
  return { outbox_items: items.length, entries_published: published };
};
