// webhooks adapter → the SQS operations delivery needs: postpone a message (backoff), dead-letter, enqueue.
import {
  ChangeMessageVisibilityBatchCommand,
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

/** Seconds a listed dead letter stays hidden, so one listing reads each message once. */
export const DEAD_LETTER_PEEK_SECONDS = 5;

/** Messages in a queue by SQS's approximate count: visible, and hidden (received by someone, not yet back). */
const countOf = async (client: SQSClient, queueUrl: string): Promise<{ visible: number; hidden: number }> => {
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return { visible: Number(Attributes?.ApproximateNumberOfMessages ?? 0), hidden: Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0) };
};

export interface Redrive {
  moved: DeadLetteredMessage[];
  /** Dead letters left in place because no queue fits them (a body no rule matches). */
  unroutable: DeadLetteredMessage[];
  /** Dead letters present when the redrive started that it did not move (held hidden elsewhere past its wait). */
  notMoved: number;
  /** What SQS counts in the dead-letter queue afterwards, visible or hidden: those, and any dead-lettered meanwhile. */
  inQueueNow: number;
}

/** Makes received messages visible again at once; one whose handle SQS refuses (expired) is visible again anyway. */
const visibleAgain = async (client: SQSClient, queueUrl: string, receipts: string[]): Promise<void> => {
  for (let start = 0; start < receipts.length; start += 10) {
    const entries = receipts.slice(start, start + 10).map((handle, index) => ({ Id: String(index), ReceiptHandle: handle, VisibilityTimeout: 0 }));
    await client.send(new ChangeMessageVisibilityBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
  }
};

/**
 * Moves dead-lettered messages back to their queue (the ops `dlq redrive`): a webhook delivery starts anew, an email
 * is sent again; `beforeSend` sees each one first. A message someone else holds hidden (a `dlq list` in another terminal, the SQS console) is waited
 * for, up to `waitSeconds`; what still remains then is counted, not silently left.
 */
export const redriveDeadLetters = async (
  client: SQSClient,
  /** The queue to move to: one for all, or chosen per message (undefined: none fits, the message stays). */
  urls: { queueUrl: string | ((message: DeadLetteredMessage) => string | undefined); deadLetterQueueUrl: string },
  {
    limit = 1000,
    waitSeconds = 2 * DEAD_LETTER_PEEK_SECONDS,
    beforeSend,
  }: { limit?: number; waitSeconds?: number; beforeSend?: (message: DeadLetteredMessage) => Promise<void> } = {},
): Promise<Redrive> => {
  // Only what is dead-lettered now: a redriven delivery that fails 12 times again comes back to the DLQ, and must
  // not be moved again by the same redrive (against a receiver still failing that would never end).
  const before = await countOf(client, urls.deadLetterQueueUrl);
  const bound = Math.min(limit, before.visible + before.hidden);
  const deadline = Date.now() + waitSeconds * 1000;
  const moved: DeadLetteredMessage[] = [];
  // A message this redrive moved can come back dead-lettered while it runs (a receiver still failing, a message the
  // dispatcher cannot read): the same body again, sent to the queue after the redrive began. It is held, not moved
  // twice, and made visible again at the end. A dead letter with the same body that was there before is moved.
  const movedBodies = new Set<string>();
  const startedAt = Date.now();
  const held = new Map<string, string>(); // message id → its latest receipt
  const unroutable = new Map<string, DeadLetteredMessage>();
  try {
    while (moved.length + unroutable.size < bound) {
      const secondsLeft = Math.ceil((deadline - Date.now()) / 1000);
      const { Messages } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: urls.deadLetterQueueUrl,
          MaxNumberOfMessages: Math.min(10, bound - moved.length),
          // Long polling: a hidden message that becomes visible again within the wait is received as it does.
          WaitTimeSeconds: Math.min(20, Math.max(1, secondsLeft)),
          MessageAttributeNames: ['All'],
          AttributeNames: ['All'],
        }),
      );
      for (const message of Messages ?? []) {
        const deadLetter = { body: message.Body ?? '', attributes: attributesOf(message.MessageAttributes) };
        const destination = typeof urls.queueUrl === 'string' ? urls.queueUrl : urls.queueUrl(deadLetter);
        const cameBack = movedBodies.has(deadLetter.body) && Number(message.Attributes?.SentTimestamp ?? startedAt) >= startedAt;
        if (cameBack || destination === undefined) {
          if (message.ReceiptHandle) held.set(message.MessageId ?? message.ReceiptHandle, message.ReceiptHandle);
          if (destination === undefined) unroutable.set(message.MessageId ?? message.ReceiptHandle ?? deadLetter.body, deadLetter);
          continue;
        }
        await beforeSend?.(deadLetter);
        await client.send(new SendMessageCommand({ QueueUrl: destination, MessageBody: deadLetter.body }));
        await client.send(new DeleteMessageCommand({ QueueUrl: urls.deadLetterQueueUrl, ReceiptHandle: message.ReceiptHandle }));
        movedBodies.add(deadLetter.body);
        moved.push(deadLetter);
      }
      if (Messages && Messages.some((message) => held.get(message.MessageId ?? '') !== message.ReceiptHandle)) continue;
      // Nothing new visible: stop when nothing is hidden either (but what this run holds), or when the wait is over.
      const now = await countOf(client, urls.deadLetterQueueUrl);
      if (now.visible + now.hidden <= held.size || Date.now() >= deadline) break;
    }
  } finally {
    await visibleAgain(client, urls.deadLetterQueueUrl, [...held.values()]);
  }
  const after = await countOf(client, urls.deadLetterQueueUrl);
  return {
    moved,
    unroutable: [...unroutable.values()],
    notMoved: Math.max(0, bound - moved.length - unroutable.size),
    inQueueNow: after.visible + after.hidden,
  };
};

export interface DeadLetterListing {
  /** SQS's approximate count, read after the listing (visible and hidden alike). */
  approximateCount: number;
  messages: DeadLetteredMessage[];
}

/**
 * Reads dead-lettered messages without removing them (the ops `dlq list`): each is hidden while the listing runs, so
 * it is read once, and made visible again as soon as it ends, so a `dlq redrive` or another listing right after sees
 * every one. A message someone else holds hidden at the time is counted, not listed.
 */
export const peekDeadLetters = async (client: SQSClient, urls: { deadLetterQueueUrl: string }, limit = 100): Promise<DeadLetterListing> => {
  const messages = new Map<string, DeadLetteredMessage>();
  const receipts: string[] = [];
  try {
    while (messages.size < limit) {
      const { Messages } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: urls.deadLetterQueueUrl,
          MaxNumberOfMessages: Math.min(10, limit - messages.size),
          VisibilityTimeout: DEAD_LETTER_PEEK_SECONDS,
          MessageAttributeNames: ['All'],
        }),
      );
      if (!Messages || Messages.length === 0) break;
      for (const message of Messages) {
        if (message.ReceiptHandle) receipts.push(message.ReceiptHandle);
        // A long listing can outlast the hiding and read a message twice: its id keeps it once.
        messages.set(message.MessageId ?? String(messages.size), { body: message.Body ?? '', attributes: attributesOf(message.MessageAttributes) });
      }
    }
  } finally {
    await visibleAgain(client, urls.deadLetterQueueUrl, receipts);
  }
  const counted = await countOf(client, urls.deadLetterQueueUrl);
  return { approximateCount: Math.max(counted.visible + counted.hidden, messages.size), messages: [...messages.values()] };
};
