// provider adapter → a simulated payment provider: every charge succeeds with a payment id from its key.
import { createHash } from 'node:crypto';
import type { PaymentProvider } from '#shared/usecases/ports/lifecycle';

export const simulatedPayments = (): PaymentProvider => ({
  async charge({ idempotencyKey }) {
    return { paymentId: `pay_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
  },
});
