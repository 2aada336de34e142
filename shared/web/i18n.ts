// web → the language of a page: the booking's locale, then Accept-Language, then English.
import { de, deClaim, deFrame, deHome, deInstall, deShop } from '#shared/web/messages/de';
import { en, enClaim, enFrame, enHome, enInstall, enShop, type FrameMessageKey, type FrameMessages, type Messages } from '#shared/web/messages/en';
import { fr, frClaim, frFrame, frHome, frInstall, frShop } from '#shared/web/messages/fr';
import { type Translate, translateWith } from '#shared/web/translate';

/** Every text of every language (tests and tools; a page function translates with its groups alone). */
export const catalogs = { en, de, fr } satisfies Record<string, Messages>;
/** The frame texts alone (layout, refusals, failures, not found, signed out), for functions that serve no other page. */
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

/** Translates with one language's texts, all of them: for tests and tools. */
export const translator = (language: Language): Translate => translateWith(catalogs[language]);

/** The texts of a kind of page, by language: what its frame translates with. */
export type PageTexts<K extends string> = (language: Language) => Translate<K>;

export const frameTexts: PageTexts<FrameMessageKey> = (language) => translateWith(frameCatalogs[language]);

/** The frame texts and one page group's, merged once per language and instance. */
const textsWith = <G extends string>(group: Record<Language, Record<G, string>>): PageTexts<G | FrameMessageKey> => {
  const merged = new Map<Language, Translate<G | FrameMessageKey>>();
  return (language) => {
    let translate = merged.get(language);
    if (!translate) {
      translate = translateWith<G | FrameMessageKey>({ ...frameCatalogs[language], ...group[language] });
      merged.set(language, translate);
    }
    return translate;
  };
};

// Pure-marked: a function bundles the texts of the pages it serves, in every language, and no others.
export const homeTexts = /* @__PURE__ */ textsWith({ en: enHome, de: deHome, fr: frHome });
export const claimTexts = /* @__PURE__ */ textsWith({ en: enClaim, de: deClaim, fr: frClaim });
export const installTexts = /* @__PURE__ */ textsWith({ en: enInstall, de: deInstall, fr: frInstall });
export const shopTexts = /* @__PURE__ */ textsWith({ en: enShop, de: deShop, fr: frShop });
