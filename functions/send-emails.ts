// sqs adapter → sends each queued email request (SES v2 in AWS, .eml files locally); a refused send fails alone
// (partial batch response) and is retried by the queue, then dead-lettered.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { emailSender } from '#shared/composition/email';
import { logger, observability } from '#shared/observability';
import { sendRequestedEmail } from '#shared/usecases/send-requested-email';

const processor = new BatchProcessor(EventType.SQS);

const recordHandler = async (record: SQSRecord): Promise<void> => {
  try {
    const sent = await sendRequestedEmail(record.body, { email: emailSender });
    logger.info('Email sent', sent);
  } catch (error) {
    // Never the message itself: it carries traveler data and promo codes.
    logger.error('Email not sent', {
      messageId: record.messageId,
      receiveCount: record.attributes.ApproximateReceiveCount,
      error: error as Error,
    });
    throw error;
  }
};

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(observability())
  .handler(async (event: SQSEvent, context: Context) =>
    processPartialResponse(event, recordHandler, processor, { context, throwOnFullBatchFailure: false }));
