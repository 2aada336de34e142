// domain → the words of the emails in every served language (the booking's `locale` picks one; English otherwise).
import type { ServedLocale } from '#shared/domain/locale';

export interface EmailTexts {
  unlimitedData: string;
  days: (count: number) => string;
  claimSubject: (partner: string) => string;
  claimIntro: (partner: string) => string;
  packageLine: (description: string) => string;
  claimOutro: string;
  bookingSubject: (partner: string) => string;
  bookingIntro: (input: { name: string | null; partner: string; codes: number }) => string;
  departure: (date: string) => string;
  bookingOutro: string;
  /** The partner's name when its profile has none. */
  someTravelPartner: string;
}

export const emailTexts: Record<ServedLocale, EmailTexts> = {
  en: {
    unlimitedData: 'Unlimited data',
    days: (count) => `${count} ${count === 1 ? 'day' : 'days'}`,
    claimSubject: (partner) => `Your eSIM promo code from ${partner}`,
    claimIntro: (partner) => `Here is your eSIM promo code from ${partner}.`,
    packageLine: (description) => `Package: ${description}.`,
    claimOutro: 'Enter the code in the app to get your eSIM. Keep this email: the code works once.',
    bookingSubject: (partner) => `Your eSIM for your trip with ${partner}`,
    bookingIntro: ({ name, partner, codes }) =>
      `${name ? `Hello ${name}, y` : 'Y'}our booking with ${partner} includes ${codes === 1 ? 'an eSIM promo code' : `${codes} eSIM promo codes`}.`,
    departure: (date) => `Departure: ${date}.`,
    bookingOutro: 'Enter a code in the app to get your eSIM. Each code works once.',
    someTravelPartner: 'your travel partner',
  },
  de: {
    unlimitedData: 'Unbegrenztes Datenvolumen',
    days: (count) => `${count} ${count === 1 ? 'Tag' : 'Tage'}`,
    claimSubject: (partner) => `Ihr eSIM-Aktionscode von ${partner}`,
    claimIntro: (partner) => `Hier ist Ihr eSIM-Aktionscode von ${partner}.`,
    packageLine: (description) => `Paket: ${description}.`,
    claimOutro: 'Geben Sie den Code in der App ein, um Ihre eSIM zu erhalten. Bewahren Sie diese E-Mail auf: Der Code gilt nur einmal.',
    bookingSubject: (partner) => `Ihre eSIM für Ihre Reise mit ${partner}`,
    bookingIntro: ({ name, partner, codes }) =>
      `${name ? `Hallo ${name}, I` : 'I'}hre Buchung bei ${partner} enthält ${codes === 1 ? 'einen eSIM-Aktionscode' : `${codes} eSIM-Aktionscodes`}.`,
    departure: (date) => `Abreise: ${date}.`,
    bookingOutro: 'Geben Sie einen Code in der App ein, um Ihre eSIM zu erhalten. Jeder Code gilt nur einmal.',
    someTravelPartner: 'Ihrem Reisepartner',
  },
  fr: {
    unlimitedData: 'Données illimitées',
    days: (count) => `${count} ${count === 1 ? 'jour' : 'jours'}`,
    claimSubject: (partner) => `Votre code promo eSIM de ${partner}`,
    claimIntro: (partner) => `Voici votre code promo eSIM de ${partner}.`,
    packageLine: (description) => `Forfait : ${description}.`,
    claimOutro: "Saisissez le code dans l'application pour obtenir votre eSIM. Conservez cet e-mail : le code ne fonctionne qu'une fois.",
    bookingSubject: (partner) => `Votre eSIM pour votre voyage avec ${partner}`,
    bookingIntro: ({ name, partner, codes }) =>
      `${name ? `Bonjour ${name}, v` : 'V'}otre réservation avec ${partner} comprend ${codes === 1 ? 'un code promo eSIM' : `${codes} codes promo eSIM`}.`,
    departure: (date) => `Départ : ${date}.`,
    bookingOutro: "Saisissez un code dans l'application pour obtenir votre eSIM. Chaque code ne fonctionne qu'une fois.",
    someTravelPartner: 'votre partenaire de voyage',
  },
  es: {
    unlimitedData: 'Datos ilimitados',
    days: (count) => `${count} ${count === 1 ? 'día' : 'días'}`,
    claimSubject: (partner) => `Tu código promocional de eSIM de ${partner}`,
    claimIntro: (partner) => `Aquí tienes tu código promocional de eSIM de ${partner}.`,
    packageLine: (description) => `Paquete: ${description}.`,
    claimOutro: 'Introduce el código en la app para obtener tu eSIM. Guarda este correo: el código solo funciona una vez.',
    bookingSubject: (partner) => `Tu eSIM para tu viaje con ${partner}`,
    bookingIntro: ({ name, partner, codes }) =>
      `${name ? `Hola ${name}, t` : 'T'}u reserva con ${partner} incluye ${codes === 1 ? 'un código promocional de eSIM' : `${codes} códigos promocionales de eSIM`}.`,
    departure: (date) => `Salida: ${date}.`,
    bookingOutro: 'Introduce un código en la app para obtener tu eSIM. Cada código funciona una sola vez.',
    someTravelPartner: 'tu socio de viaje',
  },
};
