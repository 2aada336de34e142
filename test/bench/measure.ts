// benchmark → shared helpers: percentiles, interleaved rounds, and the report of each figure beside its reference.
import { loadavg } from 'node:os';

export const median = (values: number[]): number => percentile(values, 50);

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = (p / 100) * (sorted.length - 1);
  const low = Math.floor(index);
  const high = Math.ceil(index);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (index - low);
};

/**
 * Runs `rounds` rounds; in each, every candidate is measured once, in turn, so a change in machine load hits
 * all of them alike. Returns the median over the rounds of each candidate's figure.
 */
export const interleaved = async <Name extends string>(
  rounds: number,
  candidates: Record<Name, () => Promise<number>>,
): Promise<Record<Name, number>> => {
  const figures = Object.fromEntries(Object.keys(candidates).map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < rounds; round += 1) {
    for (const name of Object.keys(candidates) as Name[]) figures[name].push(await candidates[name]());
  }
  return Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, median(values as number[])])) as Record<Name, number>;
};

export interface Row {
  figure: string;
  value: number;
  reference: number;
  referenceName: string;
  unit: string;
  /** The target as a bound on value / reference (`max` for times, `min` for rates); none: the ratio is for information. */
  target?: { max: number } | { min: number };
  /** An absolute bound as well, e.g. bundle ≤ 300 KiB. */
  absolute?: { max: number };
}

const met = (row: Row) => {
  const ratio = row.value / row.reference;
  const ratioMet = row.target === undefined || ('max' in row.target ? ratio <= row.target.max : ratio >= row.target.min);
  return ratioMet && (row.absolute === undefined || row.value <= row.absolute.max);
};

const format = (value: number, unit: string) => `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`;

export const report = (title: string, rows: Row[]): boolean => {
  console.log(`\n### ${title}\n`);
  console.log('| Figure | Value | Reference | Ratio | Target | Met |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const bounds = [
      ...(row.target === undefined ? [] : ['max' in row.target ? `≤ ${row.target.max}×` : `≥ ${row.target.min}×`]),
      ...(row.absolute ? [`≤ ${format(row.absolute.max, row.unit)}`] : []),
    ];
    const target = bounds.join(', ');
    console.log(
      `| ${row.figure} | ${format(row.value, row.unit)} | ${format(row.reference, row.unit)} (${row.referenceName}) | ` +
        `${(row.value / row.reference).toFixed(2)} | ${target || 'for information'} | ${bounds.length === 0 ? '—' : met(row) ? 'yes' : '**no**'} |`,
    );
  }
  return rows.every(met);
};

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Latencies of `count` sequential calls, each also kept in `pool` for percentiles over every round; answers the median. */
/**
 * Sequential requests of two candidates in ABBA order (a, b, b, a, a, b, …), so whatever a request leaves running
 * behind it (the local event pipeline a write wakes, a collection in DynamoDB Local) lands on the next request of
 * either candidate alike; blocks of one candidate after the other would hand it all to whichever runs next. Adds
 * every timing to the candidate's pool and returns the two p50s.
 */
export const alternating = async (
  count: number,
  [first, second]: readonly [(i: number) => Promise<unknown>, (i: number) => Promise<unknown>],
  pools: readonly [number[], number[]],
): Promise<[number, number]> => {
  const timings: [number[], number[]] = [[], []];
  const time = async (side: 0 | 1, call: (i: number) => Promise<unknown>, i: number) => {
    const started = performance.now();
    await call(i);
    timings[side].push(performance.now() - started);
  };
  for (let i = 0; i < count; i += 1) {
    if (i % 2 === 0) {
      await time(0, first, i);
      await time(1, second, i);
    } else {
      await time(1, second, i);
      await time(0, first, i);
    }
  }
  pools[0].push(...timings[0]);
  pools[1].push(...timings[1]);
  return [percentile(timings[0], 50), percentile(timings[1], 50)];
};

/** Requests per second with `clients` concurrent clients sending `total` requests. */
export const throughput = async (clients: number, total: number, call: (i: number) => Promise<unknown>) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) await call((next += 1));
    }),
  );
  return total / ((performance.now() - started) / 1000);
};

/**
 * Throughput of two candidates in ABBA halves (half of `total` of a, then of b, of b, of a), so the background work
 * the sample before leaves running, and any drift in machine load, weigh on both alike. Returns the two rates.
 */
export const alternatingThroughput = async (
  clients: number,
  total: number,
  [first, second]: readonly [(i: number) => Promise<unknown>, (i: number) => Promise<unknown>],
): Promise<[number, number]> => {
  const half = Math.ceil(total / 2);
  const seconds = [0, 0];
  for (const side of [0, 1, 1, 0] as const) seconds[side]! += half / (await throughput(clients, half, side === 0 ? first : second));
  return [(2 * half) / seconds[0]!, (2 * half) / seconds[1]!];
};

export const sequential = async (count: number, call: (i: number) => Promise<unknown>, pool: number[]) => {
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await call(i);
    timings.push(performance.now() - started);
  }
  pool.push(...timings);
  return percentile(timings, 50);
};
