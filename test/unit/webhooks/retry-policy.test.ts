// tests → webhooks → retry policy: verdicts per answer and the wait before the next attempt.
import {
  MAX_ATTEMPTS,
  backoffSeconds,
  classifyOutcome,
  nextDelaySeconds,
  nominalScheduleSeconds,
  retryAfterSeconds,
} from '#shared/webhooks/retry-policy';

// random() of 0.5 means no jitter; 0 and just under 1 are the two extremes (-20 %, +20 %).
const noJitter = () => 0.5;
const lowest = () => 0;
const highest = () => 0.999_999;

const now = new Date('2026-01-01T00:00:00Z');

const makeRetry = (overrides: Partial<Parameters<typeof nextDelaySeconds>[0]> = {}) => ({
  attempt: 1,
  status: 429,
  random: noJitter,
  now,
  ...overrides,
});

describe('Webhook retry policy: verdicts', () => {
  it.each([200, 201, 202, 204, 299])('treats %i as delivered', (status) => {
    expect(classifyOutcome({ status })).toBe('delivered');
  });

  it.each([500, 502, 503, 504, 599, 429])('retries %i', (status) => {
    expect(classifyOutcome({ status })).toBe('retry');
  });

  it.each([100, 101, 301, 302, 304, 307, 308, 400, 401, 403, 404, 410, 422])('rejects %i permanently', (status) => {
    expect(classifyOutcome({ status })).toBe('rejected');
  });

  it.each([
    ['a timeout', { error: 'No response within 10000 ms', errorKind: 'timeout' as const }],
    ['a connection error', { error: 'connect ECONNREFUSED', errorKind: 'connection' as const }],
    ['an error without a kind', { error: 'socket hang up' }],
  ])('retries %s (no status)', (_, outcome) => {
    expect(classifyOutcome(outcome)).toBe('retry');
  });

  it.each(['unsafe_url', 'invalid_url'] as const)('rejects %s permanently', (errorKind) => {
    expect(classifyOutcome({ error: 'refused', errorKind })).toBe('rejected');
  });
});

describe('Webhook retry policy: backoff', () => {
  it('waits 30 s doubling per attempt, capped at 90 minutes, between 12 attempts', () => {
    // Assess
    expect(nominalScheduleSeconds).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 5400, 5400, 5400]);
    expect(nominalScheduleSeconds).toHaveLength(MAX_ATTEMPTS - 1);
  });

  it('spreads the whole schedule over a few hours', () => {
    // Act
    const totalHours = nominalScheduleSeconds.reduce((sum, seconds) => sum + seconds, 0) / 3600;

    // Assess
    expect(totalHours).toBeGreaterThan(4);
    expect(totalHours).toBeLessThan(7);
  });

  it('follows the nominal schedule without jitter', () => {
    // Act
    const waits = nominalScheduleSeconds.map((_, index) => backoffSeconds(index + 1, { random: noJitter }));

    // Assess
    expect(waits).toEqual(nominalScheduleSeconds);
  });

  it('jitters by at most 20 % either way', () => {
    // Act & Assess
    expect(backoffSeconds(4, { random: lowest })).toBe(192); // 240 × 0.8
    expect(backoffSeconds(4, { random: highest })).toBe(288); // 240 × 1.2
    expect(backoffSeconds(11, { random: highest })).toBe(6480); // the cap × 1.2
  });

  it('scales every wait and rounds to whole seconds', () => {
    // Act & Assess
    expect(backoffSeconds(1, { scale: 0.001, random: highest })).toBe(0);
    expect(backoffSeconds(11, { scale: 0.001, random: noJitter })).toBe(5);
    expect(Number.isInteger(backoffSeconds(3, { scale: 0.37, random: Math.random }))).toBe(true);
  });

  it('stays within what SQS visibility accepts', () => {
    // Act & Assess
    expect(backoffSeconds(11, { scale: 100, random: highest })).toBe(43_200);
    expect(backoffSeconds(11, { scale: -1, random: noJitter })).toBe(0);
  });

  it.each([0, MAX_ATTEMPTS, 1.5])('refuses attempt %p, which has no next wait', (attempt) => {
    expect(() => backoffSeconds(attempt)).toThrow(RangeError);
  });
});

describe('Webhook retry policy: Retry-After', () => {
  it.each([
    ['delta-seconds', '120', 120],
    ['zero', '0', 0],
    ['padded delta-seconds', ' 30 ', 30],
    ['an HTTP-date 90 s ahead', 'Thu, 01 Jan 2026 00:01:30 GMT', 90],
    ['an HTTP-date in the past', 'Wed, 31 Dec 2025 23:00:00 GMT', 0],
  ])('reads %s', (_, header, expected) => {
    expect(retryAfterSeconds(header, now)).toBe(expected);
  });

  it.each([undefined, '', 'soon', '-5', '1.5', '+10'])('ignores %p', (header) => {
    expect(retryAfterSeconds(header, now)).toBeUndefined();
  });
});

describe('Webhook retry policy: next delay', () => {
  it('waits for Retry-After on 429 when it is longer than the backoff', () => {
    expect(nextDelaySeconds(makeRetry({ retryAfterHeader: '600' }))).toBe(600);
  });

  it('keeps the backoff on 429 when Retry-After is shorter', () => {
    expect(nextDelaySeconds(makeRetry({ attempt: 5, retryAfterHeader: '10' }))).toBe(480);
  });

  it('caps Retry-After at one step of the schedule', () => {
    expect(nextDelaySeconds(makeRetry({ retryAfterHeader: '86400' }))).toBe(5400);
  });

  it('caps Retry-After with the scale, so local runs stay fast', () => {
    expect(nextDelaySeconds(makeRetry({ retryAfterHeader: '120', scale: 0.001 }))).toBe(5);
  });

  it('reads an HTTP-date Retry-After on 429', () => {
    expect(nextDelaySeconds(makeRetry({ retryAfterHeader: 'Thu, 01 Jan 2026 00:05:00 GMT' }))).toBe(300);
  });

  it('ignores Retry-After on other statuses', () => {
    expect(nextDelaySeconds(makeRetry({ status: 503, retryAfterHeader: '600' }))).toBe(30);
  });

  it('falls back to the backoff without a status or header', () => {
    expect(nextDelaySeconds(makeRetry({ attempt: 2, status: undefined }))).toBe(60);
    expect(nextDelaySeconds(makeRetry({ attempt: 2, retryAfterHeader: 'soon' }))).toBe(60);
  });
});
