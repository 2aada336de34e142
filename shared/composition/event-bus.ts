// composition → the outbox publisher's event bus: EventBridge, on the stage's bus.
import { eventBridgeClient } from '#shared/composition/eventbridge';
import { config } from '#shared/config';
import { eventBridgePutEvents } from '#shared/events/eventbridge-bus';

export const publisherDependencies = { putEvents: eventBridgePutEvents(eventBridgeClient, () => config.eventBusName) };
