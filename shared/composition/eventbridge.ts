// composition → the EventBridge client, created once per function instance (module scope).
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import * as config from '#shared/config';

export const eventBridgeClient = new EventBridgeClient({ endpoint: config.eventBridgeEndpoint() });
