// api docs → the operation registry: what the OpenAPI document says about each operation of shared/routes.ts, keyed by
// operation name, one file per tag. Adding a route: add its entry to the file of its tag (summary, schemas, an example,
// the error codes it can answer), its success message to shared/api/success-messages.ts, and run `npm run openapi`.
// A route without an entry does not compile; an entry without a route does not either.
import { bookingOperations } from '#shared/api/booking-operations';
import { catalogOperations } from '#shared/api/catalog-operations';
import { ingestionOperations } from '#shared/api/ingestion-operations';
import { nativeAppOperations } from '#shared/api/native-app-operations';
import type { OperationDoc } from '#shared/api/operation-types';
import { promoCodeOperations } from '#shared/api/promo-code-operations';
import { sandboxOperations } from '#shared/api/sandbox-operations';
import { webAppOperations } from '#shared/api/web-app-operations';
import { webhookOperations } from '#shared/api/webhook-operations';
import type { OperationName } from '#shared/routes';

export * from '#shared/api/operation-types';

export const operations: Record<OperationName, OperationDoc> = {
  ...bookingOperations,
  ...promoCodeOperations,
  ...catalogOperations,
  ...ingestionOperations,
  ...nativeAppOperations,
  ...sandboxOperations,
  ...webAppOperations,
  ...webhookOperations,
};
