// domain → data amounts in a language with the runtime's own unit names: "1,5 Go" in French, "1,5 GB" in German.
const GIGABYTE = 1024 ** 3;
const MEGABYTE = 1024 ** 2;

const inUnit = (language: string, value: number, unit: 'gigabyte' | 'megabyte'): string =>
  new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: unit === 'gigabyte' ? 1 : 0 }).format(value);

/** A byte count, in GB from a tenth of one up, else in MB. */
export const dataAmount = (language: string, bytes: number): string =>
  bytes >= GIGABYTE / 10 ? inUnit(language, bytes / GIGABYTE, 'gigabyte') : inUnit(language, bytes / MEGABYTE, 'megabyte');

/** A package size as the spec writes it (`500MB`, `1.5GB`), in the page's language; anything else as it is. */
export const packageSize = (language: string, size: string): string => {
  const match = /^(\d+(?:\.\d+)?)(MB|GB)$/.exec(size);
  if (!match) return size;
  // Every decimal the size was given with (the format's default keeps 3): `1.23456GB` is not "1.235 GB".
  const unit = match[2] === 'GB' ? 'gigabyte' : 'megabyte';
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 20 }).format(Number(match[1]));
};
