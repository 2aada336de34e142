// tests → the per-key token bucket the local runtime enforces in place of the deployed rate-based rule.
import { tokenBuckets } from '#shared/http/rate-limit';

const limit = { requestsPerWindow: 3, windowSeconds: 60 };

describe('tokenBuckets', () => {
  it('allows a full bucket, then refuses with the seconds until the next token', () => {
    // Prepare
    const buckets = tokenBuckets(limit, () => 0);

    // Act
    const results = Array.from({ length: 4 }, () => buckets.take('pk_a'));

    // Assess
    expect(results.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(results[3]).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('keeps one key throttled while another key is served', () => {
    // Prepare
    const buckets = tokenBuckets(limit, () => 0);
    for (let i = 0; i < 3; i += 1) buckets.take('pk_a');

    // Act / Assess
    expect(buckets.take('pk_a').allowed).toBe(false);
    expect(buckets.take('pk_b').allowed).toBe(true);
  });

  it('refills one token per window share of time', () => {
    // Prepare
    let now = 0;
    const buckets = tokenBuckets(limit, () => now);
    for (let i = 0; i < 3; i += 1) buckets.take('pk_a');

    // Act
    now = 19_999;
    const early = buckets.take('pk_a');
    now = 20_000;
    const onTime = buckets.take('pk_a');

    // Assess
    expect(early.allowed).toBe(false);
    expect(onTime.allowed).toBe(true);
  });

  it('takes back a returned token, never above a full bucket', () => {
    // Prepare
    const buckets = tokenBuckets(limit, () => 0);
    for (let i = 0; i < 3; i += 1) buckets.take('pk_a');

    // Act
    buckets.giveBack('pk_a');
    const afterReturn = [buckets.take('pk_a'), buckets.take('pk_a')];
    buckets.giveBack('pk_b');
    for (let i = 0; i < 5; i += 1) buckets.giveBack('pk_a');
    const afterMany = Array.from({ length: 4 }, () => buckets.take('pk_a').allowed);

    // Assess
    expect(afterReturn.map((result) => result.allowed)).toEqual([true, false]);
    expect(afterMany).toEqual([true, true, true, false]);
  });
});
