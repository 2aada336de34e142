// A value kept briefly by a warm function (the SM-DP+ certificate allow-list): read again once its time is up, and a
// failed read not kept.
import { ttlValue } from '#shared/storage/ttl-cache';

/** A clock the test moves, and a source whose answers the test sets, counting its reads. */
const prepare = () => {
  let now = Date.parse('2026-11-27T12:00:00Z');
  let answer: Promise<string[]> = Promise.resolve(['fingerprint-a']);
  let reads = 0;
  const read = ttlValue(
    () => {
      reads += 1;
      return answer;
    },
    { ttlMs: 300_000, clock: { now: () => new Date(now) } },
  );
  return {
    read,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
    answer: (next: Promise<string[]>) => {
      answer = next;
    },
  };
};

describe('ttlValue', () => {
  it('answers from memory within its lifetime and reads again after it, so a removed entry is gone', async () => {
    // Prepare
    const source = prepare();
    await source.read();
    source.answer(Promise.resolve([]));

    // Act
    source.advance(299_999);
    const within = await source.read();
    source.advance(1);
    const after = await source.read();

    // Assess
    expect(within).toEqual(['fingerprint-a']);
    expect(after).toEqual([]);
    expect(source.reads()).toBe(2);
  });

  it('keeps no failed read: the next use reads again', async () => {
    // Prepare
    const source = prepare();
    source.answer(Promise.reject(new Error('Secrets Manager unreachable')));

    // Act
    const failed = await source.read().catch((error: Error) => error.message);
    source.answer(Promise.resolve(['fingerprint-b']));
    const retried = await source.read();

    // Assess
    expect(failed).toBe('Secrets Manager unreachable');
    expect(retried).toEqual(['fingerprint-b']);
    expect(source.reads()).toBe(2);
  });
});
