// web → the shop: a destination picker (GET form, no script), the destination's bundles with their prices in the
// page's locale, one checkout form per bundle (CSRF token + nonce), and the short page after paying.
import type { BundleRecord, DestinationSummary } from '#shared/domain/catalog';
import { destinationResponse } from '#shared/domain/destination-response';
import type { ShopGroup, ShopView } from '#shared/usecases/web-shop';
import { dayCount, packageSize } from '#shared/domain/data-size';
import { html, type Html } from '#shared/web/html';
import { layout, messagePage, type PageFrame } from '#shared/web/layout';
import type { FrameMessageKey, ShopMessageKey } from '#shared/web/messages/en';
import { CSRF_FIELD } from '#shared/web/security';

/** `1299` EUR → "12,99 €" in German: the ISO 4217 currency's own minor unit decides the division. */
export const formatPrice = (language: string, minorUnits: number, currency: string): string => {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};

export const destinationName = (frame: PageFrame<FrameMessageKey>, destination: DestinationSummary): string =>
  destinationResponse(destination, frame.language).name;

const bundleName = (frame: PageFrame<FrameMessageKey>, bundle: BundleRecord) =>
  `${bundle.size ? packageSize(frame.language, bundle.size) : frame.t('unlimitedData')} · ${dayCount(frame.language, bundle.package_duration)}`;

const bundleCard = (frame: PageFrame<ShopMessageKey>, bundle: BundleRecord, form: { csrfToken: string; nonce: string }): Html => {
  const { t, basePath } = frame;
  const price = formatPrice(frame.language, bundle.price, bundle.currency);
  // The button's name is its visible text; the heading describes which bundle it buys (WCAG 2.5.3, label in name).
  return html`<li class="card">
<h3 id="bundle-${bundle.id}">${bundleName(frame, bundle)}</h3>
<p class="price">${price}</p>
<form method="post" action="${basePath}/app/shop/checkout">
<input type="hidden" name="${CSRF_FIELD}" value="${form.csrfToken}">
<input type="hidden" name="nonce" value="${form.nonce}">
<input type="hidden" name="destination" value="${bundle.destination}">
<input type="hidden" name="bundle" value="${bundle.id}">
<button type="submit" aria-describedby="bundle-${bundle.id}">${t('shopBuy', { price })}</button>
</form>
</li>`;
};

/** The destination's own bundles under "Packages for France", each covering region's under its own labeled heading. */
const bundleGroups = (
  frame: PageFrame<ShopMessageKey>,
  destination: DestinationSummary,
  input: { view: ShopView; csrfToken: string; nonce: string },
): Html => {
  const { t } = frame;
  const place = destinationName(frame, destination);
  const cards = (group: ShopGroup) => html`<ul class="cards" role="list">${group.bundles.map((bundle) => bundleCard(frame, bundle, input))}</ul>`;
  const groups = input.view.groups;
  if (groups.length === 0) return html`<h2>${t('shopBundlesFor', { destination: place })}</h2>\n<p class="muted">${t('shopNoBundles')}</p>`;
  return html`${groups.map((group) =>
    group.region
      ? html`<h2>${t('shopRegionalBundles', { region: destinationName(frame, group.region) })}</h2>
<p class="muted">${t('shopRegionalHint')}</p>
${cards(group)}`
      : html`<h2>${t('shopBundlesFor', { destination: place })}</h2>
${cards(group)}`,
  )}`;
};

export const shopPage = (frame: PageFrame<ShopMessageKey>, input: { view: ShopView; csrfToken: string; nonce: string }): Html => {
  const { t, basePath } = frame;
  const { destination } = input.view;
  // A destination with no bundle of its own nor of a region covering it would only lead to "no packages".
  const withBundles = new Set(input.view.destinations.filter((summary) => summary.bundle_count > 0).map((summary) => summary.id));
  const named = input.view.destinations
    .filter((summary) => withBundles.has(summary.id) || summary.regions.some((region) => withBundles.has(region)) || summary.id === destination?.id)
    .map((summary) => ({ id: summary.id, name: destinationName(frame, summary) }))
    .sort((a, b) => a.name.localeCompare(b.name, frame.language));
  return layout(frame, {
    title: destination ? t('titleParts', { first: t('shopTitle'), second: destinationName(frame, destination) }) : t('shopTitle'),
    content: html`<h1>${t('shopTitle')}</h1>
<p>${t('shopIntro')}</p>
<form class="picker-inline" method="get" action="${basePath}/app/shop">
<div class="field"><label for="destination">${t('shopDestinationLabel')}</label>
<select id="destination" name="destination">${
      // Nothing chosen yet (or an unknown id): a placeholder, so the first country is never shown as if picked.
      destination ? '' : html`<option value="" selected disabled>${t('shopChooseDestination')}</option>`
    }${named.map(({ id, name }) => html`<option value="${id}"${id === destination?.id ? html` selected` : ''}>${name}</option>`)}</select></div>
<button type="submit">${t('shopShowBundles')}</button>
</form>
${input.view.unknownDestination ? html`<p class="notice" role="status">${t('shopUnknownDestination')}</p>` : ''}
${destination ? bundleGroups(frame, destination, input) : ''}
<p><a href="${basePath}/app">${t('backHome')}</a></p>`,
  });
};

/** Stripe Checkout style: one short page — paid, what you get, what happens next, one button. */
export const checkoutDonePage = (
  frame: PageFrame<ShopMessageKey>,
  input: { bundle: BundleRecord; destination: DestinationSummary; esim: { iccid: string; installed: boolean } },
  esimReference: (iccid: string) => string,
): Html => {
  const { t, basePath } = frame;
  const { bundle, esim } = input;
  return layout(frame, {
    title: t('checkoutDoneTitle'),
    content: html`<h1>${t('checkoutDoneTitle')}</h1>
<dl class="facts">
<dt>${t('checkoutWhat')}</dt><dd>${destinationName(frame, input.destination)} · ${bundleName(frame, bundle)}</dd>
<dt>${t('checkoutPaid')}</dt><dd>${formatPrice(frame.language, bundle.price, bundle.currency)}</dd>
</dl>
<h2>${t('nextStepsTitle')}</h2>
${
  esim.installed
    ? html`<p>${t('checkoutNextInstalled')}</p>
<p><a class="button" href="${basePath}/app">${t('checkoutButton')}</a></p>`
    : html`<p>${t('checkoutNextInstall')}</p>
<p><a class="button" href="${basePath}/app/install?esim=${esimReference(esim.iccid)}">${t('checkoutInstallButton')}</a></p>
<p><a href="${basePath}/app">${t('checkoutButton')}</a></p>`
}`,
  });
};

/** A refused checkout: what happened, nothing charged, and the way back to the shop (a WebView may have no back button). */
export const checkoutRefusedPage = (frame: PageFrame<ShopMessageKey>, reason: 'invalid' | 'gone'): Html =>
  messagePage(frame, {
    title: frame.t(reason === 'gone' ? 'bundleGoneTitle' : 'checkoutInvalidTitle'),
    body: frame.t(reason === 'gone' ? 'bundleGoneBody' : 'checkoutInvalidBody'),
    back: { href: `${frame.basePath}/app/shop`, label: frame.t('shopBack') },
  });
