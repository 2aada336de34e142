// POST /redirect-tokens/create → a signed, single-use token and the web app URL that signs the traveler in.
import * as successMessages from '#shared/api/success-messages';
import { tokenSigner } from '#shared/composition/token-signer';
import { CreateRedirectTokenSchema } from '#shared/domain/redirect-token-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { createRedirectToken } from '#shared/usecases/traveler-sessions';
import { webSessions, webTravelerDirectory } from '#shared/composition/traveler-web';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const body = validate(CreateRedirectTokenSchema, readJsonBody(event, headers));
  const data = await createRedirectToken(
    {
      partnerId: partner.partnerId,
      externalUserId: body.external_user_id ?? undefined,
      email: body.external_user_id ? undefined : (body.email ?? undefined),
      webAppBaseUrl: publicBaseUrl(event),
    },
    { ...webSessions, travelers: webTravelerDirectory, signer: tokenSigner },
  );
  return { status: 201, message: successMessages.createRedirectToken, data };
});
