// composition → the outbox publisher's stream reader and event bus: EventBridge, on the stage's bus.
import { eventBridgeClient } from '#shared/composition/eventbridge';
import * as config from '#shared/config';
import { eventBridgePutEvents } from '#shared/messaging/eventbridge-bus';
import { outboxItemsOf } from '#shared/storage/outbox-stream';

export const publisherDependencies = { putEvents: eventBridgePutEvents(eventBridgeClient, () => config.eventBusName()) };

/** Reads a stream batch into outbox items (the handler knows no DynamoDB types). */
export const readOutboxStream = outboxItemsOf;
