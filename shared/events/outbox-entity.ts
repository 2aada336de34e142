// event pipeline → the entity type of outbox items, alone: the stores that write outbox items import it without the
// pipeline definition (shared/events/pipeline.ts) and its event-name list.

/** Entity type stored on outbox items; the stream filter passes only these to the publisher. */
export const outboxEntityType = 'outbox';
