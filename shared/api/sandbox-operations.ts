// api docs → the registry entries of the sandbox: one route per traveler-side step, played for the partner's own travelers.
import { exampleUuid } from '#shared/api/examples';
import { factErrors, jsonOperation } from '#shared/api/operation-helpers';
import type { JsonOperation } from '#shared/api/operation-types';
import { sandboxStepPlayed } from '#shared/api/success-messages';
import { sandboxSchemas, type SandboxStep } from '#shared/domain/lifecycle-schemas';
import { sandboxResponseSchemas } from '#shared/domain/traveler-response-schemas';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

const sandboxExamples: Record<SandboxStep, unknown> = {
  'redeem-promo-code': { code: 'SUMMER-7K2Q', external_user_id: 'user-4711' },
  'install-esim': { external_user_id: 'user-4711' },
  'remove-esim': { external_user_id: 'user-4711' },
  'activate-package': { external_user_id: 'user-4711' },
  'report-usage': { package_id: 'pkg_01J9Z3', percent: 80 },
  purchase: { external_user_id: 'user-4711', destination: 'FRA', amount: 499, currency: 'EUR' },
  topup: { external_user_id: 'user-4711', amount: 299, currency: 'EUR' },
  'claim-classic': { external_user_id: 'user-4711', queue_id: exampleUuid },
};

const sandboxResponseExamples: Record<SandboxStep, unknown> = {
  'redeem-promo-code': {
    redeemed_by: 'user-4711',
    promo_code_id: exampleUuid,
    package_id: 'pkg_01J9Z3',
    package_queue_uuid: null,
    iccid: '8988247000001234567',
  },
  'install-esim': { iccid: '8988247000001234567', state: 'installed' },
  'remove-esim': { iccid: '8988247000001234567', state: 'removed' },
  'activate-package': {
    package_id: 'pkg_01J9Z3',
    iccid: '8988247000001234567',
    activated_at: '2026-12-20T10:30:00.000Z',
    expires_at: '2026-12-27T10:30:00.000Z',
  },
  'report-usage': { package_id: 'pkg_01J9Z3', used_bytes: 858993459, state: 'active', events: ['package.usage.80_percent'] },
  purchase: { payment_id: 'pay_01J9Z3', iccid: '8988247000001234567', package_id: 'pkg_01J9Z4', event: 'package.purchased' },
  topup: { payment_id: 'pay_01J9Z5', iccid: '8988247000001234567', package_id: 'pkg_01J9Z6' },
  'claim-classic': { queue_id: exampleUuid, iccid: '8988247000001234567', is_top_up: false, user_id: 'usr_01J9Z3' },
};

const sandboxStep = (step: SandboxStep, summary: string): JsonOperation =>
  jsonOperation({
    summary: `Sandbox: ${summary}`,
    description:
      `Plays the traveler-side step \`${step}\` for one of your travelers, as the real reporters would, so you can test your ` +
      'integration and webhooks end to end. Not served in production (404 there).',
    tag: 'Sandbox',
    request: { schema: sandboxSchemas[step], example: sandboxExamples[step] },
    answer: 'What the step did.',
    message: sandboxStepPlayed(step),
    data: sandboxResponseSchemas[step],
    example: sandboxResponseExamples[step],
    errors: ['route_not_found', 'identifiers_disagree', ...factErrors, 'not_a_classic_grant', 'destination_required'],
  });

export const sandboxOperations = {
  sandboxRedeemPromoCode: sandboxStep('redeem-promo-code', 'redeem a promo code'),
  sandboxInstallEsim: sandboxStep('install-esim', 'install the eSIM'),
  sandboxRemoveEsim: sandboxStep('remove-esim', 'remove the eSIM'),
  sandboxActivatePackage: sandboxStep('activate-package', 'activate a package'),
  sandboxReportUsage: sandboxStep('report-usage', 'report usage: a share of the data, or of the duration of an unlimited or time-limited package'),
  sandboxPurchase: sandboxStep('purchase', 'a purchase'),
  sandboxTopup: sandboxStep('topup', 'a top-up'),
  sandboxClaimClassic: sandboxStep('claim-classic', 'claim a classic grant'),
} satisfies Partial<Record<OperationName, OperationDoc>>;
