// http adapter → POST /webhooks/endpoint/signing-secret: a new signing secret, shown once, with an optional overlap.
import * as successMessages from '#shared/api/success-messages';
import { webhookSecretDeps } from '#shared/composition/partner-webhooks';
import { validate } from '#shared/domain/validate';
import { DEFAULT_SECRET_OVERLAP_MINUTES, RotateSigningSecretSchema } from '#shared/domain/webhook-schemas';
import { partnerHandler } from '#shared/http/partner-handler';
import { readOptionalJsonBody } from '#shared/http/request';
import { rotateWebhookSigningSecret } from '#shared/usecases/manage-webhooks';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  // Every member is optional: no body at all asks for the defaults.
  const body = readOptionalJsonBody(event, headers);
  const { overlap_minutes: overlapMinutes = DEFAULT_SECRET_OVERLAP_MINUTES } = validate(RotateSigningSecretSchema, body);
  return {
    status: 201,
    message: successMessages.rotateWebhookSigningSecret,
    data: await rotateWebhookSigningSecret(partner.partnerId, { overlapMinutes }, webhookSecretDeps),
  };
});
