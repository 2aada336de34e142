// local runtime → the DynamoDB stream event source mapping: reads every shard, filters, invokes a handler, retries failures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { passesOutboxFilter } from '#shared/events/pipeline';
import { lambdaContext } from '#bin/local/api-gateway';
import { localAwsClientConfig } from '#bin/local/sqs-local';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPollerOptions {
  dynamodbEndpoint: string;
  streamArn: string;
  handler: StreamHandler;
  /** Name in the Lambda context and in log lines. */
  functionName: string;
  /** Persistent runs: where the last handled sequence number of each shard is kept, so a restart resumes after it. */
  checkpointFile?: string;
  /** Idle pause between reads when nothing woke the poller (writes from other processes, such as the ops CLI). */
  pollIntervalMs?: number;
  /** Retries of a failing record before it is logged and skipped (the stack's retryAttempts). */
  maxRetries?: number;
  /** Records per GetRecords call, and so per invocation at most (Lambda's default batch size for streams). */
  batchSize?: number;
}

export interface StreamPoller {
  /** Reads the stream now instead of at the next interval: the local runtime calls it after a write of its own. */
  wake(): void;
  stop(): Promise<void>;
}

interface Shard {
  id: string;
  parentId?: string;
  /** Undefined: open a new iterator at the retry point, after the checkpoint, or at the trim horizon. */
  iterator?: string;
  /** Last sequence number handled or skipped. */
  checkpoint?: string;
  /** The record to read again from after a failure, and how often it failed. */
  retry?: { sequenceNumber: string; failures: number };
  /** Closed by DynamoDB and read to its end. */
  finished: boolean;
}

interface CheckpointFile {
  streamArn: string;
  shards: Record<string, string>;
}

const sequenceOf = (record: StreamRecord): string => record.dynamodb?.SequenceNumber ?? '';

/** Lambda's record: the same JSON, but the creation time in epoch seconds and the event source ARN added. */
const toLambdaRecord = (record: StreamRecord, streamArn: string): DynamoDBRecord => {
  const { ApproximateCreationDateTime, ...change } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    // Attribute values keep their wire shape; only binary values would differ (Lambda gives base64), and the table stores none.
    dynamodb: {
      ...(change as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) } : {}),
    },
  };
};

const readCheckpoints = (file: string | undefined, streamArn: string): Record<string, string> => {
  if (!file || !existsSync(file)) return {};
  const saved = JSON.parse(readFileSync(file, 'utf8')) as CheckpointFile;
  // A recreated table has a new stream: its shards start from the beginning.
  return saved.streamArn === streamArn ? saved.shards : {};
};

/** Starts polling every shard of the stream, old and new, parents before their children. */
export const startStreamPoller = async (options: StreamPollerOptions): Promise<StreamPoller> => {
  const { streamArn, functionName } = options;
  const maxRetries = options.maxRetries ?? 10;
  const streams = new DynamoDBStreamsClient({ endpoint: options.dynamodbEndpoint, ...localAwsClientConfig });
  const shards = new Map<string, Shard>();
  const saved = readCheckpoints(options.checkpointFile, streamArn);
  const stopping = new AbortController();

  const commit = (shard: Shard, sequenceNumber: string) => {
    shard.checkpoint = sequenceNumber;
    if (!options.checkpointFile) return;
    const file: CheckpointFile = { streamArn, shards: { ...saved } };
    for (const each of shards.values()) if (each.checkpoint) file.shards[each.id] = each.checkpoint;
    writeFileSync(options.checkpointFile, JSON.stringify(file, null, 2));
  };

  const discoverShards = async () => {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        shards.set(shard.ShardId, { id: shard.ShardId, parentId: shard.ParentShardId, checkpoint: saved[shard.ShardId], finished: false });
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  };

  const openIterator = async (shard: Shard): Promise<string | undefined> => {
    const position = shard.retry
      ? { ShardIteratorType: 'AT_SEQUENCE_NUMBER' as const, SequenceNumber: shard.retry.sequenceNumber }
      : shard.checkpoint
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: shard.checkpoint }
        : { ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.id, ...position }));
      return ShardIterator;
    } catch (error) {
      if (!(error instanceof TrimmedDataAccessException)) throw error;
      // The checkpoint is older than the stream's 24 h retention: read what is left.
      console.warn(`${functionName}: records of shard ${shard.id} after the checkpoint were trimmed; reading from the trim horizon`);
      shard.retry = undefined;
      shard.checkpoint = undefined;
      return openIterator(shard);
    }
  };

  /** Invokes the handler with the records that pass the filter; returns the index of the first record to read again. */
  const invoke = async (records: StreamRecord[]): Promise<number> => {
    const selected = records.filter(passesOutboxFilter);
    const first = selected[0];
    if (!first) return records.length; // Lambda does not invoke for a batch the filter emptied
    const firstSelected = records.indexOf(first);
    try {
      const response = await options.handler({ Records: selected.map((record) => toLambdaRecord(record, streamArn)) }, lambdaContext(functionName));
      const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      if ([...failed].some((id) => !selected.some((record) => sequenceOf(record) === id))) {
        console.error(`${functionName} reported a batch item failure that is not in the batch; the whole batch is retried`);
        return firstSelected;
      }
      const firstFailed = records.findIndex((record) => failed.has(sequenceOf(record)));
      return firstFailed === -1 ? records.length : firstFailed;
    } catch (error) {
      console.error(`${functionName} threw; its batch is retried`, error);
      return firstSelected;
    }
  };

  /** Reads one batch of a shard; after a failure the next read starts at the failed record, as Lambda retries in order. Returns the records read. */
  const pollShard = async (shard: Shard): Promise<number> => {
    shard.iterator ??= await openIterator(shard);
    if (!shard.iterator) return 0;
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: options.batchSize ?? 100 }));
    const records = page.Records ?? [];
    const retryFrom = records.length > 0 ? await invoke(records) : 0;
    const lastHandled = records[retryFrom - 1];
    if (lastHandled) commit(shard, sequenceOf(lastHandled));
    const failing = records[retryFrom];
    if (!failing) {
      shard.retry = undefined;
      shard.iterator = page.NextShardIterator;
      shard.finished = shard.iterator === undefined;
      return records.length;
    }
    const sequenceNumber = sequenceOf(failing);
    const failures = shard.retry?.sequenceNumber === sequenceNumber ? shard.retry.failures + 1 : 1;
    shard.iterator = undefined;
    if (failures <= maxRetries) {
      shard.retry = { sequenceNumber, failures };
      return records.length;
    }
    console.error(`${functionName} failed stream record ${sequenceNumber} ${failures} times; skipping it`, JSON.stringify(failing));
    shard.retry = undefined;
    commit(shard, sequenceNumber);
    return records.length;
  };

  // New shards appear when DynamoDB splits or rolls one over; looking for them once a second is plenty.
  let shardsDiscoveredAt = performance.now();
  /** One read of every open shard; returns how many records were read. */
  const poll = async (): Promise<number> => {
    if (performance.now() - shardsDiscoveredAt >= 1000 || [...shards.values()].every((shard) => shard.finished)) {
      await discoverShards();
      shardsDiscoveredAt = performance.now();
    }
    let read = 0;
    for (const shard of shards.values()) {
      const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
      if (shard.finished || (parent && !parent.finished)) continue;
      try {
        read += await pollShard(shard);
      } catch (error) {
        // An iterator lives 15 minutes; any other failure is reported. Both reopen the shard at its checkpoint.
        if (!(error instanceof ExpiredIteratorException)) console.error(`${functionName}: reading shard ${shard.id} failed`, error);
        shard.iterator = undefined;
      }
    }
    return read;
  };

  // A wake() while a read runs is kept, so the write it announces is read right after, never a full interval later.
  let woken = false;
  let endPause: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping.signal.aborted) return resolve();
      const end = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', end);
        endPause = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      stopping.signal.addEventListener('abort', end);
      endPause = end;
    });

  await discoverShards(); // fails fast when the stream does not exist
  const loop = async () => {
    while (!stopping.signal.aborted) {
      woken = false;
      let read = 0;
      try {
        read = await poll();
      } catch (error) {
        console.error(`${functionName}: reading stream ${streamArn} failed`, error);
      }
      // More records may be waiting behind a full batch; an empty read waits for a wake-up or the interval.
      if (read === 0) await pause(options.pollIntervalMs ?? 200);
    }
  };
  const running = loop();

  return {
    wake() {
      woken = true;
      endPause?.();
    },
    async stop() {
      stopping.abort();
      await running;
      streams.destroy();
    },
  };
};
