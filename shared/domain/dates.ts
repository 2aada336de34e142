// domain → ISO 8601 handling. A date without time and zone is valid but imprecise (no about-to-depart event).

/** ISO 8601's extended format: seconds and a fraction (`.` or `,`) optional, the offset as ±HH:MM, ±HHMM or ±HH. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export interface ParsedDateTime {
  /** The instant; a date-only or zone-less value is read as UTC. */
  instant: Date;
  /** True when the value carries a time and a zone, so it names one precise instant. */
  precise: boolean;
}

export const parseIsoDateTime = (value: string): ParsedDateTime | undefined => {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, , zone] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59)) return undefined;
  const extended = extendedIsoDateTime(value);
  const normalized = hour === undefined ? `${year}-${month}-${day}T00:00:00Z` : zone ? extended : `${extended}Z`;
  const instant = new Date(normalized);
  // An offset can carry a year-9999 or year-0 time past the four-digit years every stored time compares within.
  if (Number.isNaN(instant.getTime()) || instant.getUTCFullYear() < 1 || instant.getUTCFullYear() > 9999) return undefined;
  return { instant, precise: hour !== undefined && zone !== undefined };
};

export const isIsoDateTime = (value: string): boolean => parseIsoDateTime(value) !== undefined;

/**
 * An accepted value in ISO 8601's extended format, as responses must carry it: `T` between date and time (not a space
 * or `t`), `Z` upper-case, a decimal point (not a comma), the offset as ±HH:MM (not ±HHMM or ±HH). Precision and
 * zone stay as sent (decision 13).
 */
export const extendedIsoDateTime = (value: string): string =>
  value
    .replace(/^(\d{4}-\d{2}-\d{2})[t ]/i, '$1T')
    .replace(/z$/, 'Z')
    .replace(/(T\d{2}:\d{2}:\d{2}),(\d)/, '$1.$2')
    .replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2})(\d{2})$/, '$1:$2')
    .replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2})$/, '$1:00');

/** Today's calendar date in UTC, `YYYY-MM-DD`. */
export const utcDate = (now: Date): string => now.toISOString().slice(0, 10);
