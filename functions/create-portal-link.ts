// http adapter → POST /webhooks/portal-link: a single-use, 5-minute link that opens the partner's webhook portal.
import { portalSessions } from '#shared/composition/partner-portal';
import { tokenSigner } from '#shared/composition/token-signer';
import { partnerHandler, publicBaseUrl } from '#shared/http/partner-handler';
import { createPortalLink } from '#shared/usecases/partner-portal';

export const handler = partnerHandler(async ({ event, partner }) => ({
  status: 201,
  message: 'Portal link created. Open it within 5 minutes; it works once.',
  data: await createPortalLink({ partnerId: partner.partnerId, baseUrl: publicBaseUrl(event) }, { ...portalSessions, signer: tokenSigner }),
}));
