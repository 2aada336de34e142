// webhooks → the message on the webhook queue: EventBridge's event as delivered to an SQS target, whose
// `detail` is the DomainEvent. Replays and redrives put the same shape back on the queue.
import * as v from 'valibot';
import { webhookEventNames, type DomainEvent } from '#shared/events/catalog';
import { eventSource } from '#shared/events/pipeline';

export const QueueMessageSchema = v.object({
  source: v.literal(eventSource),
  'detail-type': v.picklist(webhookEventNames),
  detail: v.object({
    partner_id: v.pipe(v.string(), v.minLength(1)),
    event: v.picklist(webhookEventNames),
    event_id: v.pipe(v.string(), v.minLength(1)),
    timestamp: v.string(),
    data: v.record(v.string(), v.unknown()),
    /** Set on a replay requested through the outbox (partner replay and recovery). */
    replay: v.optional(v.boolean()),
  }),
  /** Set by `events replay`; the delivery is recorded as a replay. */
  replay: v.optional(v.boolean()),
});
export type QueueMessageOutput = v.InferOutput<typeof QueueMessageSchema>;

/** Whether a queued message is a replay, put on the queue directly (ops) or through the outbox (partners). */
export const isReplay = (message: QueueMessageOutput): boolean => message.replay === true || message.detail.replay === true;

export const parseQueueMessage = (body: string): QueueMessageOutput | undefined => {
  try {
    const result = v.safeParse(QueueMessageSchema, JSON.parse(body));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
};

/** A queue message for a replay: same event, marked so the log tells it apart. */
export const replayMessage = (event: DomainEvent) =>
  JSON.stringify({ version: '0', source: eventSource, 'detail-type': event.event, time: event.timestamp, detail: event, replay: true });
