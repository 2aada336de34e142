// clock → the service's one notion of "now" (every use case gets it through its deps), and real time where it must stay real.
import { envNames } from '#shared/config';

/** Where "now" comes from; every use case gets one through its deps (a port, defined here below them). */
export interface Clock {
  now(): Date;
}

let offsetMs = 0;

/**
 * Service time: wall time plus an offset. The offset is always 0 in a deployed stage (nothing there can set it);
 * only the local runtime moves it, through advanceLocalClock, for every handler running in its process.
 */
export const serviceClock: Clock = { now: () => new Date(Date.now() + offsetMs) };

/**
 * Real time, never moved: a partner's request signature and a webhook signature vouch for real time, so the
 * authentication window and webhook timestamps use this, as do transport records (delivery attempts, retries).
 */
export const wallClock: Clock = { now: () => new Date() };

export interface LocalClockState {
  /** Service time now, ISO 8601. */
  now: string;
  offset_ms: number;
}

export const localClockState = (): LocalClockState => ({ now: serviceClock.now().toISOString(), offset_ms: offsetMs });

/** Moves service time by `ms` (negative moves it back). Refused outside the local runtime. */
export const advanceLocalClock = (ms: number): LocalClockState => {
  if (process.env[envNames.stage] !== 'local') throw new Error('The service clock can only be moved in the local runtime.');
  if (!Number.isSafeInteger(ms)) throw new Error('The clock moves by a whole number of milliseconds.');
  offsetMs += ms;
  return localClockState();
};
