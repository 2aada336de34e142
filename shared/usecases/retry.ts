// use case helper → optimistic locking's other half: re-read and try again when a concurrent request won the race.
import { AppError } from '#shared/errors';

/** Attempts in all; with the waits below a change gives up after about three seconds of lost races. */
export const RETRY_ATTEMPTS = 10;
const BASE_DELAY_MS = 20;
/** Up to a second: an attempt that provisions through a provider takes long enough for a group to collide again. */
const MAX_DELAY_MS = 1000;

/** The global timer: no module to load at every cold start for it. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A version check failed: another request changed the traveler or booking between this one's read and write. */
const lostRace = (error: unknown): boolean => error instanceof AppError && error.code === 'concurrent_modification';

/**
 * Runs `work` (read, decide, write with a version check) again while it loses races, waiting a random time up to a
 * doubling bound between attempts ("full jitter"): many requests on one booking (a group redeeming at once) spread
 * out instead of colliding again on every immediate retry.
 */
export const withRetry = async <T>(work: () => Promise<T>, attempts = RETRY_ATTEMPTS): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!lostRace(error) || attempt >= attempts) throw error;
      await sleep(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
    }
  }
};
