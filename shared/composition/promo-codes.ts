// composition → what the public promo-code claim needs (the API route and the web app's claim page alike).
import { documentClient } from '#shared/composition/dynamodb';
import { emailSender } from '#shared/composition/email';
import { repositories } from '#shared/composition/repositories';
import { config } from '#shared/config';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import type { ClaimDeps } from '#shared/usecases/promo-codes';

const stores = /* @__PURE__ */ (() => ({
  ...repositories,
  promoCodes: dynamoPromoCodeDirectory(documentClient, config.tableName),
  throttle: dynamoThrottleCounter(documentClient, config.tableName),
}))();

/** The claim's dependencies; the email sender loads on the first claim (decision F40). */
export const promoCodeClaimDependencies = async (): Promise<ClaimDeps> => ({ ...stores, email: await emailSender() });
