// web → the partner portal's pages: one partner's webhook endpoint, health and recent deliveries, with a form per
// action (test, rotate, recover, replay), and the page each action answers with. English only: partners' engineers.
import type { WebhookDeliveryOutput, WebhookEndpointOutput, WebhookTestResultOutput } from '#shared/domain/webhook-schemas';
import { html, type Html } from '#shared/web/html';
import { layout, type PageFrame } from '#shared/web/layout';
import type { FrameMessageKey } from '#shared/web/messages/en';
import { newPortalFormNonce } from '#shared/usecases/partner-portal';
import { CSRF_FIELD } from '#shared/web/security';

export const portalPath = (basePath: string) => `${basePath}/portal`;

/** Recovery windows the page offers, in hours. */
export const RECOVERY_WINDOWS_HOURS = [24, 72, 168, 720] as const;
/** Overlaps the rotation form offers, in minutes (the API allows any value up to 7 days). */
export const ROTATION_OVERLAPS_MINUTES = [0, 60, 1440, 10080] as const;

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const durationText = (minutes: number) =>
  minutes === 0 ? 'no overlap (hard cutover)' : minutes < 1440 ? counted(minutes / 60, 'hour') : counted(minutes / 1440, 'day');

/** One action's form; its own nonce makes a second sending of it (a reload, a double click) do nothing. */
const actionForm = (frame: PageFrame<FrameMessageKey>, csrfToken: string, action: string, content: Html): Html =>
  html`<form method="post" action="${portalPath(frame.basePath)}/actions" class="inline">
<input type="hidden" name="${CSRF_FIELD}" value="${csrfToken}"><input type="hidden" name="action" value="${action}"><input type="hidden" name="nonce" value="${newPortalFormNonce()}">
${content}
</form>`;

const fact = (term: string, value: string | null | undefined) => html`<dt>${term}</dt><dd>${value ?? '–'}</dd>`;

/** How each answer was judged, as webhooks.md names the outcomes. */
const verdictText: Record<WebhookDeliveryOutput['attempt_log'][number]['verdict'], string> = {
  delivered: 'delivered',
  retry: 'retried',
  rejected: 'rejected, not retried',
};

const attemptsTable = (delivery: WebhookDeliveryOutput): Html =>
  delivery.attempt_log.length === 0
    ? html`<p class="muted">No HTTP attempt${delivery.reason ? html`: ${delivery.reason.replace(/\.$/, '')}` : ''}.</p>`
    : html`<table><caption>Attempts of ${delivery.delivery_id}</caption>
<thead><tr><th scope="col">#</th><th scope="col">Time</th><th scope="col">Answer</th><th scope="col">Latency</th></tr></thead>
<tbody>${delivery.attempt_log.map(
        (attempt) =>
          html`<tr><td>${attempt.attempt}</td><td>${attempt.at}</td><td>${attempt.status_code ?? attempt.error ?? '–'}: ${verdictText[attempt.verdict]}${
            attempt.response_excerpt ? html`<br><code>${attempt.response_excerpt.slice(0, 200)}</code>` : ''
          }</td><td>${attempt.latency_ms} ms</td></tr>`,
      )}</tbody></table>`;

const deliveryItem = (frame: PageFrame<FrameMessageKey>, csrfToken: string, delivery: WebhookDeliveryOutput): Html =>
  html`<li class="card"><h3>${delivery.event}: ${delivery.status}</h3>
<dl class="facts">${fact('Event id', delivery.event_id)}${fact('Delivery id', delivery.delivery_id)}${fact('Started', delivery.created_at)}${fact(
    'Attempts',
    String(delivery.attempts),
  )}${delivery.next_attempt_at ? fact('Next attempt', delivery.next_attempt_at) : ''}${delivery.reason && delivery.attempt_log.length > 0 ? fact('Why', delivery.reason) : ''}${delivery.replay ? fact('Replay', 'yes') : ''}${
    delivery.recovered_at ? fact('Recovered', delivery.recovered_at) : ''
  }</dl>
${attemptsTable(delivery)}
${actionForm(
  frame,
  csrfToken,
  'replay',
  html`<input type="hidden" name="event_id" value="${delivery.event_id}"><button type="submit" class="link-button" aria-label="Replay ${delivery.event_id}">Replay</button>`,
)}</li>`;

/** The portal's one page: what the endpoint is, how it does, what was sent, and what the partner can do about it. */
export const portalHomePage = (
  frame: PageFrame<FrameMessageKey>,
  view: { endpoint: WebhookEndpointOutput; deliveries: WebhookDeliveryOutput[]; csrfToken: string },
): Html => {
  const { endpoint, deliveries, csrfToken } = view;
  return layout(frame, {
    title: 'Webhooks',
    content: html`<h1>Webhooks</h1>
<section aria-labelledby="endpoint-heading"><h2 id="endpoint-heading">Endpoint</h2>
<dl class="facts">${fact('URL', endpoint.url ?? 'none set')}${fact('Status', endpoint.enabled ? 'enabled' : `disabled (${endpoint.disabled_reason ?? 'no reason given'})`)}${fact(
      'Signing secret',
      endpoint.signing_secret.configured ? 'configured' : 'none: deliveries are not signed',
    )}${endpoint.signing_secret.previous_secret_valid_until ? fact('Previous secret signs until', endpoint.signing_secret.previous_secret_valid_until) : ''}${fact(
      'Auth header',
      `${endpoint.auth_header_name}: ${endpoint.auth_header_prefix}…`,
    )}${fact('Last success', endpoint.health.last_delivered_at)}${fact('Failing since', endpoint.health.failing_since)}${
      endpoint.health.disable_at ? fact('Disabled if it still fails at', endpoint.health.disable_at) : ''
    }</dl>
${endpoint.enabled ? '' : actionForm(frame, csrfToken, 'enable', html`<button type="submit">Enable the endpoint</button>`)}
${actionForm(frame, csrfToken, 'test', html`<button type="submit">Send a test delivery</button>`)}
${actionForm(
  frame,
  csrfToken,
  'rotate',
  html`<div class="field"><label for="overlap">Old secret keeps signing for</label>
<select id="overlap" name="overlap_minutes">${ROTATION_OVERLAPS_MINUTES.map(
    (minutes) => html`<option value="${minutes}"${minutes === 1440 ? html` selected` : ''}>${durationText(minutes)}</option>`,
  )}</select></div><button type="submit">Rotate the signing secret</button>`,
)}
${
  endpoint.signing_secret.previous_secret_valid_until
    ? actionForm(frame, csrfToken, 'end-overlap', html`<button type="submit">Stop signing with the previous secret now</button>`)
    : ''
}
${actionForm(
  frame,
  csrfToken,
  'recover',
  html`<div class="field"><label for="window">Send again every rejected, dead-lettered or held delivery of the last</label>
<select id="window" name="hours">${RECOVERY_WINDOWS_HOURS.map((hours) => html`<option value="${hours}">${hours < 48 ? `${hours} hours` : `${hours / 24} days`}</option>`)}</select></div>
<button type="submit">Recover deliveries</button>`,
)}
</section>
<section aria-labelledby="deliveries-heading"><h2 id="deliveries-heading">Recent deliveries</h2>
${deliveries.length === 0 ? html`<p>No deliveries yet.</p>` : html`<ul class="cards">${deliveries.map((delivery) => deliveryItem(frame, csrfToken, delivery))}</ul>`}
</section>
${actionForm(frame, csrfToken, 'sign-out', html`<button type="submit" class="link-button">Sign out</button>`)}`,
  });
};

/** The answer to an action: what happened, and the way back. */
/** The link back to the portal page, which a refused form's page carries too. */
export const backToPortal = (basePath: string) => ({ href: portalPath(basePath), label: 'Back to your webhooks' });

/** The answer to an action: what happened, and the way back (none after signing out: the page would be closed). */
export const portalResultPage = (
  frame: PageFrame<FrameMessageKey>,
  result: { title: string; lines: Array<string | Html>; signedOut?: boolean },
): Html =>
  layout(frame, {
    title: result.title,
    content: html`<h1>${result.title}</h1>${result.lines.map((line) => html`<p>${line}</p>`)}${
      result.signedOut ? '' : html`<p><a href="${backToPortal(frame.basePath).href}">${backToPortal(frame.basePath).label}</a></p>`
    }`,
  });

export const testResultLines = (result: WebhookTestResultOutput): Array<string | Html> => [
  result.delivered
    ? `Your endpoint answered ${result.status_code} in ${result.latency_ms} ms.`
    : `Not delivered: ${result.status_code ?? result.error ?? 'no answer'} after ${result.latency_ms} ms.`,
  html`Event id <code>${result.event_id}</code>, ${result.signed ? 'signed' : 'not signed (no signing secret yet)'}.`,
  ...(result.response_excerpt ? [html`Answer: <code>${result.response_excerpt}</code>`] : []),
];
