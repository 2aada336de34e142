// use case → turn committed outbox items into bus events; report the ones that must be retried.
import type { DomainEvent } from '#shared/events/catalog';
import { eventSource } from '#shared/events/pipeline';
import type { BusEntry } from '#shared/usecases/ports/webhooks';

/** PutEvents takes at most 10 entries per call. */
const BATCH = 10;

/**
 * Input: stream items in order. Output: sequence numbers to retry (the first failure and everything after it,
 * so a retried batch keeps its order). Resolves `putEvents` to one success flag per entry.
 */
export const publishOutbox = async (
  items: Array<{ sequenceNumber: string; image: Record<string, unknown> }>,
  deps: { putEvents: (entries: BusEntry[]) => Promise<boolean[]> },
): Promise<string[]> => {
  for (let start = 0; start < items.length; start += BATCH) {
    const chunk = items.slice(start, start + BATCH);
    const entries = chunk.map(({ image }) => {
      const event: DomainEvent = {
        partner_id: image.partner_id as string,
        event: image.event as DomainEvent['event'],
        event_id: image.event_id as string,
        timestamp: image.timestamp as string,
        data: image.data as Record<string, unknown>,
      };
      return { Source: eventSource, DetailType: event.event, Detail: JSON.stringify(event), Time: new Date(event.timestamp) };
    });
    let results: boolean[];
    try {
      results = await deps.putEvents(entries);
    } catch {
      results = entries.map(() => false);
    }
    const firstFailure = results.findIndex((ok) => !ok);
    if (firstFailure !== -1) return items.slice(start + firstFailure).map((item) => item.sequenceNumber);
  }
  return [];
};
