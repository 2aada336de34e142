// http adapter → PUT /webhooks/endpoint: change the URL, auth header, subscriptions; disable, enable; end a secret overlap.
import * as successMessages from '#shared/api/success-messages';
import { webhookEndpointUpdateDeps } from '#shared/composition/partner-webhooks';
import { validate } from '#shared/domain/validate';
import { WebhookEndpointUpdateSchema } from '#shared/domain/webhook-schemas';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { updateWebhookEndpoint } from '#shared/usecases/partner-webhooks';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const change = validate(WebhookEndpointUpdateSchema, readJsonBody(event, headers));
  return {
    message: successMessages.updateWebhookEndpoint,
    data: await updateWebhookEndpoint(partner.partnerId, change, webhookEndpointUpdateDeps),
  };
});
