// http adapter → POST /webhooks/endpoint/test: a signed webhook.test delivery now, and how the endpoint answered.
import * as successMessages from '#shared/api/success-messages';
import { webhookTestDeps } from '#shared/composition/partner-webhooks';
import { partnerHandler } from '#shared/http/partner-handler';
import { readBodyWithoutMembers } from '#shared/http/request';
import { sendTestDelivery } from '#shared/usecases/partner-webhooks';

export const handler = partnerHandler(async ({ event, partner }) => {
  readBodyWithoutMembers(event);
  return { message: successMessages.sendTestWebhook, data: await sendTestDelivery(partner.partnerId, webhookTestDeps) };
});
