// Test support: `eventually` polls until its condition holds, and fails loudly when it never does, so a test that
// waits for a webhook cannot pass on what it read before the wait ran out.
import { eventually } from '#test/support/webhook-receiver';

describe('Test support: eventually', () => {
  it('answers the first value that meets the condition', async () => {
    // Prepare
    let reads = 0;

    // Act
    const value = await eventually(
      () => (reads += 1),
      (count) => count >= 3,
      2_000,
    );

    // Assess
    expect(value).toBe(3);
  });

  it('throws when the time is up, naming the wait and the last value read', async () => {
    // Act
    const waited = eventually(
      () => ['booking.within_cutoff'],
      (list) => list.length >= 2,
      300,
    );

    // Assess
    await expect(waited).rejects.toThrow('Timed out after 300 ms; the last value read was ["booking.within_cutoff"]');
  });
});
