// web → the language of a page: the booking's locale, then Accept-Language, then English.
import { de, deFrame } from '#shared/web/messages/de';
import { en, enFrame, type FrameMessageKey, type FrameMessages, type Messages } from '#shared/web/messages/en';
import { fr, frFrame } from '#shared/web/messages/fr';
import { type Translate, translateWith } from '#shared/web/translate';

export const catalogs = { en, de, fr } satisfies Record<string, Messages>;
/** The frame texts alone (layout, refusals, failures, not found), for functions that serve no other page. */
export const frameCatalogs = { en: enFrame, de: deFrame, fr: frFrame } satisfies Record<keyof typeof catalogs, FrameMessages>;
export type Language = keyof typeof frameCatalogs;
export const languages = Object.keys(frameCatalogs) as Language[];

const isLanguage = (value: string): value is Language => (languages as string[]).includes(value);

/** `de-AT` → `de`; anything we do not serve → undefined. */
const primaryOf = (tag: string | null | undefined): Language | undefined => {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : undefined;
};

/** Accept-Language by quality (RFC 9110 12.5.4); at most 20 entries are read, so a huge header costs nothing. */
const fromAcceptLanguage = (header: string | undefined): Language | undefined =>
  (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: primaryOf(tag), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)[0]?.language;

export const chooseLanguage = (input: { bookingLocale?: string | null; acceptLanguage?: string }): Language =>
  primaryOf(input.bookingLocale) ?? fromAcceptLanguage(input.acceptLanguage) ?? 'en';

export type { Translate } from '#shared/web/translate';

export const translator = (language: Language): Translate => translateWith(catalogs[language]);
export const frameTranslator = (language: Language): Translate<FrameMessageKey> => translateWith(frameCatalogs[language]);
