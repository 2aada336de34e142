// The emails in the booking's language: each served language, a regional tag, and English for anything else.
import type { Booking, PromoCode } from '#shared/domain/booking';
import { emailTexts } from '#shared/domain/email-texts';
import { bookingConfirmationEmail, emailLanguage, promoCodeClaimEmail } from '#shared/domain/emails';
import { servedLocales } from '#shared/domain/locale';

/** The languages' number formats space a unit with a no-break or narrow no-break space. */
const withPlainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const makePromo = (overrides: Partial<PromoCode> = {}): PromoCode =>
  ({
    uuid: '0b7e5a3c-1d2f-4e5a-8b9c-0d1e2f3a4b5c',
    code: 'ABCD-EFGH-JKLM',
    status: 'unredeemed',
    package_specification: { package_type: 'data-limited', size: '3GB', package_duration: 15, destination: 'FRA' },
    ...overrides,
  }) as PromoCode;

const makeBooking = (overrides: Partial<Booking> = {}): Booking =>
  ({
    first_name: 'Ada',
    full_name: null,
    departure_date: '2026-12-24T08:00:00.000Z',
    locale: null,
    promo_codes: [makePromo()],
    package_queues: [],
    ...overrides,
  }) as Booking;

describe('email language', () => {
  it.each([
    ['de', 'de'],
    ['de-CH', 'de'],
    ['fr_CA', 'fr'],
    ['es', 'es'],
    ['pt-BR', 'en'],
    [null, 'en'],
  ] as const)('picks %s → %s', (locale, language) => {
    // Act
    const chosen = emailLanguage(locale);

    // Assess
    expect(chosen).toBe(language);
  });

  it.each(servedLocales)('writes the booking confirmation in %s, with every code and the html language', (language) => {
    // Prepare
    const booking = makeBooking({ locale: language, promo_codes: [makePromo(), makePromo({ code: 'NPQR-STUV-WXYZ' })] });
    const texts = emailTexts[language];

    // Act
    const email = bookingConfirmationEmail({ to: 'ada@example.com', partnerName: 'Acme', booking });

    // Assess
    expect(email.subject).toBe(texts.bookingSubject('Acme'));
    expect(email.text).toContain(texts.bookingIntro({ name: 'Ada', partner: 'Acme', packages: 2 }));
    const france = { en: 'France', de: 'Frankreich', fr: 'France', es: 'Francia' }[language];
    const size = { en: '3 GB', de: '3 GB', fr: '3 Go', es: '3 GB' }[language];
    const days = { en: '15 days', de: '15 Tage', fr: '15 jours', es: '15 días' }[language];
    expect(withPlainSpaces(email.text)).toContain(`ABCD-EFGH-JKLM  (${size}, ${days}, ${france})`);
    expect(email.text).toContain('NPQR-STUV-WXYZ');
    expect(email.html).toContain(`<html lang="${language}">`);
    const departure = { en: 'December 24, 2026', de: '24. Dezember 2026', fr: '24 décembre 2026', es: '24 de diciembre de 2026' }[language];
    expect(email.text).toContain(texts.departure(departure));
  });

  it.each(servedLocales)('writes the claim email in %s and names a partner without a name in that language', (language) => {
    // Act
    const email = promoCodeClaimEmail({ to: 'ada@example.com', partnerName: undefined, promo: makePromo(), locale: language });

    // Assess
    expect(email.subject).toBe(emailTexts[language].claimSubject(emailTexts[language].someTravelPartner));
    expect(email.text).toContain('    ABCD-EFGH-JKLM');
    expect(email.text).toContain(emailTexts[language].claimOutro);
  });

  it.each(servedLocales)('lists a classic grant in %s as waiting in the app, not as a code to enter', (language) => {
    // Prepare: one universal code and one classic grant, whose code every redemption refuses (F28)
    const classic = makePromo({ code: 'CLAS-SICG-RANT', package_queue_uuid: 'c1a55c00-0000-4000-8000-000000000001' });
    const booking = makeBooking({
      locale: language,
      promo_codes: [makePromo(), classic],
      package_queues: [{ uuid: 'c1a55c00-0000-4000-8000-000000000001', esim_type: 'classic' }] as Booking['package_queues'],
    });
    const texts = emailTexts[language];

    // Act
    const email = bookingConfirmationEmail({ to: 'ada@example.com', partnerName: 'Acme', booking });
    const classicOnly = bookingConfirmationEmail({ to: 'ada@example.com', partnerName: 'Acme', booking: { ...booking, promo_codes: [classic] } });

    // Assess
    expect(email.text).toContain('ABCD-EFGH-JKLM');
    expect(email.text).not.toContain('CLAS-SICG-RANT');
    expect(email.text).toContain(texts.bookingOutro);
    const france = { en: 'France', de: 'Frankreich', fr: 'France', es: 'Francia' }[language];
    const size = { en: '3 GB', de: '3 GB', fr: '3 Go', es: '3 GB' }[language];
    const days = { en: '15 days', de: '15 Tage', fr: '15 jours', es: '15 días' }[language];
    expect(withPlainSpaces(email.text)).toContain(withPlainSpaces(texts.classicGrants([`${size}, ${days}, ${france}`])));
    expect(classicOnly.text).not.toContain(texts.bookingOutro);
    expect(classicOnly.html).not.toContain('CLAS-SICG-RANT');
  });

  it("names an airport booking's country by name, as its promo code's iso3 resolves it (decision 15)", () => {
    const perth = makePromo({ iso3: 'AUS', package_specification: { ...makePromo().package_specification, destination: 'PER' } });

    const email = bookingConfirmationEmail({ to: 'ada@example.com', partnerName: 'Acme', booking: makeBooking({ promo_codes: [perth] }) });

    expect(withPlainSpaces(email.text)).toContain('(3 GB, 15 days, Australia)');
    expect(email.text).not.toContain('PER');
  });

  it('names a region and a trip by the region they are provisioned in, in the email language, as the web app does', () => {
    // Prepare: a Europe grant by its code, and a trip the catalog's Europe covers (its iso3 resolved to XEU)
    const europe = { code: 'XEU', countries: ['FRA', 'DEU', 'ITA'], names: { en: 'Europe', fr: 'Europe', de: 'Europa' } };
    const region = makePromo({ iso3: 'XEU', package_specification: { ...makePromo().package_specification, destination: 'XEU' } });
    const trip = makePromo({
      code: 'TRIP-CODE-0001',
      iso3: 'XEU',
      package_specification: { ...makePromo().package_specification, destination: ['FRA', 'DEU', 'ITA'] },
    });

    // Act
    const email = bookingConfirmationEmail({
      to: 'ada@example.com',
      partnerName: 'Acme',
      booking: makeBooking({ locale: 'de', promo_codes: [region, trip] }),
      regions: [europe],
    });

    // Assess
    expect(withPlainSpaces(email.text)).toContain('ABCD-EFGH-JKLM  (3 GB, 15 Tage, Europa)');
    expect(withPlainSpaces(email.text)).toContain('TRIP-CODE-0001  (3 GB, 15 Tage, Europa)');
    expect(email.text).not.toContain('XEU');
  });

  it.each([
    ['en', 'ABCD-EFGH-JKLM  (365 days, destination of your choice)'],
    ['de', 'ABCD-EFGH-JKLM  (365 Tage, Reiseziel Ihrer Wahl)'],
  ] as const)('says in %s that a grant naming no destination is for one the traveler chooses', (locale, line) => {
    const open = makePromo({
      iso3: null,
      package_specification: { package_type: 'data-limited', size: null, package_duration: 365, destination: null } as never,
    });

    const email = bookingConfirmationEmail({ to: 'ada@example.com', partnerName: 'Acme', booking: makeBooking({ locale, promo_codes: [open] }) });

    expect(withPlainSpaces(email.text)).toContain(line);
  });

  it("names a trip by its places in the claim email when no catalog regions are given, never by a region's code", () => {
    // Prepare
    const trip = makePromo({ iso3: 'XEU', package_specification: { ...makePromo().package_specification, destination: ['ITA', 'FRA'] } });

    // Act
    const email = promoCodeClaimEmail({ to: 'ada@example.com', partnerName: 'Acme', promo: trip, locale: 'de' });

    // Assess
    expect(withPlainSpaces(email.text)).toContain('Paket: 3 GB, 15 Tage, Italien, Frankreich.');
    expect(email.text).not.toContain('XEU');
  });

  it("writes the departure's day as the booking gave it, in its own zone", () => {
    // Act
    const email = bookingConfirmationEmail({
      to: 'ada@example.com',
      partnerName: 'Acme',
      booking: makeBooking({ departure_date: '2027-03-10T23:30:00-05:00' }),
    });

    // Assess: 04:30 UTC on 11 March, but the traveler leaves on the 10th
    expect(email.text).toContain('Departure: March 10, 2027.');
  });

  it('gives every language its own words', () => {
    // Act
    const outros = new Set(servedLocales.map((language) => emailTexts[language].bookingOutro));

    // Assess
    expect(outros.size).toBe(servedLocales.length);
  });
});
