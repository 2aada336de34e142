// GET /portal → the partner's webhook page: endpoint, health, the 20 most recent deliveries with their attempts.
import { partnerWebhookReadDeps } from '#shared/composition/partner-webhooks';
import { getWebhookEndpoint, listWebhookDeliveries } from '#shared/usecases/partner-webhooks';
import { portalPage } from '#shared/web/portal-handler';
import { portalHomePage } from '#shared/web/portal-page';

/** Cursor key of a page that never pages: the listing needs one, nothing ever reads its cursors back. */
const UNUSED_CURSOR_KEY = Buffer.alloc(32);

export const handler = portalPage(async (request) => {
  const partnerId = request.session.partner_id;
  const [endpoint, { deliveries }] = await Promise.all([
    getWebhookEndpoint(partnerId, partnerWebhookReadDeps),
    listWebhookDeliveries(partnerId, { perPage: 20, cursorKey: UNUSED_CURSOR_KEY }, partnerWebhookReadDeps),
  ]);
  return { page: portalHomePage(request.portalFrame, { endpoint, deliveries, csrfToken: request.session.csrf_token }) };
});
