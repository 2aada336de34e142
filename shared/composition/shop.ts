// composition → the shop's adapters: the catalog, and the traveler lifecycle with the stage's payment provider.
import { documentClient } from '#shared/composition/dynamodb';
import { serviceClock } from '#shared/clock';
import * as config from '#shared/config';
import { dynamoCatalogStore } from '#shared/storage/catalog-store';
import { lifecycleRepositories } from '#shared/composition/lifecycle';

export const shopDependencies = {
  catalog: dynamoCatalogStore(documentClient, config.tableName()),
  // Purchases are lifecycle events: they run on the service clock like the sandbox's steps.
  lifecycle: lifecycleRepositories(documentClient, config.tableName(), serviceClock, config.stage(), config.connectivity()),
};
