// sqs adapter → delivers each queued event; a record that must retry fails alone (partial batch response).
import { dispatcherDependencies } from '#shared/composition/webhooks';
import { sqsBatchHandler } from '#shared/http/sqs-batch';
import { deliverWebhook, DeliveryPostponed } from '#shared/usecases/deliver-webhook';

export const handler = sqsBatchHandler({
  handle: (record) =>
    deliverWebhook(
      {
        messageId: record.messageId,
        receiptHandle: record.receiptHandle,
        body: record.body,
        firstReceivedAt: record.attributes.ApproximateFirstReceiveTimestamp ?? '',
      },
      dispatcherDependencies,
    ),
  failureMessage: 'Webhook delivery failed',
  // A postponed delivery comes back on purpose after its backoff: no error to log.
  isExpected: (error) => error instanceof DeliveryPostponed,
});
