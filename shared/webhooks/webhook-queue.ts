// webhooks adapter → the SQS operations delivery needs: postpone a message (backoff), dead-letter, enqueue.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

export interface DeadLetterDetails {
  partner_id: string;
  event_id: string;
  event: string;
  delivery_id: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  reason: string;
}

export interface WebhookQueue {
  /** Makes the message visible again after `seconds` (SQS caps a single delay at 12 h). */
  postpone(receiptHandle: string, seconds: number): Promise<void>;
  /** Sends the original body to the dead-letter queue with what support needs as attributes. */
  deadLetter(body: string, details: DeadLetterDetails): Promise<void>;
  enqueue(body: string): Promise<void>;
}

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
    await client.send(new SendMessageCommand({ QueueUrl: urls.deadLetterQueueUrl(), MessageBody: body, MessageAttributes: attributes }));
  },
  async enqueue(body) {
    await client.send(new SendMessageCommand({ QueueUrl: urls.queueUrl(), MessageBody: body }));
  },
});

export interface DeadLetteredMessage {
  body: string;
  attributes: Record<string, string>;
}

/** Moves dead-lettered messages back to the webhook queue (the ops `dlq redrive`); each gets a new delivery. */
export const redriveDeadLetters = async (
  client: SQSClient,
  urls: { queueUrl: string; deadLetterQueueUrl: string },
  limit = 1000,
): Promise<DeadLetteredMessage[]> => {
  const moved: DeadLetteredMessage[] = [];
  while (moved.length < limit) {
    const { Messages } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: urls.deadLetterQueueUrl,
        MaxNumberOfMessages: 10,
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
        attributes: Object.fromEntries(
          Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [name, value.StringValue ?? '']),
        ),
      });
    }
  }
  return moved;
};
