// domain → the emails the service sends, as plain text plus escaped HTML, in the booking's language (email-texts.ts).
import type { Booking, PromoCode } from '#shared/domain/booking';
import { bookingEmailTexts, claimEmailTexts, packageWords, type PackageWords } from '#shared/domain/email-texts';
import { regionName } from '#shared/domain/catalog';
import { countryName } from '#shared/domain/country-names';
import { dayCount, packageSize } from '#shared/domain/data-size';
import { escapeHtml } from '#shared/domain/install/html';
import { resolveLocale, type ServedLocale } from '#shared/domain/locale';
import type { EmailMessage } from '#shared/domain/email-message';
import { isRegionCode, type RegionCoverage } from '#shared/domain/package-specification';

/** The booking's `locale` when it is a served language (`de-CH` → German), else English. */
export const emailLanguage = (locale: string | null): ServedLocale => resolveLocale(locale ?? undefined, undefined);

/**
 * The departure's calendar day as the booking gave it (its own zone, not UTC's), written the email's language's way:
 * `2027-03-10T23:30:00-05:00` is 10 March in every language.
 */
const departureDay = (departure: string, language: ServedLocale): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${departure.slice(0, 10)}T00:00:00Z`));

/** A country or a catalog region by its name in the email's language; an airport's code (none resolved) as it is. */
const placeName = (code: string, language: ServedLocale, regions: readonly RegionCoverage[]): string => {
  const region = regions.find((candidate) => candidate.code === code);
  if (region?.names) return regionName(region.names, language) || code;
  return code.length === 3 ? countryName(code, language) : code;
};

/**
 * Whether naming a code's place needs the catalog's regions: a region's code (XEU) or a trip of several places. A
 * country or an airport names itself, so its email needs no catalog read.
 */
export const placeNeedsRegions = (promo: PromoCode): boolean => {
  const destination = promo.package_specification.destination;
  const resolved = promo.iso3 ?? (Array.isArray(destination) ? null : destination);
  return Array.isArray(destination) || isRegionCode(resolved);
};

const packageDescription = (promo: PromoCode, texts: PackageWords, language: ServedLocale, regions: readonly RegionCoverage[] = []): string => {
  const spec = promo.package_specification;
  // Where it is provisioned, as the web app and the dashboard name it (F153, decision 15): an airport as its country,
  // a trip as its covering region; a trip no region covers, as its places as sent.
  const resolved = promo.iso3 ?? (Array.isArray(spec.destination) ? null : spec.destination);
  // A region is named only with the catalog's names at hand (the confirmation reads them); without them a trip reads
  // as its places, which name themselves, rather than as a bare region code.
  const named = resolved !== null && (regions.some((region) => region.code === resolved) || !Array.isArray(spec.destination));
  const places = named ? [resolved] : Array.isArray(spec.destination) ? spec.destination : [];
  const destination = places.map((code) => placeName(code, language, regions)).join(', ');
  return [
    (spec.size ? packageSize(language, spec.size) : null) ?? (spec.package_type === 'unlimited' ? texts.unlimitedData : null),
    spec.package_duration ? dayCount(language, spec.package_duration) : null,
    destination || (spec.destination === null ? texts.chosenDestination : null),
  ]
    .filter(Boolean)
    .join(', ');
};

const message = (input: { to: string; language: ServedLocale; subject: string; intro: string[]; codes: string[]; outro: string[] }): EmailMessage => {
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const codes = input.codes.map((code) => `<p style="font-size:1.4em;font-weight:700;letter-spacing:.08em">${escapeHtml(code)}</p>`).join('');
  const codeLines = input.codes.length > 0 ? ['', ...input.codes.map((code) => `    ${code}`)] : [];
  return {
    to: input.to,
    subject: input.subject,
    text: [...input.intro, ...codeLines, ...input.outro.flatMap((line) => ['', line]), ''].join('\n'),
    html: `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs(input.intro)}${codes}${paragraphs(input.outro)}</body></html>`,
  };
};

/**
 * Sent when a traveler claims a promo code through its claim URL, in its booking's language. A region or trip is named
 * by the catalog's `regions` (read only when `placeNeedsRegions`).
 */
export const promoCodeClaimEmail = (input: {
  to: string;
  partnerName: string | undefined;
  promo: PromoCode;
  locale: string | null;
  regions?: readonly RegionCoverage[];
}): EmailMessage => {
  const language = emailLanguage(input.locale);
  const texts = claimEmailTexts[language];
  const partner = input.partnerName ?? texts.someTravelPartner;
  return message({
    to: input.to,
    language,
    subject: texts.claimSubject(partner),
    intro: [texts.claimIntro(partner), texts.packageLine(packageDescription(input.promo, packageWords[language], language, input.regions))],
    codes: [input.promo.code],
    outro: [texts.claimOutro],
  });
};

/**
 * The booking confirmation of `communication_options` (channel EMAIL): every code to enter in the app, and the classic
 * grants, which have none: the traveler claims them in the partner's app, where a code would be refused (F9, F28).
 */
export const bookingConfirmationEmail = (input: {
  to: string;
  partnerName: string;
  booking: Booking;
  /** The catalog's regions, when the booking names one (a trip, a region code): their names in the email's language. */
  regions?: readonly RegionCoverage[];
}): EmailMessage => {
  const language = emailLanguage(input.booking.locale);
  const texts = bookingEmailTexts[language];
  const words = packageWords[language];
  const classic = new Set(input.booking.package_queues.filter((entry) => entry.esim_type === 'classic').map((entry) => entry.uuid));
  const isClassic = (promo: PromoCode) => promo.package_queue_uuid !== null && classic.has(promo.package_queue_uuid);
  const codes = input.booking.promo_codes
    .filter((promo) => !isClassic(promo))
    .map((promo) => `${promo.code}  (${packageDescription(promo, words, language, input.regions)})`);
  const grants = input.booking.promo_codes.filter(isClassic).map((promo) => packageDescription(promo, words, language, input.regions));
  return message({
    to: input.to,
    language,
    subject: texts.bookingSubject(input.partnerName),
    intro: [
      texts.bookingIntro({
        name: input.booking.first_name ?? input.booking.full_name,
        partner: input.partnerName,
        packages: input.booking.promo_codes.length,
      }),
      texts.departure(departureDay(input.booking.departure_date, language)),
    ],
    codes,
    outro: [...(codes.length > 0 ? [texts.bookingOutro] : []), ...(grants.length > 0 ? [texts.classicGrants(grants)] : [])],
  });
};
