// http adapter → GET /webhooks/endpoint: the partner's webhook endpoint, subscriptions, secret state and health.
import * as successMessages from '#shared/api/success-messages';
import { partnerWebhookReadDeps } from '#shared/composition/partner-webhooks';
import { partnerHandler } from '#shared/http/partner-handler';
import { getWebhookEndpoint } from '#shared/usecases/partner-webhooks';

export const handler = partnerHandler(async ({ partner }) => ({
  message: successMessages.getWebhookEndpoint,
  data: await getWebhookEndpoint(partner.partnerId, partnerWebhookReadDeps),
}));
