// domain → the emails the service sends, as plain text plus escaped HTML (English; the booking has no language rule yet).
import type { Booking, PromoCode } from '#shared/domain/booking';
import { escapeHtml } from '#shared/domain/install/html';
import type { EmailMessage } from '#shared/usecases/ports/services';

const packageLine = (promo: PromoCode): string => {
  const spec = promo.package_specification;
  const destination = Array.isArray(spec.destination) ? spec.destination.join(', ') : spec.destination;
  return [
    spec.size ?? (spec.package_type === 'unlimited' ? 'Unlimited data' : null),
    spec.package_duration ? `${spec.package_duration} days` : null,
    destination ? `for ${destination}` : null,
  ]
    .filter(Boolean)
    .join(', ');
};

const html = (paragraphs: string[], codes: string[]) =>
  `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${codes.map((c) => `<p style="font-size:1.4em;font-weight:700;letter-spacing:.08em">${escapeHtml(c)}</p>`).join('')}</body></html>`;

/** Sent at once when a traveler claims a promo code through its claim URL. */
export const promoCodeClaimEmail = (input: { to: string; partnerName: string; promo: PromoCode }): EmailMessage => {
  const intro = [`Here is your eSIM promo code from ${input.partnerName}.`, `Package: ${packageLine(input.promo)}.`];
  const outro = ['Enter the code in the app to get your eSIM. Keep this email: the code works once.'];
  return {
    to: input.to,
    subject: `Your eSIM promo code from ${input.partnerName}`,
    text: [...intro, '', `    ${input.promo.code}`, '', ...outro, ''].join('\n'),
    html: html([...intro], [input.promo.code]).replace('</body>', `${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body>`),
  };
};

/** The booking confirmation of `communication_options` (channel EMAIL): every code of the booking. */
export const bookingConfirmationEmail = (input: { to: string; partnerName: string; booking: Booking }): EmailMessage => {
  const lines = input.booking.promo_codes.map((promo) => `${promo.code}  (${packageLine(promo)})`);
  const name = input.booking.first_name ?? input.booking.full_name;
  const intro = [
    `${name ? `Hello ${name}, y` : 'Y'}our booking with ${input.partnerName} includes ${lines.length === 1 ? 'an eSIM promo code' : `${lines.length} eSIM promo codes`}.`,
    `Departure: ${input.booking.departure_date.slice(0, 10)}.`,
  ];
  const outro = ['Enter a code in the app to get your eSIM. Each code works once.'];
  return {
    to: input.to,
    subject: `Your eSIM for your trip with ${input.partnerName}`,
    text: [...intro, '', ...lines.map((l) => `    ${l}`), '', ...outro, ''].join('\n'),
    html: html([...intro], lines).replace('</body>', `${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body>`),
  };
};
