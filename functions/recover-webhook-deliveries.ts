// http adapter → POST /webhooks/deliveries/recover: replay one event, or send failed deliveries since a time again.
import * as successMessages from '#shared/api/success-messages';
import { webhookRecoveryDeps } from '#shared/composition/partner-webhooks';
import { validate } from '#shared/domain/validate';
import { RecoverWebhookDeliveriesSchema } from '#shared/domain/webhook-schemas';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { recoverWebhookDeliveries } from '#shared/usecases/partner-webhooks';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const request = validate(RecoverWebhookDeliveriesSchema, readJsonBody(event, headers));
  const data = await recoverWebhookDeliveries(partner.partnerId, request, webhookRecoveryDeps);
  return { status: 202, message: successMessages.recoverWebhookDeliveries(data), data };
});
