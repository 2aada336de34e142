// sqs adapter → sends each queued email request (SES v2 in AWS, .eml files locally); a refused send fails alone
// (partial batch response) and is retried by the queue, then dead-lettered.
import { emailSender } from '#shared/composition/email';
import { sqsBatchHandler } from '#shared/http/sqs-batch';
import { logger } from '#shared/observability';
import { sendRequestedEmail } from '#shared/usecases/send-requested-email';

export const handler = sqsBatchHandler({
  handle: async (record) => {
    const sent = await sendRequestedEmail(record.body, { email: emailSender });
    logger.info('Email sent', sent);
  },
  failureMessage: 'Email not sent',
});
