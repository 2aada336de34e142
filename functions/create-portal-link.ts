// http adapter → POST /webhooks/portal-link: a single-use, 5-minute link that opens the partner's webhook portal.
import * as successMessages from '#shared/api/success-messages';
import { portalSessions } from '#shared/composition/partner-portal';
import { tokenSigner } from '#shared/composition/token-signer';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { readBodyWithoutMembers } from '#shared/http/request';
import { createPortalLink } from '#shared/usecases/partner-portal';

export const handler = partnerHandler(async ({ event, partner }) => {
  readBodyWithoutMembers(event);
  return {
    status: 201,
    message: successMessages.createPortalLink,
    data: await createPortalLink({ partnerId: partner.partnerId, baseUrl: publicBaseUrl(event) }, { ...portalSessions, signer: tokenSigner }),
  };
});
