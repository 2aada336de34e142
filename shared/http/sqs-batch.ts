// sqs adapter → the shape of every SQS consumer: each record handled alone, and one that throws fails only itself
// (partial batch response), so the queue retries it and then dead-letters it without touching the others.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger, observability } from '#shared/observability';

export interface SqsRecordWork {
  /** Handles one record; throwing sends that record back to the queue. */
  handle(record: SQSRecord): Promise<void>;
  /** The log line of a failed record. It names the message, never its body (bodies carry traveler data). */
  failureMessage: string;
  /** A failure that is the plan (a postponed retry), not a fault: the record still goes back, nothing is logged. */
  isExpected?: (error: unknown) => boolean;
}

/** Builds the Lambda handler of an SQS consumer from the work done per record. */
export const sqsBatchHandler = (work: SqsRecordWork) => {
  const recordHandler = async (record: SQSRecord): Promise<void> => {
    try {
      await work.handle(record);
    } catch (error) {
      if (!work.isExpected?.(error)) {
        logger.error(work.failureMessage, {
          messageId: record.messageId,
          receiveCount: record.attributes.ApproximateReceiveCount,
          error: error as Error,
        });
      }
      throw error;
    }
  };
  return (
    middy<SQSEvent, SQSBatchResponse>()
      .use(observability())
      // A processor per invocation: it keeps the batch's failures, and invocations that overlap in one process (the
      // local runtime runs batches side by side) must not reset or take each other's.
      .handler(async (event: SQSEvent, context: Context) =>
        processPartialResponse(event, recordHandler, new BatchProcessor(EventType.SQS), { context, throwOnFullBatchFailure: false }),
      )
  );
};
