// domain → the install instructions as one self-contained, accessible HTML page: no script, every value escaped.
import type { InstructionsDocument } from '#shared/domain/install/document';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => entities[char]!);

/** Colors were checked as hex by safeBranding; the page only ever interpolates them into this stylesheet. */
const styles = ({ primary, background, text }: InstructionsDocument['branding']['colors']) => `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${background};color:${text}}
main{max-width:36rem;margin:0 auto;padding:1.5rem}
header img{max-height:3rem;max-width:12rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
ol{padding-left:1.25rem}li{margin-bottom:1.25rem}
h2{font-size:1.125rem;margin:0 0 .25rem}
.button{display:inline-block;margin-top:.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:${primary};color:#fff;font-weight:600;text-decoration:none}
.button:focus{outline:3px solid ${text};outline-offset:2px}
.qr{display:block;width:16rem;max-width:100%;height:auto;margin-top:.5rem;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin-top:.5rem}
dd{margin:0;word-break:break-all}code{font-size:.95em}
`;

export const renderInstructionsHtml = (doc: InstructionsDocument): string => {
  const e = escapeHtml;
  const link = doc.links[0];
  const details = [
    [doc.activation.labels.smdp_address, doc.activation.smdp_address],
    [doc.activation.labels.matching_id, doc.activation.matching_id],
    [doc.activation.labels.code, doc.activation.code],
    [doc.activation.labels.iccid, doc.esim.iccid],
  ]
    .map(([label, value]) => `<dt>${e(label!)}</dt><dd><code>${e(value!)}</code></dd>`)
    .join('');
  const stepHtml = doc.steps
    .map((step) => {
      const extra =
        step.id === 'one_tap' && link
          ? `<a class="button" href="${e(link.url)}">${e(link.label)}</a>`
          : step.id === 'qr_code'
            ? `<img class="qr" src="${e(doc.qr_code.data_url)}" alt="${e(doc.qr_code.alt)}" width="320" height="320">`
            : step.id === 'manual'
              ? `<dl>${details}</dl>`
              : step.id === 'confirmation_code' && doc.activation.confirmation_code
                ? `<dl><dt>${e(doc.activation.labels.confirmation_code)}</dt><dd><code>${e(doc.activation.confirmation_code)}</code></dd></dl>`
                : '';
      return `<li id="step-${e(step.id)}"><h2>${e(step.title)}</h2><p>${e(step.body)}</p>${extra}</li>`;
    })
    .join('');
  const logo = doc.branding.logo_url ? `<header><img src="${e(doc.branding.logo_url)}" alt="${e(doc.branding.name)}"></header>` : '';
  return [
    '<!doctype html>',
    `<html lang="${e(doc.locale)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(doc.title)}</title><style>${styles(doc.branding.colors)}</style></head>`,
    `<body><main>${logo}<h1>${e(doc.title)}</h1><p>${e(doc.intro)}</p><ol>${stepHtml}</ol></main></body>`,
    '</html>',
  ].join('\n');
};
