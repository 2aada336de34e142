// composition → the partner portal's sessions (the webhook use cases come from partner-webhooks.ts).
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import * as config from '#shared/config';
import { dynamoPartnerCredentials, dynamoPartnerProfiles } from '#shared/storage/partner-store';
import { partnerStanding } from '#shared/storage/partner-standing';
import { dynamoPortalStore } from '#shared/storage/portal-store';

// Real time: link and session lifetimes are real time. The partner's standing is read fresh, uncached: a rotated
// secret or a disabled partner closes the portal at once (decision F148).
export const portalSessions = /* @__PURE__ */ (() => ({
  portal: dynamoPortalStore(documentClient, config.tableName()),
  standing: partnerStanding(dynamoPartnerProfiles(documentClient, config.tableName()), dynamoPartnerCredentials(documentClient, config.tableName())),
  clock: wallClock,
}))();
