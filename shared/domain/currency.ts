// domain → ISO 4217 currency codes from the maintained `currency-codes` list, not a hand-typed one.
import currencyCodes from 'currency-codes';

const known = new Set(currencyCodes.codes());

export const isIso4217 = (code: string): boolean => known.has(code);
