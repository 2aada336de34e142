// webhooks adapter → the SQS operations delivery needs: postpone a message (backoff), dead-letter, enqueue.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { sqsSafeJson } from '#shared/messaging/sqs-body';
import type { WebhookQueue, DeadLetteredMessage } from '#shared/usecases/ports/webhooks';

export const sqsWebhookQueue = (client: SQSClient, urls: { queueUrl: () => string; deadLetterQueueUrl: () => string }): WebhookQueue => ({
  async postpone(receiptHandle, seconds) {
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: urls.queueUrl(),
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.min(Math.max(0, Math.round(seconds)), 43_200),
      }),
    );
  },
  async deadLetter(body, details) {
    const attributes = Object.fromEntries(
      Object.entries(details)
        .filter(([, value]) => value !== null && value !== '')
        .map(([name, value]) => [name, { DataType: typeof value === 'number' ? 'Number' : 'String', StringValue: String(value).slice(0, 1000) }]),
    );
    await client.send(new SendMessageCommand({ QueueUrl: urls.deadLetterQueueUrl(), MessageBody: sqsSafeJson(body), MessageAttributes: attributes }));
  },
  async enqueue(body) {
    await client.send(new SendMessageCommand({ QueueUrl: urls.queueUrl(), MessageBody: sqsSafeJson(body) }));
  },
});

const attributesOf = (attributes: Record<string, { StringValue?: string }> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(attributes ?? {}).map(([name, value]) => [name, value.StringValue ?? '']));

/** Moves dead-lettered messages back to their queue (the ops `dlq redrive`): a webhook delivery starts anew, an email is sent again. */
export const redriveDeadLetters = async (
  client: SQSClient,
  urls: { queueUrl: string; deadLetterQueueUrl: string },
  limit = 1000,
): Promise<DeadLetteredMessage[]> => {
  // Only what is dead-lettered now: a redriven delivery that fails 12 times again comes back to the DLQ, and must
  // not be moved again by the same redrive (against a receiver still failing that would never end).
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: urls.deadLetterQueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  const present = Number(Attributes?.ApproximateNumberOfMessages ?? 0) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  const bound = Math.min(limit, present);
  const moved: DeadLetteredMessage[] = [];
  while (moved.length < bound) {
    const { Messages } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: urls.deadLetterQueueUrl,
        MaxNumberOfMessages: Math.min(10, bound - moved.length),
        WaitTimeSeconds: 1,
        MessageAttributeNames: ['All'],
      }),
    );
    if (!Messages || Messages.length === 0) break;
    for (const message of Messages) {
      await client.send(new SendMessageCommand({ QueueUrl: urls.queueUrl, MessageBody: message.Body ?? '' }));
      await client.send(new DeleteMessageCommand({ QueueUrl: urls.deadLetterQueueUrl, ReceiptHandle: message.ReceiptHandle }));
      moved.push({
        body: message.Body ?? '',
        attributes: attributesOf(message.MessageAttributes),
      });
    }
  }
  return moved;
};

/** Seconds a listed dead letter stays hidden, so one listing reads each message once. */
export const DEAD_LETTER_PEEK_SECONDS = 5;

/**
 * Reads dead-lettered messages without removing them (the ops `dlq list`): each is hidden for a few seconds
 * while the listing runs, then visible again for `dlq redrive`. Also returns SQS's approximate count, read after the
 * listing (visible and hidden alike), so a message that arrived while it ran is counted as well as listed.
 */
export const peekDeadLetters = async (
  client: SQSClient,
  urls: { deadLetterQueueUrl: string },
  limit = 100,
): Promise<{ approximateCount: number; messages: DeadLetteredMessage[] }> => {
  const messages: DeadLetteredMessage[] = [];
  while (messages.length < limit) {
    const { Messages } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: urls.deadLetterQueueUrl,
        MaxNumberOfMessages: Math.min(10, limit - messages.length),
        VisibilityTimeout: DEAD_LETTER_PEEK_SECONDS,
        MessageAttributeNames: ['All'],
      }),
    );
    if (!Messages || Messages.length === 0) break;
    for (const message of Messages) messages.push({ body: message.Body ?? '', attributes: attributesOf(message.MessageAttributes) });
  }
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: urls.deadLetterQueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  const counted = Number(Attributes?.ApproximateNumberOfMessages ?? 0) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
  return { approximateCount: Math.max(counted, messages.length), messages };
};
