// use case → turn committed outbox items into bus events; report the ones that must be retried.
import type { DomainEvent } from '#shared/events/catalog';
import { aboutOf, type EmailAbout, emailRequestedEvent, type EmailRequest } from '#shared/events/email-request';
import { eventSource } from '#shared/events/pipeline';
import type { BusEntry } from '#shared/usecases/ports/webhooks';

/** PutEvents takes at most 10 entries per call. */
const BATCH = 10;

/** Bus entries of one outbox item: the event itself, or one entry per message of an email request. */
const entriesOf = (image: Record<string, unknown>): BusEntry[] => {
  const base = {
    partner_id: image.partner_id as string,
    event: image.event as string,
    event_id: image.event_id as string,
    timestamp: image.timestamp as string,
  };
  const entry = (detail: typeof base & { data: unknown; replay?: true; about?: EmailAbout }): BusEntry => ({
    Source: eventSource,
    DetailType: detail.event,
    Detail: JSON.stringify(detail),
    Time: new Date(detail.timestamp),
  });
  if (base.event === emailRequestedEvent) {
    const { messages } = image.data as EmailRequest['data'];
    // What the email is about (kind, booking, promo code) goes with each message, for support's dead-letter listing.
    const about = aboutOf(image.about);
    return messages.map((message, index) => entry({ ...base, event_id: `${base.event_id}:${index}`, ...(about && { about }), data: message }));
  }
  const event: DomainEvent = { ...base, event: base.event as DomainEvent['event'], data: image.data as Record<string, unknown> };
  // A replay request (partner replay or recovery) travels like its event, marked so the delivery log tells it apart.
  return [entry(image.replay === true ? { ...event, replay: true } : event)];
};

/**
 * Input: stream items in order. Output: sequence numbers to retry (the item of the first failure and everything
 * after it, so a retried batch keeps its order). Resolves `putEvents` to one success flag per entry. An email
 * request becomes one entry per message, so each is sent and retried on its own; a retried item publishes all its
 * entries again (at least once, as the bus is).
 */
export const publishOutbox = async (
  items: Array<{ sequenceNumber: string; image: Record<string, unknown> }>,
  deps: { putEvents: (entries: BusEntry[]) => Promise<boolean[]> },
): Promise<string[]> => {
  const entries = items.flatMap(({ image }, item) => entriesOf(image).map((entry) => ({ entry, item })));
  for (let start = 0; start < entries.length; start += BATCH) {
    const chunk = entries.slice(start, start + BATCH);
    let results: boolean[];
    try {
      results = await deps.putEvents(chunk.map(({ entry }) => entry));
    } catch {
      results = chunk.map(() => false);
    }
    const firstFailure = results.findIndex((ok) => !ok);
    if (firstFailure !== -1) return items.slice(chunk[firstFailure]!.item).map((item) => item.sequenceNumber);
  }
  return [];
};
