// http adapter → GET /webhooks/deliveries: one page of the partner's delivery log with attempts, filtered, never cached.
import * as successMessages from '#shared/api/success-messages';
import { partnerWebhookReadDeps } from '#shared/composition/partner-webhooks';
import { validate } from '#shared/domain/validate';
import { ListWebhookDeliveriesQuerySchema } from '#shared/domain/webhook-schemas';
import { partnerHandler } from '#shared/http/partner-handler';
import { queryParameters } from '#shared/http/request';
import { listWebhookDeliveries } from '#shared/usecases/partner-webhooks';

export const handler = partnerHandler(async ({ event, partner }) => {
  const query = validate(ListWebhookDeliveriesQuerySchema, queryParameters(event));
  const { deliveries, pagination } = await listWebhookDeliveries(
    partner.partnerId,
    { ...query, cursor: query.cursor || undefined, cursorKey: partner.cursorKey },
    partnerWebhookReadDeps,
  );
  return { message: successMessages.listWebhookDeliveries, data: deliveries, extra: { pagination } };
});
