// composition → the traveler-lifecycle dependencies bound to one table, for functions, the local runtime and tests.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { providersFor } from '#shared/composition/providers';
import type { ConnectivityKind } from '#shared/config';
import { dynamoProviderOrderJournal } from '#shared/storage/provider-order-store';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { cachedPartnerDirectory } from '#shared/storage/cached-partner-directory';
import { dynamoPartnerStore } from '#shared/storage/partner-store';
import { dynamoTravelerStore } from '#shared/storage/traveler-store';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import type { Clock } from '#shared/usecases/ports/services';

export const lifecycleRepositories = (
  client: DynamoDBDocumentClient,
  tableName: string,
  clock: Clock,
  stage: string,
  connectivity: ConnectivityKind,
): LifecycleDeps => ({
  travelers: dynamoTravelerStore(client, tableName),
  bookings: dynamoBookingStore(client, tableName),
  // The profile (name, confirmation-code setting) as the booking side reads it: cached briefly, so the dashboard and
  // a redemption do not wait for one more read after their own (PROFILE_CACHE_TTL_MS, decision F133).
  partners: cachedPartnerDirectory(dynamoPartnerStore(client, tableName), { clock }),
  ...providersFor({ stage, connectivity, journal: dynamoProviderOrderJournal(client, tableName), clock }),
  clock,
});
