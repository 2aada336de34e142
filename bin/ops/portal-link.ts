// ops → `npm run ops -- portal-link <partner_id>`: asks the partner API for a portal link, signed as that partner,
// so support hands out exactly what the partner would get itself (same route, same single-use link).
import { signedRequestHeaders } from '#shared/auth/request-signing';
import { wallClock } from '#shared/clock';
import type { OpsContext } from '#bin/ops/connection';
import { opsTarget } from '#bin/ops/simulate';

const PORTAL_LINK_PATH = '/webhooks/portal-link';

export const createPortalLinkFor = async (ctx: OpsContext, partnerId: string): Promise<unknown> => {
  const target = opsTarget(ctx);
  const credentials = await target.credentials(partnerId);
  const headers = signedRequestHeaders(credentials, { timestamp: String(wallClock.now().getTime()), method: 'POST', path: PORTAL_LINK_PATH });
  const response = await fetch(`${target.apiUrl}${PORTAL_LINK_PATH}`, { method: 'POST', headers: { accept: 'application/json', ...headers } });
  const body = (await response.json().catch(() => ({}))) as { data?: unknown; message?: string };
  if (!response.ok) throw new Error(`The service answered ${response.status}: ${body.message ?? 'no message'}`);
  return body.data;
};
