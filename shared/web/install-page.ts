// web → the install page: the instructions renderer's structured steps in the web app's layout (no inline style,
// so the strict CSP holds; the QR code is a PNG data URL, which the CSP's `img-src data:` allows), and the device picker.
import type { InstructionsDocument } from '#shared/domain/install/instructions';
import { devicePlatforms, pickerVersions, type Device } from '#shared/web/device';
import { isCountryCode } from '#shared/domain/country-codes';
import { countryName } from '#shared/domain/country-names';
import { html, type Html } from '#shared/web/html';
import { layout, type PageFrame } from '#shared/web/layout';
import type { InstallMessageKey } from '#shared/web/messages/en';

const platformLabels = { iphone: 'deviceIphone', ipad: 'deviceIpad', android: 'deviceAndroid', other: 'deviceOther' } as const;

const stepExtra = (doc: InstructionsDocument, id: InstructionsDocument['steps'][number]['id']): Html | '' => {
  const link = doc.links[0];
  if (id === 'one_tap' && link) return html`<p><a class="button" href="${link.url}">${link.label}</a></p>`;
  if (id === 'qr_code') return html`<img class="qr" src="${doc.qr_code.data_url}" alt="${doc.qr_code.alt}" width="320" height="320">`;
  if (id === 'confirmation_code' && doc.activation.confirmation_code) {
    return html`<dl class="facts"><dt>${doc.activation.labels.confirmation_code}</dt><dd><code>${doc.activation.confirmation_code}</code></dd></dl>`;
  }
  if (id !== 'manual') return '';
  const { labels } = doc.activation;
  return html`<dl class="facts">
<dt>${labels.smdp_address}</dt><dd><code>${doc.activation.smdp_address}</code></dd>
<dt>${labels.matching_id}</dt><dd><code>${doc.activation.matching_id}</code></dd>
<dt>${labels.code}</dt><dd><code>${doc.activation.code}</code></dd>
<dt>${labels.iccid}</dt><dd><code>${doc.esim.iccid}</code></dd>
</dl>`;
};

/** A GET form: choosing another device reloads the page with `platform` and `os_version`, no script needed. */
const devicePicker = (frame: PageFrame<InstallMessageKey>, device: Device, esim: string | undefined): Html => {
  const { t, basePath } = frame;
  const option = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  const group = (platform: 'iphone' | 'android', label: string) => {
    const versions: string[] = [...pickerVersions[platform]];
    const own = device.platform !== 'other' && (device.platform === 'android') === (platform === 'android');
    if (own && device.osVersion && !versions.includes(device.osVersion)) versions.push(device.osVersion);
    return html`<optgroup label="${label}">${versions.map((version) => option(version, `${label} ${version}`, own && version === device.osVersion))}</optgroup>`;
  };
  return html`<form id="device" class="picker" method="get" action="${basePath}/app/install">
<h2>${t('devicePickerTitle')}</h2>
<div class="field"><label for="platform">${t('devicePlatformLabel')}</label>
<select id="platform" name="platform">${devicePlatforms.map((p) => option(p, t(platformLabels[p]), p === device.platform))}</select></div>
<div class="field"><label for="os_version">${t('deviceVersionLabel')}</label>
<p class="hint" id="os-version-hint">${t('deviceVersionHint')}</p>
<select id="os_version" name="os_version" aria-describedby="os-version-hint">${option('', t('deviceVersionUnknown'), !device.osVersion)}${group('iphone', 'iOS')}${group('android', 'Android')}</select></div>
${esim ? html`<input type="hidden" name="esim" value="${esim}">` : ''}
<button type="submit">${t('deviceSubmit')}</button>
</form>`;
};

export const installPage = (
  frame: PageFrame<InstallMessageKey>,
  input: { instructions: InstructionsDocument | null; device: Device; esim?: string; destination?: string | null },
): Html => {
  const { t, basePath } = frame;
  const doc = input.instructions;
  const home = html`<p><a href="${basePath}/app">${t('backHome')}</a></p>`;
  if (!doc) {
    return layout(frame, {
      title: t('installNoEsimTitle'),
      content: html`<h1>${t('installNoEsimTitle')}</h1><p>${t('installNoEsimBody')}</p><p class="notice">${t('installNoEsimNext')}</p>${home}`,
    });
  }
  // "iPhone, iOS 16": the version is the system's, not a model ("iPhone 16").
  const systems = { iphone: 'iOS', ipad: 'iPadOS', android: 'Android', other: '' } as const;
  const version = input.device.osVersion ? `, ${systems[input.device.platform]} ${input.device.osVersion}` : '';
  return layout(frame, {
    title: doc.title,
    content: html`<h1>${doc.title}</h1>
${
  // A country by name; a region's code (a classic trip eSIM) is not a name a traveler reads, so no label then.
  input.destination && isCountryCode(input.destination)
    ? html`<p><span class="tag">${t('otherEsimTitle', { place: countryName(input.destination, frame.language) })}</span></p>`
    : ''
}
<p>${doc.intro}</p>
<p class="muted">${t('deviceShown', { device: `${t(platformLabels[input.device.platform])}${version}` })} <a href="#device">${t('deviceChange')}</a></p>
<ol class="install">${doc.steps.map((step) => html`<li id="step-${step.id}"><h2>${step.title}</h2><p>${step.body}</p>${stepExtra(doc, step.id)}</li>`)}</ol>
${devicePicker(frame, input.device, input.esim)}
${home}`,
  });
};
