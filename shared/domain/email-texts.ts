// domain → the words of the emails in every served language (the booking's `locale` picks one; English otherwise),
// in groups by email, so a function that sends one kind bundles that kind's words only.
import type { ServedLocale } from '#shared/domain/locale';

/** How a package is described in every email. */
export interface PackageWords {
  unlimitedData: string;
  /** A grant that names no destination: the traveler picks it in the app when redeeming (F145). */
  chosenDestination: string;
}

/** The promo-code claim email. */
export interface ClaimEmailTexts {
  claimSubject: (partner: string) => string;
  claimIntro: (partner: string) => string;
  packageLine: (description: string) => string;
  claimOutro: string;
  /** The partner's name when its profile has none. */
  someTravelPartner: string;
}

/** The booking confirmation email. */
export interface BookingEmailTexts {
  bookingSubject: (partner: string) => string;
  bookingIntro: (input: { name: string | null; partner: string; packages: number }) => string;
  departure: (date: string) => string;
  /** After the codes to type: how to use them. */
  bookingOutro: string;
  /** Classic grants, which have no code to type: the traveler gets them in the app (decision F9). */
  classicGrants: (packages: string[]) => string;
}

export type EmailTexts = PackageWords & ClaimEmailTexts & BookingEmailTexts;

/** How a package is described, in every served language. */
export const packageWords: Record<ServedLocale, PackageWords> = /* @__PURE__ */ (() => ({
  en: {
    unlimitedData: 'Unlimited data',
    chosenDestination: 'destination of your choice',
  },
  de: {
    unlimitedData: 'Unbegrenztes Datenvolumen',
    chosenDestination: 'Reiseziel Ihrer Wahl',
  },
  fr: {
    unlimitedData: 'Données illimitées',
    chosenDestination: 'destination de votre choix',
  },
  es: {
    unlimitedData: 'Datos ilimitados',
    chosenDestination: 'destino a tu elección',
  },
}))();

/** The claim email's words. */
export const claimEmailTexts: Record<ServedLocale, ClaimEmailTexts> = /* @__PURE__ */ (() => ({
  en: {
    claimSubject: (partner) => `Your eSIM promo code from ${partner}`,
    claimIntro: (partner) => `Here is your eSIM promo code from ${partner}.`,
    packageLine: (description) => `Package: ${description}.`,
    claimOutro: 'Enter the code in the app to get your eSIM. Keep this email: the code works once.',
    someTravelPartner: 'the company you booked your trip with',
  },
  de: {
    claimSubject: (partner) => `Ihr eSIM-Aktionscode von ${partner}`,
    claimIntro: (partner) => `Hier ist Ihr eSIM-Aktionscode von ${partner}.`,
    packageLine: (description) => `Paket: ${description}.`,
    claimOutro: 'Geben Sie den Code in der App ein, um Ihre eSIM zu erhalten. Bewahren Sie diese E-Mail auf: Der Code gilt nur einmal.',
    someTravelPartner: 'Ihrem Reiseanbieter',
  },
  fr: {
    claimSubject: (partner) => `Votre code promo eSIM offert par ${partner}`,
    claimIntro: (partner) => `Voici votre code promo eSIM offert par ${partner}.`,
    packageLine: (description) => `Forfait : ${description}.`,
    claimOutro: "Saisissez le code dans l'application pour obtenir votre eSIM. Conservez cet e-mail : le code ne fonctionne qu'une fois.",
    someTravelPartner: 'votre agence de voyages',
  },
  es: {
    claimSubject: (partner) => `Tu código promocional de eSIM de ${partner}`,
    claimIntro: (partner) => `Aquí tienes tu código promocional de eSIM de ${partner}.`,
    packageLine: (description) => `Paquete: ${description}.`,
    claimOutro: 'Introduce el código en la app para obtener tu eSIM. Guarda este correo: el código solo funciona una vez.',
    someTravelPartner: 'tu agencia de viajes',
  },
}))();

/** The booking confirmation's words. */
export const bookingEmailTexts: Record<ServedLocale, BookingEmailTexts> = /* @__PURE__ */ (() => ({
  en: {
    bookingSubject: (partner) => `Your eSIM for your trip with ${partner}`,
    bookingIntro: ({ name, partner, packages }) =>
      `${name ? `Hello ${name}, y` : 'Y'}our booking with ${partner} includes ${packages === 1 ? 'an eSIM data package' : `${packages} eSIM data packages`}.`,
    departure: (date) => `Departure: ${date}.`,
    bookingOutro: 'Enter a code in the app to get your eSIM. Each code works once.',
    classicGrants: (packages) =>
      `Waiting for you in the app, with no code to enter: ${packages.join('; ')}. Open the app to get ${packages.length === 1 ? 'this eSIM' : 'these eSIMs'}.`,
  },
  de: {
    bookingSubject: (partner) => `Ihre eSIM für Ihre Reise mit ${partner}`,
    bookingIntro: ({ name, partner, packages }) =>
      `${name ? `Hallo ${name}, I` : 'I'}hre Buchung bei ${partner} enthält ${packages === 1 ? 'ein eSIM-Datenpaket' : `${packages} eSIM-Datenpakete`}.`,
    departure: (date) => `Abreise: ${date}.`,
    bookingOutro: 'Geben Sie einen Code in der App ein, um Ihre eSIM zu erhalten. Jeder Code gilt nur einmal.',
    classicGrants: (packages) =>
      `In der App für Sie bereit, ohne Code: ${packages.join('; ')}. Öffnen Sie die App, um ${packages.length === 1 ? 'diese eSIM' : 'diese eSIMs'} zu erhalten.`,
  },
  fr: {
    bookingSubject: (partner) => `Votre eSIM pour votre voyage avec ${partner}`,
    bookingIntro: ({ name, partner, packages }) =>
      `${name ? `Bonjour ${name}, v` : 'V'}otre réservation avec ${partner} comprend ${packages === 1 ? 'un forfait de données eSIM' : `${packages} forfaits de données eSIM`}.`,
    departure: (date) => `Départ : ${date}.`,
    bookingOutro: "Saisissez un code dans l'application pour obtenir votre eSIM. Chaque code ne fonctionne qu'une fois.",
    classicGrants: (packages) =>
      `${packages.length === 1 ? 'Disponible' : 'Disponibles'} dans l'application, sans code à saisir : ${packages.join(' ; ')}. Ouvrez l'application pour obtenir ${packages.length === 1 ? 'cette eSIM' : 'ces eSIM'}.`,
  },
  es: {
    bookingSubject: (partner) => `Tu eSIM para tu viaje con ${partner}`,
    bookingIntro: ({ name, partner, packages }) =>
      `${name ? `Hola ${name}, t` : 'T'}u reserva con ${partner} incluye ${packages === 1 ? 'un paquete de datos eSIM' : `${packages} paquetes de datos eSIM`}.`,
    departure: (date) => `Salida: ${date}.`,
    bookingOutro: 'Introduce un código en la app para obtener tu eSIM. Cada código funciona una sola vez.',
    classicGrants: (packages) =>
      `${packages.length === 1 ? 'Disponible' : 'Disponibles'} en la app, sin código que introducir: ${packages.join('; ')}. Abre la app para obtener ${packages.length === 1 ? 'esta eSIM' : 'estas eSIM'}.`,
  },
}))();

/** Every email word by language, for tests and tools; pure-marked, so a function bundles the groups it reads alone. */
export const emailTexts: Record<ServedLocale, EmailTexts> = /* @__PURE__ */ (() => ({
  en: { ...packageWords.en, ...claimEmailTexts.en, ...bookingEmailTexts.en },
  de: { ...packageWords.de, ...claimEmailTexts.de, ...bookingEmailTexts.de },
  fr: { ...packageWords.fr, ...claimEmailTexts.fr, ...bookingEmailTexts.fr },
  es: { ...packageWords.es, ...claimEmailTexts.es, ...bookingEmailTexts.es },
}))();
