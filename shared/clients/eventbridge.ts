// clients → the EventBridge client, created once per function instance (module scope).
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';

export const eventBridgeClient = new EventBridgeClient({});
