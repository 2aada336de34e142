// domain → picking the language of a response: `locale` parameter, then Accept-Language, then English.
import * as v from 'valibot';

/** The languages the catalog names and the install instructions are served in (docs/api.md, Localization). */
export const servedLocales = ['en', 'de', 'fr', 'es'] as const;
export type ServedLocale = (typeof servedLocales)[number];
export const DEFAULT_LOCALE: ServedLocale = 'en';

/** A BCP 47-like tag: `de`, `de-CH`, `pt_BR`, `zh-Hant-TW`. */
const LOCALE_PATTERN = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8}){0,3}$/;

// Pure-marked: the pages resolve locales with this module and validate none.
export const LocaleSchema = /* @__PURE__ */ (() =>
  v.pipe(
    v.string('locale must be a string.'),
    v.trim(),
    v.maxLength(35, 'locale must be at most 35 characters.'),
    v.regex(LOCALE_PATTERN, 'locale must be a language code such as en, de or de-CH.'),
  ))();

const languageOf = (tag: string): string => tag.split(/[-_]/)[0]!.toLowerCase();

const served = (tag: string): ServedLocale | undefined => {
  const language = languageOf(tag);
  return servedLocales.find((locale) => locale === language);
};

/** Accept-Language entries by descending q; malformed entries and q=0 are skipped. Bounded to 20 entries. */
const acceptedLanguages = (header: string): string[] =>
  header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => weight > 0 && (tag === '*' || LOCALE_PATTERN.test(tag)))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);

/**
 * The language a request asks for, or undefined when it states none: an explicit `locale` wins (validated by the
 * caller; an unsupported one means English rather than failing, as browsers do), else the first served language of
 * Accept-Language (`*` and unserved languages state none).
 */
export const requestedLocale = (requested: string | undefined, acceptLanguage: string | undefined): ServedLocale | undefined => {
  if (requested) return served(requested) ?? DEFAULT_LOCALE;
  for (const tag of acceptedLanguages(acceptLanguage ?? '')) {
    const match = served(tag);
    if (match) return match;
  }
  return undefined;
};

/** The served locale for a request: what it asks for, else English. */
export const resolveLocale = (requested: string | undefined, acceptLanguage: string | undefined): ServedLocale =>
  requestedLocale(requested, acceptLanguage) ?? DEFAULT_LOCALE;
