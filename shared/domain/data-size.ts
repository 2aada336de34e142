// domain → data amounts in a language with the runtime's own unit names: "1,5 Go" in French, "1,5 GB" in German.
const GIGABYTE = 1024 ** 3;
const MEGABYTE = 1024 ** 2;

const inUnit = (language: string, value: number, unit: 'gigabyte' | 'megabyte'): string =>
  new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: unit === 'gigabyte' ? 1 : 0 }).format(value);

/** A byte count, in GB from one up, else in MB: a 500 MB package has "500 MB left", not "0.5 GB". */
export const dataAmount = (language: string, bytes: number): string =>
  bytes >= GIGABYTE ? inUnit(language, bytes / GIGABYTE, 'gigabyte') : inUnit(language, bytes / MEGABYTE, 'megabyte');

/** A package size as the spec writes it (`500MB`, `1.5GB`), in the page's language; anything else as it is. */
export const packageSize = (language: string, size: string): string => {
  const match = /^(\d+(?:\.\d+)?)(MB|GB)$/.exec(size);
  if (!match) return size;
  // Every decimal the size was given with, as written (a number keeps 15 or so digits, the format's default 3): the
  // whole part and the unit come from the format, the fraction digits from the size.
  const unit = match[2] === 'GB' ? 'gigabyte' : 'megabyte';
  const [whole, fraction] = (match[1] as string).split('.');
  const parts = new Intl.NumberFormat(language, { style: 'unit', unit }).formatToParts(Number(`${whole}.5`));
  return parts
    .filter((part) => fraction !== undefined || (part.type !== 'decimal' && part.type !== 'fraction'))
    .map((part) => (part.type === 'fraction' ? fraction : part.value))
    .join('');
};

/**
 * A number of days in the language's words, singular or plural as CLDR says (`1 day`, `15 Tage`, `365 jours`), the
 * number kept with its word by a no-break space.
 */
export const dayCount = (language: string, days: number): string =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days).replace(/ /g, '\u00a0');
