// POST /portal/actions → one action of the portal page (CSRF checked first, then the form's nonce: a form sent again
// does nothing): test, enable, rotate, end a rotation's overlap, recover, replay or sign out, then the page that says what happened. The same use cases as the
// partner API, for the session's partner only.
import { webhookRecoveryDeps, webhookSecretDeps, webhookSwitchDeps, webhookTestDeps } from '#shared/composition/partner-webhooks';
import { portalSessions } from '#shared/composition/partner-portal';
import { AppError } from '#shared/errors';
import { claimPortalForm, endPortalSession, PORTAL_FORM_NONCE, releasePortalForm } from '#shared/usecases/partner-portal';
import { rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { recoverWebhookDeliveries, sendTestDelivery } from '#shared/usecases/partner-webhooks';
import { html, type Html } from '#shared/web/html';
import { type PageOutcome, postedForm } from '#shared/web/page-handler';
import { PORTAL_COOKIE, portalPage, type PortalPageRequest } from '#shared/web/portal-handler';
import { backToPortal, portalResultPage, RECOVERY_WINDOWS_HOURS, ROTATION_OVERLAPS_MINUTES, testResultLines } from '#shared/web/portal-page';
import { clearCookie, sameSecret } from '#shared/web/security';

const EVENT_ID = /^[A-Za-z0-9._:-]{1,255}$/;

/**
 * The option of a `<select>` the form sent, spelled exactly as the page offers it; a missing, empty or other value is
 * none (`Number` would read a missing field as 0, a hard cutover of the signing secret).
 */
const chosen = <T extends number>(options: readonly T[], value: string | null): T | undefined => options.find((option) => String(option) === value);

const perform = async (
  request: PortalPageRequest,
  form: URLSearchParams,
): Promise<{ status?: number; title: string; lines: Array<string | Html> }> => {
  const partnerId = request.session.partner_id;
  const now = webhookRecoveryDeps.clock.now();
  switch (form.get('action')) {
    case 'test': {
      const result = await sendTestDelivery(partnerId, webhookTestDeps);
      return { title: result.delivered ? 'Test delivery answered' : 'Test delivery not delivered', lines: testResultLines(result) };
    }
    case 'rotate': {
      const overlap = chosen(ROTATION_OVERLAPS_MINUTES, form.get('overlap_minutes'));
      if (overlap === undefined) break;
      const rotated = await rotateWebhookSigningSecret(partnerId, { overlapMinutes: overlap }, webhookSecretDeps);
      return {
        title: 'New signing secret',
        lines: [
          html`<code>${rotated.signing_secret}</code>`,
          'Store it now: it is not shown again.',
          rotated.previous_secret_valid_until
            ? `The previous secret keeps signing until ${rotated.previous_secret_valid_until}.`
            : overlap === 0
              ? 'Only the new secret signs (a hard cutover).'
              : 'Only the new secret signs: there was no earlier one to keep.',
        ],
      };
    }
    case 'recover': {
      const hours = chosen(RECOVERY_WINDOWS_HOURS, form.get('hours'));
      if (hours === undefined) break;
      const since = new Date(now.getTime() - hours * 3_600_000).toISOString();
      const result = await recoverWebhookDeliveries(partnerId, { since }, webhookRecoveryDeps);
      return {
        title: 'Recovery started',
        lines: [
          `${result.queued} ${result.queued === 1 ? 'event' : 'events'} queued for delivery again.`,
          ...(result.more ? ['More remain: recover again in a minute.'] : []),
        ],
      };
    }
    case 'enable': {
      // What the disable email asks for (PUT /webhooks/endpoint {"enabled": true}), for a partner who uses the portal:
      // the same settings change, without the endpoint view the API answers with.
      await setWebhookSettings(partnerId, { enabled: true }, webhookSwitchDeps);
      return {
        title: 'Endpoint enabled',
        lines: ['New deliveries go to your endpoint again. Deliveries held while it was disabled wait for a recovery: recover them below.'],
      };
    }
    case 'end-overlap': {
      await setWebhookSettings(partnerId, { endSecretOverlap: true }, webhookSwitchDeps);
      return { title: 'Previous secret retired', lines: ['Only the new signing secret signs deliveries from now on.'] };
    }
    case 'replay': {
      const eventId = form.get('event_id') ?? '';
      if (!EVENT_ID.test(eventId)) break;
      await recoverWebhookDeliveries(partnerId, { event_id: eventId }, webhookRecoveryDeps);
      return { title: 'Replay queued', lines: [html`<code>${eventId}</code> is sent again with a new delivery id.`] };
    }
  }
  return { status: 400, title: 'Unknown action', lines: ['This form cannot be sent. Go back and use a button of the page.'] };
};

const alreadySent = {
  status: 409,
  title: 'This form was already sent',
  lines: [
    'What it did was shown when it was first sent; sending it again does nothing. A new signing secret is shown only once: if you did not store it, rotate again.',
  ],
};

export const handler = portalPage(
  postedForm(
    (request: PortalPageRequest, token) => sameSecret(token, request.session.csrf_token),
    async (request, form): Promise<PageOutcome> => {
      const nonce = form.get('nonce') ?? '';
      if (!PORTAL_FORM_NONCE.test(nonce)) {
        return {
          status: 400,
          page: portalResultPage(request.portalFrame, {
            title: 'Unknown action',
            lines: ['This form cannot be sent. Go back and use a button of the page.'],
          }),
        };
      }
      const sent = { partnerId: request.session.partner_id, nonce };
      if (!(await claimPortalForm(sent, portalSessions))) {
        const { status, ...result } = alreadySent;
        return { status, page: portalResultPage(request.portalFrame, result) };
      }
      if (form.get('action') === 'sign-out') {
        await endPortalSession({ sessionId: request.cookie(PORTAL_COOKIE) ?? '' }, portalSessions);
        return {
          page: portalResultPage(request.portalFrame, {
            title: 'You are signed out',
            lines: ['This browser no longer opens the portal: a new link opens it again.'],
            signedOut: true,
          }),
          setCookie: clearCookie(PORTAL_COOKIE, request.secure),
        };
      }
      try {
        const { status, ...result } = await perform(request, form);
        // A refused form did nothing: the same form may be sent again (after a rate limit, once a URL is set).
        if (status !== undefined && status >= 400) await releasePortalForm(sent, portalSessions);
        return { status, page: portalResultPage(request.portalFrame, result) };
      } catch (error) {
        await releasePortalForm(sent, portalSessions);
        // Refusals the API would answer with a 4xx (no URL, rate limit, unknown event) are said in words; the rest is a 500 page.
        if (!(error instanceof AppError) || !error.expose) throw error;
        // A rate limit's wait, said in seconds on the page (a browser shows no header) and sent as the API sends it; a
        // disabled endpoint, by the page's own button rather than the API call.
        const wait = error.headers['retry-after'];
        const lines = wait
          ? [error.message.replace(/Wait until the time in Retry-After has passed, then/, `Wait ${wait} second${wait === '1' ? '' : 's'}, then`)]
          : error.code === 'webhook_endpoint_disabled'
            ? [
                'Your endpoint is disabled, so the replays would be held at once. Enable it with the "Enable the endpoint" button first, then recover.',
              ]
            : [error.message];
        return { status: error.status, headers: error.headers, page: portalResultPage(request.portalFrame, { title: 'Not done', lines }) };
      }
    },
    { back: (request) => backToPortal(request.basePath) },
  ),
);
