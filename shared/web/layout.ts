// web → the page layout: language, brand band, skip link, one stylesheet (plus the brand's color sheet).
import type { Brand } from '#shared/domain/brand';
import { stylesheetFile } from '#shared/web/assets.generated';
import { html, type Html } from '#shared/web/html';
import type { Language, Translate } from '#shared/web/i18n';
import type { FrameMessageKey, MessageKey } from '#shared/web/messages/en';

/** A page's language, its translations (every page's texts, or the frame's alone) and where its links start. */
export interface PageFrame<K extends string = MessageKey> {
  language: Language;
  t: Translate<K>;
  /** Path prefix of the API stage, e.g. `/api`; every link is built from it. */
  basePath: string;
  brand?: Brand;
}

/** Versioned by the brand's last change, so the sheet can be cached for a year. */
export const brandStylePath = (basePath: string, brand: Brand): string =>
  `${basePath}/app/brands/${encodeURIComponent(brand.partner_id)}/${encodeURIComponent(brand.brand_id)}?v=${encodeURIComponent(brand.updated_at)}`;

export const layout = (frame: PageFrame<FrameMessageKey>, page: { title: string; content: Html }): Html => {
  const { t, brand, basePath } = frame;
  const name = brand?.name ?? t('serviceName');
  return html`<!doctype html>
<html lang="${frame.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${page.title} – ${name}</title>
<link rel="stylesheet" href="${basePath}/app/assets/${stylesheetFile}">
${brand ? html`<link rel="stylesheet" href="${brandStylePath(basePath, brand)}">` : ''}
</head>
<body>
<a class="skip" href="#main">${t('skipToContent')}</a>
<header class="band"><div class="wrap">${brand?.logo ? html`<img src="${brand.logo}" alt="${name}">` : html`<span class="brand-name">${name}</span>`}</div></header>
<main id="main" class="wrap" tabindex="-1">
${page.content}
</main>
<footer class="wrap"><p>${t('footer')}</p></footer>
</body>
</html>`;
};

/** The page every refusal and failure uses: a title, what happened, what to do, and the way back when there is one. */
export const messagePage = (
  frame: PageFrame<FrameMessageKey>,
  message: { title: string; body: string; guidance?: string; back?: { href: string; label: string } },
): Html =>
  layout(frame, {
    title: message.title,
    content: html`<h1>${message.title}</h1><p>${message.body}</p>${message.guidance ? html`<p class="notice">${message.guidance}</p>` : ''}${
      message.back ? html`<p><a class="button" href="${message.back.href}">${message.back.label}</a></p>` : ''
    }`,
  });
