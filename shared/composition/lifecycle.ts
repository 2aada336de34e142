// composition → the traveler-lifecycle dependencies bound to one table, for functions, the local runtime and tests.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { providersFor } from '#shared/composition/providers';
import type { ConnectivityKind } from '#shared/config';
import { dynamoProviderOrderJournal } from '#shared/storage/provider-order-store';
import { dynamoBookingStore } from '#shared/storage/booking-store';
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
  partners: dynamoPartnerStore(client, tableName),
  ...providersFor({ stage, connectivity, journal: dynamoProviderOrderJournal(client, tableName), clock }),
  clock,
});
