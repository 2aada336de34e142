// web → the page bodies: home, claim form, and the outcomes of the token exchange and the claim.
import { regionName } from '#shared/domain/catalog';
import { alpha3Codes, isCountryCode } from '#shared/domain/country-codes';
import { countryName } from '#shared/domain/country-names';
import { dataAmount, dayCount, packageSize } from '#shared/domain/data-size';
import { isAssignedExternalUserId } from '#shared/domain/traveler';
import { html, type Html } from '#shared/web/html';
import { layout, messagePage, type PageFrame } from '#shared/web/layout';
import type { ClaimMessageKey, FrameMessageKey, HomeMessageKey } from '#shared/web/messages/en';
import type { ClaimOutcome } from '#shared/usecases/claim-promo-code-page';
import type { RegionNames } from '#shared/usecases/traveler-home';
import type { ExchangeOutcome } from '#shared/usecases/traveler-sessions';
import { CSRF_FIELD } from '#shared/web/security';
import type { CurrentEsimView, EsimPackageView, QueuedPackageView, TravelerHomeView } from '#shared/usecases/ports/travelers';

const csrfField = (token: string) => html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;

/** A destination code as the page's language names it: a country from ISO 3166, a region from the catalog. */
const placeName = (frame: PageFrame<FrameMessageKey>, code: string, regionNames: RegionNames): string => {
  const region = regionNames[code];
  return region ? regionName(region, frame.language) || code : countryName(code, frame.language);
};

const destinationOf = (frame: PageFrame<HomeMessageKey>, entry: QueuedPackageView, regionNames: RegionNames) => {
  const destination = entry.package.destination;
  // A heading (and the name of the card's button) must say something: the traveler chooses the place.
  if (destination === undefined || destination === null) return frame.t('grantAnyDestination');
  return (Array.isArray(destination) ? destination : [destination]).map((code) => placeName(frame, code, regionNames)).join(', ');
};

/** A grant's or a package's last moment: with its time (UTC, named), since it may end within the day. */
const deadlineOf = (frame: PageFrame<FrameMessageKey>, iso: string) =>
  new Intl.DateTimeFormat(frame.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)).concat(' UTC');

const statusLabels = { pending: 'statusPending', redeemed: 'statusRedeemed', claimed: 'statusClaimed', expired: 'statusExpired' } as const;

/** Every country named in the page's language, in its alphabetical order: the choice a grant without a destination asks for. */
const countryOptions = (frame: PageFrame<FrameMessageKey>): Html[] => {
  const collator = new Intl.Collator(frame.language);
  return Object.keys(alpha3Codes())
    .map((code) => ({ code, name: countryName(code, frame.language) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ code, name }) => html`<option value="${code}">${name}</option>`);
};

/** An unlimited grant without a duration is not provisioned until the partner gives it one (decision F151). */
const notReady = (entry: QueuedPackageView): boolean => entry.package.package_type === 'unlimited' && !entry.package.package_duration;

/** The button that takes a waiting grant (redeemed onto the eSIM, or a classic eSIM claimed), with the country asked first when the grant names none. */
const grantForm = (frame: PageFrame<HomeMessageKey>, entry: QueuedPackageView, page: { csrfToken: string; countries: () => Html[] }): Html => {
  const { t, basePath } = frame;
  if (notReady(entry)) return html`<p class="muted">${t('grantNotReady')}</p>`;
  const asksDestination = entry.package.destination === undefined || entry.package.destination === null;
  return html`<form method="post" action="${basePath}/app/redeem">
${csrfField(page.csrfToken)}<input type="hidden" name="package_queue_id" value="${entry.uuid}"><input type="hidden" name="esim_type" value="${entry.esim_type}">
${
  asksDestination
    ? html`<div class="field"><label for="destination-${entry.uuid}">${t('grantDestinationLabel')}</label>
<select id="destination-${entry.uuid}" name="destination" required><option value="">${t('grantDestinationChoose')}</option>${page.countries()}</select></div>`
    : ''
}
<button type="submit" aria-describedby="grant-${entry.uuid}">${entry.esim_type === 'classic' ? t('claimAction') : t('redeemAction')}</button>
</form>`;
};

const queuedCard = (
  frame: PageFrame<HomeMessageKey>,
  entry: QueuedPackageView,
  regionNames: RegionNames,
  page: { csrfToken: string; countries: () => Html[] },
): Html => {
  const { t } = frame;
  const duration = entry.package.package_duration;
  return html`<li class="card">
<h3 id="grant-${entry.uuid}">${destinationOf(frame, entry, regionNames)}</h3>
<dl class="facts">
<dt>${t('sizeLabel')}</dt><dd>${entry.package.size ? packageSize(frame.language, entry.package.size) : t('unlimitedData')}</dd>
${duration ? html`<dt>${t('durationLabel')}</dt><dd>${dayCount(frame.language, duration)}</dd>` : ''}
<dt>${t('statusLabel')}</dt><dd>${entry.status === 'pending' && notReady(entry) ? t('grantNotReadyStatus') : t(statusLabels[entry.status])} · ${entry.esim_type === 'classic' ? t('esimTypeClassic') : t('esimTypeUniversal')}</dd>
${entry.expires_at && entry.status === 'pending' ? html`<dt>${t('expiresLabel')}</dt><dd>${deadlineOf(frame, entry.expires_at)}</dd>` : ''}
</dl>
${
  entry.status === 'pending'
    ? grantForm(frame, entry, page)
    : entry.expires_at
      ? html`<p class="muted">${t('expiredOn', { date: deadlineOf(frame, entry.expires_at) })}</p>`
      : ''
}
</li>`;
};

const packageStatus = { queued: 'packageQueued', active: 'packageActive', depleted: 'packageDepleted', expired: 'packageExpired' } as const;

/** What the traveler can use first: the active package, then those waiting, then the ones that ended. */
const packageOrder = { active: 0, queued: 1, depleted: 2, expired: 3 } as const;
const byUse = (packages: EsimPackageView[]) => [...packages].sort((a, b) => packageOrder[a.status] - packageOrder[b.status]);

/**
 * The data meter: a native <meter> with a text equivalent, so the numbers never depend on seeing the bar. An unlimited
 * package's meter is its validity elapsed, and says so: "100 % used" of unlimited data would be wrong.
 */
const esimPackageCard = (frame: PageFrame<HomeMessageKey>, pkg: EsimPackageView, regionNames: RegionNames): Html => {
  const { t } = frame;
  const id = `meter-${pkg.package_id}`;
  return html`<li class="card">
<h3>${pkg.destination ? placeName(frame, pkg.destination, regionNames) : '–'} · ${pkg.size ? packageSize(frame.language, pkg.size) : t('unlimitedData')}</h3>
<p><span class="tag">${t(packageStatus[pkg.status])}</span></p>
<p id="${id}">${t(pkg.size ? 'usageLine' : 'validityLine', { percent: pkg.usage_percent })}${pkg.remaining_bytes !== null && pkg.status !== 'expired' ? html` · ${t('remainingLine', { amount: dataAmount(frame.language, pkg.remaining_bytes) })}` : ''}</p>
${pkg.status === 'expired' ? '' : html`<meter class="meter" min="0" max="100" low="80" high="95" optimum="0" value="${pkg.usage_percent}" aria-labelledby="${id}">${pkg.usage_percent}%</meter>`}
${pkg.expires_at && pkg.status !== 'depleted' ? html`<p class="muted">${t(pkg.status === 'expired' ? 'expiredOn' : 'validUntil', { date: deadlineOf(frame, pkg.expires_at) })}</p>` : ''}
</li>`;
};

const esimSection = (frame: PageFrame<HomeMessageKey>, esim: CurrentEsimView | null, regionNames: RegionNames): Html => {
  const { t } = frame;
  if (!esim) return html`<p class="notice">${t('esimPending')}</p>`;
  const state = { installed: t('esimInstalled'), provisioned: t('esimNotInstalled'), removed: t('esimRemoved') }[esim.status];
  return html`<p><span class="tag">${state}</span></p>
${esim.packages.length > 0 ? html`<ul class="cards" role="list">${byUse(esim.packages).map((pkg) => esimPackageCard(frame, pkg, regionNames))}</ul>` : ''}`;
};

/** A classic eSIM claimed beside the current one: its own packages and, until it is installed, its install link (by a sealed reference, never the ICCID). */
const otherEsimSection = (
  frame: PageFrame<HomeMessageKey>,
  esim: CurrentEsimView,
  regionNames: RegionNames,
  esimReference: (iccid: string) => string,
): Html => {
  const { t, basePath } = frame;
  const place = esim.packages[0]?.destination;
  return html`<h3>${t('otherEsimTitle', { place: place ? placeName(frame, place, regionNames) : '–' })}</h3>
${esimSection(frame, esim, regionNames)}
${esim.status === 'installed' ? '' : html`<p><a href="${basePath}/app/install?esim=${esimReference(esim.iccid)}">${t('installOtherLink')}</a></p>`}`;
};

/** The shop opens on the country the traveler is using data in now, so its packages show without a search. */
const shopQuery = (view: TravelerHomeView): string => {
  const active = view.currentEsim?.packages.find((pkg) => pkg.status === 'active');
  return active?.destination && isCountryCode(active.destination) ? `?destination=${active.destination}` : '';
};

export const homePage = (
  frame: PageFrame<HomeMessageKey>,
  input: {
    view: TravelerHomeView;
    regionNames: RegionNames;
    csrfToken: string;
    /** How a link names one of the traveler's eSIMs: never by its ICCID (esim-reference.ts). */
    esimReference: (iccid: string) => string;
    redeemed?: boolean;
  },
): Html => {
  const { t, basePath } = frame;
  const { view } = input;
  // Redeemed and claimed entries live on the eSIM now; the list is what the traveler still has to take, and then
  // what they no longer can (a grant whose window ended stays in view, so it does not vanish without a word).
  const waiting = view.packageQueues.filter((entry) => entry.status === 'pending');
  const missed = view.packageQueues.filter((entry) => entry.status === 'expired');
  let countries: Html[] | undefined;
  const page = { csrfToken: input.csrfToken, countries: () => (countries ??= countryOptions(frame)) };
  return layout(frame, {
    title: t('homeTitle'),
    content: html`<h1>${t('homeTitle')}</h1>
${input.redeemed && view.currentEsim ? html`<p class="notice" role="status">${t('grantRedeemedNotice')}</p>` : ''}
<dl class="facts">${
      // An id the service made up for a traveler known by email means nothing to them; their email does.
      isAssignedExternalUserId(view.externalUserId) && view.email
        ? html`<dt>${t('signedInAsLabel')}</dt><dd>${view.email}</dd>`
        : html`<dt>${t('travelerLabel')}</dt><dd>${view.externalUserId}</dd>`
    }</dl>
<h2>${t('esimTitle')}</h2>
${esimSection(frame, view.currentEsim, input.regionNames)}
${
  !view.currentEsim
    ? html`<p><a href="${basePath}/app/install">${t('installLink')}</a></p>`
    : view.currentEsim.status === 'installed'
      ? html`<p><a href="${basePath}/app/install">${t('installAgainLink')}</a></p>`
      : html`<p><a class="button" href="${basePath}/app/install">${t('installLink')}</a></p>`
}
${view.otherEsims.map((esim) => otherEsimSection(frame, esim, input.regionNames, input.esimReference))}
<p><a href="${basePath}/app/shop${shopQuery(view)}">${t('shopLink')}</a></p>
<h2>${t('queuedTitle')}</h2>
${
  waiting.length > 0
    ? html`<ul class="cards" role="list">${waiting.map((entry) => queuedCard(frame, entry, input.regionNames, page))}</ul>`
    : html`<p class="muted">${t('queuedEmpty')}</p>`
}
${
  missed.length > 0
    ? html`<h2>${t('missedTitle')}</h2>
<p class="muted">${t('missedNote')}</p>
<ul class="cards" role="list">${missed.map((entry) => queuedCard(frame, entry, input.regionNames, page))}</ul>`
    : ''
}
<form class="inline" method="post" action="${basePath}/app/sign-out">${csrfField(input.csrfToken)}<button type="submit" class="link-button">${t('signOut')}</button></form>`,
  });
};

export const exchangeFailurePage = (frame: PageFrame<FrameMessageKey>, reason: Extract<ExchangeOutcome, { ok: false }>['reason']): Html => {
  const { t } = frame;
  const titles = {
    invalid: ['tokenInvalidTitle', 'tokenInvalidBody'],
    expired: ['tokenExpiredTitle', 'tokenExpiredBody'],
    used: ['tokenUsedTitle', 'tokenUsedBody'],
  } as const;
  const [title, body] = titles[reason];
  return messagePage(frame, { title: t(title), body: t(body), guidance: t('backToApp') });
};

export interface ClaimForm {
  uuid: string;
  csrfToken: string;
  email?: string;
  emailError?: boolean;
}

export const claimFormPage = (frame: PageFrame<ClaimMessageKey>, form: ClaimForm): Html => {
  const { t, basePath } = frame;
  const describedBy = form.emailError ? 'email-hint email-error' : 'email-hint';
  return layout(frame, {
    title: form.emailError ? t('titleParts', { first: t('errorSummaryTitle'), second: t('claimTitle') }) : t('claimTitle'),
    content: html`${
      form.emailError
        ? html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${t('errorSummaryTitle')}</h2>
<ul><li><a href="#email">${t('emailInvalid')}</a></li></ul></div>`
        : ''
    }
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

/** A claim's outcome; a sent code names the address it went to, so a typo shows at once. */
export const claimOutcomePage = (frame: PageFrame<ClaimMessageKey>, outcome: ClaimOutcome, email = ''): { status: number; page: Html } => {
  const { t } = frame;
  const pages = {
    sent: [200, 'claimSentTitle', 'claimSentBody'],
    already_claimed: [409, 'claimTakenTitle', 'claimTakenBody'],
    already_redeemed: [409, 'claimRedeemedTitle', 'claimRedeemedBody'],
    not_found: [404, 'notFoundTitle', 'notFoundBody'],
    throttled: [429, 'claimTooManyTitle', 'claimTooManyBody'],
  } as const;
  const [status, title, body] = pages[outcome];
  return { status, page: messagePage(frame, { title: t(title), body: t(body, { email }) }) };
};

/** A page that does not exist; under /app it leads home (a WebView may have no back button), a claim link's does not. */
export const notFoundPage = (frame: PageFrame<FrameMessageKey>, options: { home?: boolean } = {}): Html =>
  messagePage(frame, {
    title: frame.t('notFoundTitle'),
    body: frame.t('notFoundBody'),
    back: options.home ? { href: `${frame.basePath}/app`, label: frame.t('backHome') } : undefined,
  });
