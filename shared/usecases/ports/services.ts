// ports → the service-wide ones: the clock, email, and windowed counters for throttling.

import type { EmailMessage } from '#shared/domain/email-message';

// Defined below the use cases, where the domain and the clock itself can name them.
export type { Clock } from '#shared/clock';
export type { EmailMessage } from '#shared/domain/email-message';

/** Sends an email now; Amazon SES v2 in AWS, .eml files under the data folder locally. */
export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

export interface WindowCount {
  count: number;
  /** Epoch seconds when the window ends. */
  resetsAt: number;
}

export interface ThrottleCounter {
  /** Counts one hit for `subject` in the window containing `now`, and returns the count so far. */
  hit(input: { scope: string; subject: string; windowSeconds: number; now: Date }): Promise<WindowCount>;
}

/** What an idempotent call may learn of its deadline: an in-progress record then expires with the invocation. */
export interface InvocationDeadline {
  getRemainingTimeInMillis(): number;
}

/**
 * Runs an operation once per (partner, Idempotency-Key): the same key with the same body returns the stored result,
 * with another body it is a 409, and while the first call still runs a 409 too. Without a key it simply runs.
 */
export interface IdempotentRunner {
  run<T extends Record<string, unknown> | unknown[]>(
    call: { partnerId: string; idempotencyKey: string | undefined; body: unknown; deadline: InvocationDeadline },
    operation: () => Promise<T>,
  ): Promise<T>;
}
