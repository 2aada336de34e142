// api docs → the registry entries of the native app calls: dashboard, install instructions, redemption, classic grants.
import * as v from 'valibot';
import { exampleClassicGrant, exampleEsim, examplePackage, exampleUuid } from '#shared/api/examples';
import { externalUserQuery, grantErrors, jsonOperation, pathId } from '#shared/api/operation-helpers';
import { ClassicDestinationSchema, ExternalUserBodySchema, RedeemPackageSchema } from '#shared/domain/lifecycle-schemas';
import { InstallInstructionsRequestSchema } from '#shared/domain/install/request';
import { InstallInstructionsResponseSchema } from '#shared/domain/install/response-schemas';
import {
  ClassicClaimResponseSchema,
  ClassicGrantResponseSchema,
  RedeemPackageResponseSchema,
  UserDashboardResponseSchema,
} from '#shared/domain/traveler-response-schemas';
import * as successMessages from '#shared/api/success-messages';
import { headerRefs } from '#shared/api/response-headers';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

const queueEntryId = pathId('id', 'The package queue entry id.', exampleUuid);

export const nativeAppOperations = {
  nativeUserDashboard: jsonOperation({
    summary: 'Traveler dashboard (native app)',
    description:
      "One traveler's eSIMs, packages and pending grants, for your native app. `iccid` shows another of the traveler's eSIMs (a claimed classic eSIM) as `current_esim`.",
    tag: 'Native app',
    parameters: [
      externalUserQuery,
      {
        name: 'iccid',
        in: 'query',
        required: false,
        description: "One of the traveler's eSIMs to show instead of the current one.",
        schema: { type: 'string', pattern: '^\\d{18,22}$' },
        example: '8988200000000000017',
      },
    ],
    answer: 'The dashboard.',
    message: successMessages.nativeUserDashboard,
    data: UserDashboardResponseSchema,
    example: {
      user: { user_id: 'usr_01J9Z3', external_user_id: 'user-4711', email: null, created_at: '2026-12-01T09:00:00.000Z' },
      package_queues: [],
      current_esim: exampleEsim,
      current_esim_packages: [examplePackage],
      partner: {
        partner_id: 'partner-1',
        name: 'Example Air',
        branding: { name: 'Example Air', colors: { primary: '#0b5cad', background: '#ffffff', text: '#1f1f1f' }, logo_url: null },
      },
    },
    // A traveler with nothing yet gets an empty dashboard (decision 28), not user_not_found.
    errors: ['validation_error', 'esim_not_found'],
  }),
  nativeInstructions: jsonOperation({
    summary: "Install instructions for the traveler's eSIM (native app)",
    description:
      "Device- and OS-specific steps for the traveler's current eSIM: one-tap link where the platform offers one, QR code (PNG data URL), the activation code split for manual entry, in the partner's brand. `format` json (default) answers structured steps; html answers a ready page. " +
      'Language: `locale`, else Accept-Language, else the `locale` of the booking that granted the eSIM, else English.',
    tag: 'Native app',
    request: {
      schema: InstallInstructionsRequestSchema,
      example: { external_user_id: 'user-4711', deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.5', format: 'json', locale: 'en' },
    },
    answer: 'The instructions, as structured steps (json) or a page (html).',
    headers: headerRefs('Content-Language', 'Vary'),
    message: successMessages.nativeInstructions,
    data: InstallInstructionsResponseSchema,
    example: {
      format: 'html',
      locale: 'en',
      content_type: 'text/html; charset=utf-8',
      html: '<!doctype html><html lang="en">…</html>',
    },
    errors: ['validation_error', 'user_not_found', 'esim_not_found'],
  }),
  nativeRedeemPackage: jsonOperation({
    summary: 'Redeem a package queue entry (native app)',
    description:
      'Redeems a pending universal grant of the traveler and provisions its package. Emits promo_code.redeemed. An entry without a ' +
      'destination needs the one the traveler chose in `destination` (else 409 destination_required); one without a size gets the ' +
      "partner's default package size.",
    tag: 'Native app',
    request: { schema: RedeemPackageSchema, example: { external_user_id: 'user-4711', package_queue_id: exampleUuid } },
    answer: 'The redeemed entry and the eSIM it is on.',
    message: successMessages.nativeRedeemPackage,
    data: RedeemPackageResponseSchema,
    example: {
      packageQueue: { id: exampleUuid, uuid: exampleUuid, status: 'redeemed' },
      current_esim: exampleEsim,
      current_esim_packages: [examplePackage],
    },
    errors: [
      ...grantErrors,
      'classic_grant_must_be_claimed',
      'destination_required',
      'package_duration_required',
      'package_limit_reached',
      'provider_unavailable',
    ],
  }),
  listClassicPackageQueues: jsonOperation({
    summary: 'List classic grants (native app)',
    description: "The traveler's classic eSIM grants.",
    tag: 'Native app',
    parameters: [externalUserQuery],
    answer: 'The classic grants.',
    message: successMessages.listClassicPackageQueues,
    data: v.array(ClassicGrantResponseSchema),
    example: [exampleClassicGrant],
    errors: ['validation_error'],
  }),
  setClassicPackageQueueDestination: jsonOperation({
    summary: 'Set the destination of a classic grant (native app)',
    description: 'A classic grant needs a destination before it is claimed.',
    tag: 'Native app',
    parameters: [queueEntryId],
    request: { schema: ClassicDestinationSchema, example: { external_user_id: 'user-4711', destination: 'FRA' } },
    answer: 'The grant.',
    message: successMessages.setClassicPackageQueueDestination,
    data: ClassicGrantResponseSchema,
    example: { ...exampleClassicGrant, destination: 'FRA' },
    errors: [...grantErrors, 'not_a_classic_grant', 'destination_set_by_partner'],
  }),
  claimClassicPackageQueue: jsonOperation({
    summary: 'Claim a classic grant (native app)',
    description: 'Attaches the package to a matching eSIM of the traveler or a new one. Emits classic_package_queue.claimed.',
    tag: 'Native app',
    parameters: [queueEntryId],
    request: { schema: ExternalUserBodySchema, example: { external_user_id: 'user-4711' } },
    answer: 'The claim.',
    message: successMessages.claimClassicPackageQueue,
    data: ClassicClaimResponseSchema,
    example: { queue_id: exampleUuid, iccid: '8988247000001234567', is_top_up: false, user_id: 'usr_01J9Z3' },
    errors: [
      ...grantErrors,
      'not_a_classic_grant',
      'destination_required',
      'package_duration_required',
      'package_limit_reached',
      'provider_unavailable',
    ],
  }),
} satisfies Partial<Record<OperationName, OperationDoc>>;
