// api docs → the registry entry of fact ingestion: reporters (network, eSIM platform, payments) report traveler-side facts.
import { factErrors, jsonOperation } from '#shared/api/operation-helpers';
import { FactSchema } from '#shared/domain/lifecycle-schemas';
import { IngestResultSchema } from '#shared/domain/traveler-response-schemas';
import * as successMessages from '#shared/api/success-messages';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

export const ingestionOperations = {
  ingestFact: jsonOperation({
    summary: 'Report a traveler-side fact',
    description:
      'For reporters (network, eSIM platform, payment provider), signed with reporter credentials: an eSIM installed or removed, a package ' +
      'activated or used, a promo code redeemed, a purchase or top-up. Idempotent on `event_id`.',
    tag: 'Ingestion',
    request: {
      schema: FactSchema,
      example: { type: 'esim.installed', event_id: 'net-0001', occurred_at: '2026-12-20T10:30:00Z', iccid: '8988247000001234567' },
    },
    answer: 'Recorded, or recognised as a duplicate.',
    message: successMessages.ingestFact({ duplicate: false }),
    data: IngestResultSchema,
    example: { event_id: 'net-0001', duplicate: false, applied: true, events: ['esim.installed'] },
    // A reporter names its own payment ids; the sandbox makes a fresh one per step, so only here can one repeat.
    errors: ['fact_not_allowed', 'identifiers_disagree', 'partner_not_found', 'payment_already_recorded', ...factErrors],
  }),
} satisfies Partial<Record<OperationName, OperationDoc>>;
