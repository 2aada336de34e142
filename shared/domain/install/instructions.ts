// domain → device- and OS-specific eSIM install instructions: structured steps (json) or a ready page (html).
// Independent of HTTP: POST /native/instructions and the web app's install page both render through here.
import type { Brand } from '#shared/domain/brand';
import { resolveLocale, type ServedLocale } from '#shared/domain/locale';
import { androidSetupLink, appleSetupLink, parseActivationCode, type ActivationCode } from '#shared/domain/install/activation-code';
import { renderInstructionsHtml } from '#shared/domain/install/html';
import { qrPngDataUrl } from '#shared/domain/install/qr-image';
import type { InstructionLink, InstructionsDocument, InstructionStep, Platform, SafeBranding } from '#shared/domain/install/document';

export type { InstructionLink, InstructionsDocument, InstructionStep, Platform, SafeBranding } from '#shared/domain/install/document';
import { installStrings, type InstallStrings } from '#shared/domain/install/strings';
import { compareVersions } from '#shared/domain/device-compatibility';

/** Allowed values of `format` (docs/decisions.md F37); `json` is the default. */
export const instructionFormats = ['json', 'html'] as const;
export type InstructionFormat = (typeof instructionFormats)[number];

/** eSIM statuses that mean the profile is already on the device: only the "turn it on" step remains. */
const INSTALLED_STATUSES = new Set(['installed', 'enabled', 'active', 'disabled']);

/** Apple's universal link opens the eSIM setup from iOS 17.4 on. */
export const APPLE_ONE_TAP_MIN_VERSION = '17.4';

export interface Branding {
  name: string;
  colors: { primary?: string | null; background?: string | null; text?: string | null } | null;
  logo_url: string | null;
}

/** A partner's brand as the traveler's app shows it; without one, the partner's name in the default colors. */
export const brandingOf = (brand: Brand | undefined, partnerName: string): Branding =>
  brand ? { name: brand.name, colors: { primary: brand.primary_color }, logo_url: brand.logo } : { name: partnerName, colors: null, logo_url: null };

export interface InstructionsInput {
  activationCode: string;
  /** The code the traveler types when the activation code ends in `$1` (decrypted by the caller); else null. */
  confirmationCode?: string | null;
  iccid: string;
  esimStatus: string;
  device: { name: string; os: string; osVersion: string; deviceType?: string | null };
  /** As requested; resolved to a served locale with English fallback. */
  locale?: string | null;
  branding: Branding;
  format?: InstructionFormat;
}

export interface InstructionsPage {
  format: 'html';
  locale: ServedLocale;
  content_type: 'text/html; charset=utf-8';
  html: string;
}

const defaultColors = { primary: '#0b57d0', background: '#ffffff', text: '#1f1f1f' };
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only hex colors and https logos reach a page: a brand value can never inject CSS or a script URL. */
export const safeBranding = (branding: Branding): SafeBranding => {
  const color = (value: string | null | undefined, fallback: string) => (value && HEX_COLOR.test(value) ? value : fallback);
  let logo: string | null = null;
  try {
    logo = branding.logo_url && new URL(branding.logo_url).protocol === 'https:' ? new URL(branding.logo_url).href : null;
  } catch {
    logo = null;
  }
  return {
    name: branding.name,
    colors: {
      primary: color(branding.colors?.primary, defaultColors.primary),
      background: color(branding.colors?.background, defaultColors.background),
      text: color(branding.colors?.text, defaultColors.text),
    },
    logo_url: logo,
  };
};

/** The platform by the OS name's words, as the device check reads them: "iOS 17" and "Apple iOS" are iOS. */
export const platformOf = (os: string): Platform => {
  const words = os
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z]+/);
  if (words.some((word) => word === 'ios' || word === 'ipados' || word === 'iphoneos')) return 'ios';
  if (words.includes('android')) return 'android';
  return 'other';
};

/** A warm function often renders the same traveler's code again (app reopened, html after json): keep the last few. */
const qrCache = new Map<string, string>();
const QR_CACHE_SIZE = 100;
export const qrDataUrl = (code: string): string => {
  let image = qrCache.get(code);
  if (image === undefined) {
    image = qrPngDataUrl(code);
    if (qrCache.size >= QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value!);
    qrCache.set(code, image);
  }
  return image;
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const oneTapLinks = (platform: Platform, osVersion: string, activation: ActivationCode, text: InstallStrings): InstructionLink[] => {
  if (platform === 'ios' && compareVersions(osVersion, APPLE_ONE_TAP_MIN_VERSION) >= 0) {
    return [{ type: 'apple_esim_setup', label: text.oneTapLabel, url: appleSetupLink(activation.code) }];
  }
  if (platform === 'android') return [{ type: 'android_esim_setup', label: text.oneTapLabel, url: androidSetupLink(activation.code) }];
  return [];
};

const steps = (
  platform: Platform,
  installed: boolean,
  hasOneTap: boolean,
  hasConfirmationCode: boolean,
  text: InstallStrings,
  values: Record<string, string>,
): InstructionStep[] => {
  const step = (id: InstructionStep['id'], title: string, body: string): InstructionStep => ({
    id,
    title: fill(title, values),
    body: fill(body, values),
  });
  const turnOn = step('turn_on', text.turnOnTitle, text.turnOnBody);
  if (installed) return [step('installed', text.installedTitle, text.installedBody), turnOn];
  const byPlatform = {
    ios: ['qrBodyIos', 'manualBodyIos'],
    android: ['qrBodyAndroid', 'manualBodyAndroid'],
    other: ['qrBodyOther', 'manualBodyOther'],
  } as const;
  const [qrBody, manualBody] = byPlatform[platform];
  return [
    ...(hasOneTap ? [step('one_tap', text.oneTapTitle, text.oneTapBody)] : []),
    step('qr_code', hasOneTap ? text.qrTitle : text.qrTitleFirst, text[qrBody]),
    step('manual', text.manualTitle, text[manualBody]),
    ...(hasConfirmationCode ? [step('confirmation_code', text.confirmationCodeTitle, text.confirmationCodeBody)] : []),
    turnOn,
  ];
};

/** The structured instructions; every string is plain text (the html format escapes it). */
export const buildInstructions = async (input: InstructionsInput): Promise<InstructionsDocument> => {
  const activation = parseActivationCode(input.activationCode);
  const locale = resolveLocale(input.locale ?? undefined, undefined);
  const text = installStrings[locale];
  const branding = safeBranding(input.branding);
  const platform = platformOf(input.device.os);
  const installed = INSTALLED_STATUSES.has(input.esimStatus.toLowerCase());
  const links = installed ? [] : oneTapLinks(platform, input.device.osVersion, activation, text);
  // Shown only where the activation code asks for one, and only until the eSIM is on the device.
  const confirmationCode = activation.confirmationCodeRequired && !installed ? (input.confirmationCode ?? null) : null;
  const values = { brand: branding.name, device: input.device.name, oneTapLabel: text.oneTapLabel, confirmationCode: confirmationCode ?? '' };
  return {
    format: 'json',
    locale,
    platform,
    device: { name: input.device.name, os: input.device.os, os_version: input.device.osVersion, device_type: input.device.deviceType ?? null },
    esim: { iccid: input.iccid, status: input.esimStatus, installed },
    title: fill(installed ? text.installedDocumentTitle : text.title, values),
    intro: fill(installed ? text.installedIntro : input.esimStatus.toLowerCase() === 'removed' ? text.removedIntro : text.intro, values),
    steps: steps(platform, installed, links.length > 0, confirmationCode !== null, text, values),
    activation: {
      code: activation.code,
      smdp_address: activation.smdpAddress,
      matching_id: activation.matchingId,
      confirmation_code_required: activation.confirmationCodeRequired,
      confirmation_code: confirmationCode,
      labels: {
        smdp_address: text.smdpLabel,
        matching_id: text.matchingIdLabel,
        code: text.activationCodeLabel,
        iccid: text.iccidLabel,
        confirmation_code: text.confirmationCodeLabel,
      },
    },
    qr_code: {
      media_type: 'image/png',
      data_url: qrDataUrl(activation.code),
      alt: text.qrAlt,
    },
    links,
    branding,
  };
};

/** Renders in the requested format: the structured document (`json`) or a self-contained page (`html`). */
export const renderInstructions = async (input: InstructionsInput): Promise<InstructionsDocument | InstructionsPage> => {
  const document = await buildInstructions(input);
  if ((input.format ?? 'json') === 'json') return document;
  return { format: 'html', locale: document.locale, content_type: 'text/html; charset=utf-8', html: renderInstructionsHtml(document) };
};
