// domain → ISO 4217 currency codes from the dated list shared/data/codes/iso-4217.json, generated from the
// maintained `currency-codes` package (`npm run build:codes`), not a hand-typed one.
import currencyFile from '../data/codes/iso-4217.json' with { type: 'json' };

const known = new Set(currencyFile.codes.match(/[A-Z]{3}/g));

export const isIso4217 = (code: string): boolean => known.has(code);
