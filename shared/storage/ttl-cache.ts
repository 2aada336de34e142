// storage → values a warm function read kept in memory briefly (partner credentials, partner profiles).
import type { Clock } from '#shared/usecases/ports/services';

/** Bounds memory when many keys are seen; the cache is simply emptied, as entries are cheap to read again. */
const MAX_ENTRIES = 1000;

export interface TtlCache<Value> {
  /** The value, from memory while it is younger than the cache's lifetime, else read again; `cached` says which. */
  get(key: string): Promise<{ value: Value; cached: boolean } | undefined>;
  /** Reads past the cache and keeps what it found (forgets the key when nothing is found). */
  reload(key: string): Promise<Value | undefined>;
}

/** Keeps found values (never misses, so a key created a moment ago is found at once) for `ttlMs` of `clock` time. */
export const ttlCache = <Value>(load: (key: string) => Promise<Value | undefined>, options: { ttlMs: number; clock: Clock }): TtlCache<Value> => {
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  const reload = async (key: string) => {
    const value = await load(key);
    if (value === undefined) {
      entries.delete(key);
      return undefined;
    }
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, expiresAt: options.clock.now().getTime() + options.ttlMs });
    return value;
  };
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > options.clock.now().getTime()) return { value: entry.value, cached: true };
      const value = await reload(key);
      return value === undefined ? undefined : { value, cached: false };
    },
    reload,
  };
};

/**
 * One value (a secret's setting), read again on the first use after `ttlMs` of `clock` time; a failed read is not
 * kept, so the next use tries again.
 */
export const ttlValue = <Value>(load: () => Promise<Value>, options: { ttlMs: number; clock: Clock }): (() => Promise<Value>) => {
  let kept: { value: Promise<Value>; expiresAt: number } | undefined;
  return () => {
    const now = options.clock.now().getTime();
    if (kept && kept.expiresAt > now) return kept.value;
    const reading = { value: load(), expiresAt: now + options.ttlMs };
    kept = reading;
    reading.value.catch(() => {
      if (kept === reading) kept = undefined;
    });
    return reading.value;
  };
};
