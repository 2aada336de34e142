// webhooks → retry policy: what a receiver's answer means, and how long to wait before the next attempt.
import { wallClock } from '#shared/clock';

/** Attempts per delivery, the first included (interface spec, "Limits"). */
export const MAX_ATTEMPTS = 12;

const baseSeconds = 30;
/** No single wait is longer than this (before jitter and scale). */
const stepCapSeconds = 90 * 60;
const jitterRatio = 0.2;
/** SQS ChangeMessageVisibility accepts at most 12 hours. */
const maxDelaySeconds = 43_200;

export type DeliveryVerdict = 'delivered' | 'retry' | 'rejected';

/**
 * 2xx is success; 5xx, 429, a timeout or an unreachable endpoint is retried; every other status is a
 * permanent rejection. Redirects (3xx) are never followed: the target was not the registered,
 * checked URL (it could point at an internal address), and a POST does not survive a 301/302 anyway.
 * The partner fixes the registered URL instead. A URL refused as unsafe or invalid is permanent too.
 */
export const classifyOutcome = (outcome: {
  status?: number;
  error?: string;
  errorKind?: 'timeout' | 'connection' | 'unsafe_url' | 'invalid_url';
}): DeliveryVerdict => {
  const { status, errorKind } = outcome;
  if (errorKind === 'unsafe_url' || errorKind === 'invalid_url') return 'rejected';
  if (status === undefined) return 'retry';
  if (status >= 200 && status <= 299) return 'delivered';
  if (status === 429 || (status >= 500 && status <= 599)) return 'retry';
  return 'rejected';
};

const nominalSeconds = (attempt: number): number => Math.min(baseSeconds * 2 ** (attempt - 1), stepCapSeconds);

/** Wait after each failed attempt 1..11, without jitter or scale: 30 s doubling to the 90 min cap, about 6.6 h in all. */
export const nominalScheduleSeconds: readonly number[] = /* @__PURE__ */ Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
  nominalSeconds(index + 1),
);

const wholeSeconds = (seconds: number): number => Math.min(Math.max(Math.round(seconds), 0), maxDelaySeconds);

interface BackoffOptions {
  /** Multiplies every wait; local tests use a tiny value. */
  scale?: number;
  /** Injected so tests are deterministic. */
  random?: () => number;
}

// Jitter spreads the retries of deliveries that failed together (a partner outage) so they do not return in a burst.
const jitteredSeconds = (attempt: number, { scale = 1, random = Math.random }: BackoffOptions): number => {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt >= MAX_ATTEMPTS) {
    throw new RangeError(`attempt must be an integer from 1 to ${MAX_ATTEMPTS - 1}, got ${attempt}`);
  }
  const jitter = 1 + (random() * 2 - 1) * jitterRatio;
  return nominalSeconds(attempt) * jitter * scale;
};

/** Seconds to wait after `attempt` (the one that just failed, 1..11) failed: an integer from 0 to 43200. */
export const backoffSeconds = (attempt: number, options: BackoffOptions = {}): number => wholeSeconds(jitteredSeconds(attempt, options));

/** Retry-After as delta-seconds or an HTTP-date; undefined when absent or unreadable. A past date means 0. */
export const retryAfterSeconds = (headerValue: string | undefined, now: Date): number | undefined => {
  const value = headerValue?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // Anything else numeric-looking ("-5", "1.5") is neither form; Date.parse would accept some of it.
  if (/^[-+\d.]+$/.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(Math.ceil((at - now.getTime()) / 1000), 0);
};

/**
 * Wait before the next attempt. For 429 the receiver's Retry-After is honoured within the schedule: never
 * shorter than the backoff, never longer than one step cap (90 min × scale), so one answer cannot stretch
 * the delivery past its few hours. Retry-After on other statuses is ignored.
 */
export const nextDelaySeconds = (input: {
  attempt: number;
  status?: number;
  retryAfterHeader?: string;
  scale?: number;
  random?: () => number;
  now?: Date;
}): number => {
  const { attempt, status, retryAfterHeader, scale = 1, random, now = wallClock.now() } = input;
  const backoff = jitteredSeconds(attempt, { scale, random });
  const retryAfter = status === 429 ? retryAfterSeconds(retryAfterHeader, now) : undefined;
  if (retryAfter === undefined) return wholeSeconds(backoff);
  return wholeSeconds(Math.max(backoff, Math.min(retryAfter, stepCapSeconds * scale)));
};
