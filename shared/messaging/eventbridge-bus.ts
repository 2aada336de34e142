// bus adapter → puts outbox entries on EventBridge; reports one success flag per entry, logs refusals with their cause.
import { PutEventsCommand, type EventBridgeClient, type PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import { logger } from '#shared/observability';
import type { BusEntry } from '#shared/usecases/ports/webhooks';

/** Entries the bus refused, with EventBridge's own reason (never the event body: it carries traveler data). */
const refusals = (entries: BusEntry[], results: PutEventsResultEntry[]) =>
  entries.flatMap((entry, index) => {
    const result = results[index];
    if (result !== undefined && !result.ErrorCode) return [];
    return [{ detailType: entry.DetailType, errorCode: result?.ErrorCode ?? 'NoResult', errorMessage: result?.ErrorMessage }];
  });

export const eventBridgePutEvents =
  (client: EventBridgeClient, eventBusName: () => string) =>
  async (entries: BusEntry[]): Promise<boolean[]> => {
    try {
      const result = await client.send(new PutEventsCommand({ Entries: entries.map((entry) => ({ ...entry, EventBusName: eventBusName() })) }));
      const results = result.Entries ?? [];
      const refused = refusals(entries, results);
      if (refused.length > 0) logger.error('PutEvents refused entries', { refused });
      return entries.map((_, index) => results[index] !== undefined && !results[index].ErrorCode);
    } catch (error) {
      logger.error('PutEvents failed', { entries: entries.length, error: error as Error });
      throw error;
    }
  };
