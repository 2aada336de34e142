// composition → the partner portal's sessions (the webhook use cases come from partner-webhooks.ts).
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import * as config from '#shared/config';
import { dynamoPortalStore } from '#shared/storage/portal-store';

// Real time: link and session lifetimes are real time.
export const portalSessions = /* @__PURE__ */ (() => ({ portal: dynamoPortalStore(documentClient, config.tableName()), clock: wallClock }))();
