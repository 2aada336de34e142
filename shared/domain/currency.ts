// domain → ISO 4217 currency codes from the dated list shared/data/codes/iso-4217.json, generated from the
// maintained `currency-codes` package (`npm run build:codes`), not a hand-typed one.
import currencyFile from '../data/codes/iso-4217.json' with { type: 'json' };

const known = new Set(currencyFile.codes.match(/[A-Z]{3}/g));

export const isIso4217 = (code: string): boolean => known.has(code);

/**
 * Codes of the list that name no money a traveler pays with: precious metals, bond market units, the SDR and other
 * supranational units, the testing code and "no currency". A payment in one of them is refused.
 */
const NOT_MONEY = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);

export const isPaymentCurrency = (code: string): boolean => isIso4217(code) && !NOT_MONEY.has(code);
