// composition → what the public promo-code claim needs (the API route and the web app's claim page alike).
import { documentClient } from '#shared/composition/dynamodb';
import { repositories } from '#shared/composition/repositories';
import * as config from '#shared/config';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import type { ClaimDeps } from '#shared/usecases/promo-codes';

export const promoCodeClaimDependencies: ClaimDeps = {
  ...repositories,
  promoCodes: dynamoPromoCodeDirectory(documentClient, config.tableName()),
  throttle: dynamoThrottleCounter(documentClient, config.tableName()),
};
