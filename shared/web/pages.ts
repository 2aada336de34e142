// web → the page bodies: home, claim form, and the outcomes of the token exchange and the claim.
import { html, type Html } from '#shared/web/html';
import { layout, messagePage, type PageFrame } from '#shared/web/layout';
import type { ClaimOutcome } from '#shared/usecases/claim-promo-code-page';
import type { QueuedPackageView, TravelerHomeView } from '#shared/usecases/traveler-home';

import type { ExchangeOutcome } from '#shared/usecases/traveler-sessions';
import { CSRF_FIELD } from '#shared/web/security';

const queueStatusLabel = { pending: 'statusPending', redeemed: 'statusRedeemed', claimed: 'statusClaimed' } as const;

const csrfField = (token: string) => html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;

const destinationOf = (entry: QueuedPackageView) => {
  const destination = entry.package.destination;
  return Array.isArray(destination) ? destination.join(', ') : (destination ?? '–');
};

const dateOf = (frame: PageFrame, iso: string) =>
  new Intl.DateTimeFormat(frame.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

const queuedCard = (frame: PageFrame, entry: QueuedPackageView): Html => {
  const { t } = frame;
  const duration = entry.package.package_duration;
  return html`<li class="card">
<h3>${destinationOf(entry)}</h3>
<dl class="facts">
<dt>${t('sizeLabel')}</dt><dd>${entry.package.size ?? t('unlimitedData')}</dd>
${duration ? html`<dt>${t('durationLabel')}</dt><dd>${t('durationDays', { days: duration })}</dd>` : ''}
<dt>${t('statusLabel')}</dt><dd>${t(queueStatusLabel[entry.status])} · ${entry.esim_type === 'classic' ? t('esimTypeClassic') : t('esimTypeUniversal')}</dd>
${entry.expires_at ? html`<dt>${t('expiresLabel')}</dt><dd>${dateOf(frame, entry.expires_at)}</dd>` : ''}
</dl>
</li>`;
};

export const homePage = (frame: PageFrame, input: { view: TravelerHomeView; csrfToken: string }): Html => {
  const { t, basePath } = frame;
  const { view } = input;
  return layout(frame, {
    title: t('homeTitle'),
    content: html`<h1>${t('homeTitle')}</h1>
<dl class="facts"><dt>${t('travelerLabel')}</dt><dd>${view.externalUserId}</dd></dl>
<h2>${t('esimTitle')}</h2>
<p class="notice">${t('esimPending')}</p>
<h2>${t('queuedTitle')}</h2>
${view.packageQueues.length > 0
  ? html`<ul class="cards" role="list">${view.packageQueues.map((entry) => queuedCard(frame, entry))}</ul>`
  : html`<p class="muted">${t('queuedEmpty')}</p>`}
<form class="inline" method="post" action="${basePath}/app/sign-out">${csrfField(input.csrfToken)}<button type="submit" class="link-button">${t('signOut')}</button></form>`,
  });
};

export const exchangeFailurePage = (frame: PageFrame, reason: Extract<ExchangeOutcome, { ok: false }>['reason']): Html => {
  const { t } = frame;
  const titles = { invalid: ['tokenInvalidTitle', 'tokenInvalidBody'], expired: ['tokenExpiredTitle', 'tokenExpiredBody'], used: ['tokenUsedTitle', 'tokenUsedBody'] } as const;
  const [title, body] = titles[reason];
  return messagePage(frame, { title: t(title), body: t(body), guidance: t('backToApp') });
};

export interface ClaimForm {
  uuid: string;
  csrfToken: string;
  email?: string;
  emailError?: boolean;
}

export const claimFormPage = (frame: PageFrame, form: ClaimForm): Html => {
  const { t, basePath } = frame;
  const describedBy = form.emailError ? 'email-hint email-error' : 'email-hint';
  return layout(frame, {
    title: form.emailError ? `${t('errorSummaryTitle')}: ${t('claimTitle')}` : t('claimTitle'),
    content: html`${form.emailError
      ? html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${t('errorSummaryTitle')}</h2>
<ul><li><a href="#email">${t('emailInvalid')}</a></li></ul></div>`
      : ''}
<h1>${t('claimTitle')}</h1>
<p>${t('claimIntro')}</p>
<form method="post" action="${basePath}/app/claim/${form.uuid}" novalidate>
${csrfField(form.csrfToken)}
<div class="field${form.emailError ? ' field-error' : ''}">
<label for="email">${t('emailLabel')}</label>
<p class="hint" id="email-hint">${t('emailHint')}</p>
${form.emailError ? html`<p class="error-message" id="email-error">${t('emailInvalid')}</p>` : ''}
<input type="email" id="email" name="email" autocomplete="email" spellcheck="false" required aria-describedby="${describedBy}"${form.emailError ? html` aria-invalid="true"` : ''} value="${form.email ?? ''}">
</div>
<button type="submit">${t('claimSubmit')}</button>
</form>
<h2>${t('nextStepsTitle')}</h2>
<ol class="steps"><li>${t('nextStep1')}</li><li>${t('nextStep2')}</li><li>${t('nextStep3')}</li></ol>`,
  });
};

export const claimOutcomePage = (frame: PageFrame, outcome: ClaimOutcome | 'unavailable'): { status: number; page: Html } => {
  const { t } = frame;
  const pages = {
    sent: [200, 'claimSentTitle', 'claimSentBody'],
    already_claimed: [409, 'claimTakenTitle', 'claimTakenBody'],
    not_found: [404, 'notFoundTitle', 'notFoundBody'],
    throttled: [429, 'claimTooManyTitle', 'claimTooManyBody'],
    unavailable: [503, 'claimUnavailableTitle', 'claimUnavailableBody'],
  } as const;
  const [status, title, body] = pages[outcome];
  return { status, page: messagePage(frame, { title: t(title), body: t(body) }) };
};

export const notFoundPage = (frame: PageFrame): Html => messagePage(frame, { title: frame.t('notFoundTitle'), body: frame.t('notFoundBody') });
