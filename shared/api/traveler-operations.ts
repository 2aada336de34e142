// api docs → the registry entries of the catalog, traveler lifecycle, sandbox, promo code and web app routes.
// Merged into `operations` (shared/api/operations.ts); same rules: one entry per route of shared/routes.ts.
import * as v from 'valibot';
import type { JsonOperation, OperationDoc, PageOperation, Parameter } from '#shared/api/operation-types';
import { envelope } from '#shared/api/operation-types';
import { exampleBookingResponse } from '#shared/api/examples';
import { DeviceCompatibilityRequestSchema } from '#shared/domain/device-compatibility-schema';
import {
  ClassicDestinationSchema,
  ExternalUserBodySchema,
  FactSchema,
  RedeemPackageSchema,
  sandboxSchemas,
  type SandboxStep,
} from '#shared/domain/lifecycle-schemas';
import { ClaimPromoCodeSchema } from '#shared/domain/promo-code-schemas';
import { CreateRedirectTokenSchema } from '#shared/domain/redirect-token-schemas';
import type { ErrorCode } from '#shared/errors';
import {
  ClassicClaimResponseSchema,
  ClassicGrantResponseSchema,
  CompatibilityResponseSchema,
  DestinationDetailResponseSchema,
  DestinationResponseSchema,
  DeviceListResponseSchema,
  IngestResultSchema,
  PromoCodeClaimResponseSchema,
  PromoCodeDetailResponseSchema,
  RedeemPackageResponseSchema,
  RedirectTokenResponseSchema,
  sandboxResponseSchemas,
  UserDashboardResponseSchema,
} from '#shared/domain/traveler-response-schemas';
import { InstallInstructionsRequestSchema } from '#shared/domain/install/request';
import { InstallInstructionsResponseSchema } from '#shared/domain/install/response-schemas';

const json = (
  doc: Omit<JsonOperation, 'kind' | 'response'> & { status?: number; message: string; data: v.GenericSchema; example: unknown; answer: string },
): JsonOperation => {
  const { status = 200, message, data, example, answer, ...rest } = doc;
  return {
    kind: 'json',
    ...rest,
    response: { status, description: answer, schema: envelope(data), example: { success: true, message, data: example } },
  };
};

const externalUserQuery: Parameter = {
  name: 'external_user_id',
  in: 'query',
  required: true,
  description: 'Your id of the traveler.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  example: 'user-4711',
};
const pathId = (name: string, description: string, example: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 255 },
  example,
});
const localeQuery: Parameter = {
  name: 'locale',
  in: 'query',
  description: 'Language of destination names (en, de, fr); wins over Accept-Language.',
  schema: { type: 'string', maxLength: 35 },
  example: 'fr',
};
const acceptLanguage: Parameter = {
  name: 'Accept-Language',
  in: 'header',
  description: 'Language of destination names (en, de, fr); English when absent or unsupported.',
  schema: { type: 'string', maxLength: 255 },
  example: 'de',
};

/** The uuid every example uses, so the examples of one flow fit together. */
const exampleUuid = '5b0c6a8e-2f43-4d2a-9a5e-8f7b1c2d3e4f';
const queueEntryId = pathId('id', 'The package queue entry id.', exampleUuid);
const promoCodeUuid = pathId('uuid', '`uuid` of the promo code.', exampleUuid);

const exampleDestination = {
  id: 'FRA',
  type: 'country',
  name: 'France',
  iso3: 'FRA',
  iso2: 'FR',
  regions: ['europe'],
  countries: ['FRA'],
  bundle_count: 1,
};
const exampleDevice = {
  brand: 'Apple',
  model: 'iPhone 15',
  os: 'iOS',
  device_type: 'phone',
  min_os_version: null,
  notes: null,
};
const exampleEsim = {
  iccid: '8988247000001234567',
  esim_type: 'universal',
  status: 'installed',
  is_installed: true,
  activation_code: 'LPA:1$smdp.example.com$ABC123',
  destination: null,
  created_at: '2026-12-01T09:00:00.000Z',
};
const examplePackage = {
  package_id: 'pkg_01J9Z3',
  iccid: '8988247000001234567',
  status: 'active',
  package_type: 'data-limited',
  destination: 'FRA',
  size: '1GB',
  package_duration: 7,
  used_bytes: 0,
  remaining_bytes: 1073741824,
  usage_percent: 0,
  activated_at: '2026-12-20T10:30:00.000Z',
  expires_at: '2026-12-27T10:30:00.000Z',
  package_queue_uuid: exampleUuid,
  promo_code_id: '6c1d7b9f-3a54-4e3b-8b6f-9a8c2d3e4f50',
};
const exampleClassicGrant = {
  queue_id: exampleUuid,
  booking_id: exampleBookingResponse.id,
  status: 'pending',
  destination: null,
  package_type: 'data-limited',
  size: '2GB',
  package_duration: 365,
  expires_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
};

/** The native calls name the traveler by external_user_id: unknown → user_not_found (redirect tokens use traveler_not_found). */
const travelerErrors: ErrorCode[] = ['user_not_found'];
const grantErrors: ErrorCode[] = [
  ...travelerErrors,
  'package_queue_not_found',
  'package_queue_not_pending',
  'package_queue_expired',
  'concurrent_modification',
];

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

/** What a traveler-side fact can be refused with, reported (POST /ingest/facts) or played (sandbox). */
const factErrors: ErrorCode[] = [
  'promo_code_required',
  'promo_code_not_found',
  'promo_code_already_redeemed',
  'classic_grant_must_be_claimed',
  'traveler_required',
  'iccid_required',
  'iccid_not_found',
  'esim_not_found',
  'esim_already_installed',
  'esim_not_installed',
  'no_esim',
  'no_queued_package',
  'package_not_found',
  'package_not_queued',
  'package_not_active',
  'invalid_amount',
  'invalid_currency',
  'provider_unavailable',
  ...grantErrors,
];

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
  json({
    summary: `Sandbox: ${summary}`,
    description:
      `Plays the traveler-side step \`${step}\` for one of your travelers, as the real reporters would, so you can test your ` +
      'integration and webhooks end to end. Not served in production (404 there).',
    tag: 'Sandbox',
    request: { schema: sandboxSchemas[step], example: sandboxExamples[step] },
    answer: 'What the step did.',
    message: `Sandbox step ${step} played.`,
    data: sandboxResponseSchemas[step],
    example: sandboxResponseExamples[step],
    errors: ['route_not_found', 'identifiers_disagree', ...factErrors, 'not_a_classic_grant', 'destination_required'],
  });

const page = (summary: string, description: string, parameters?: Parameter[]): PageOperation => ({
  kind: 'page',
  summary,
  description,
  tag: 'Traveler web app',
  ...(parameters ? { parameters } : {}),
});

export const travelerOperations: Record<string, OperationDoc> = {
  listDestinations: json({
    summary: 'List destinations',
    description: 'Every destination of the catalog with its packages, names in the requested language.',
    tag: 'Catalog',
    parameters: [localeQuery, acceptLanguage],
    answer: 'The destinations.',
    message: 'Destinations retrieved successfully.',
    data: v.array(DestinationResponseSchema),
    example: [exampleDestination],
    errors: ['validation_error'],
  }),
  getDestination: json({
    summary: 'Get a destination',
    description: 'One destination with its packages and the countries it covers.',
    tag: 'Catalog',
    parameters: [pathId('id', 'Destination id (ISO3 country code or region id).', 'FRA'), localeQuery, acceptLanguage],
    answer: 'The destination.',
    message: 'Destination retrieved successfully.',
    data: DestinationDetailResponseSchema,
    example: {
      ...exampleDestination,
      bundles: [
        {
          id: 'pkg-fra-1gb-7d',
          destination: 'FRA',
          package_type: 'data-limited',
          size: '1GB',
          package_duration: 7,
          traffic_policy: null,
          price: 450,
          currency: 'EUR',
          countries: ['FRA'],
        },
      ],
    },
    errors: ['validation_error', 'destination_not_found'],
  }),
  listCompatibleDevices: json({
    summary: 'List eSIM-capable devices',
    description: 'The dated list of devices known to support eSIM, with its sources.',
    tag: 'Catalog',
    answer: 'The device list.',
    message: 'Compatible devices retrieved successfully.',
    data: DeviceListResponseSchema,
    example: {
      updated: '2026-11-01',
      sources: [{ name: 'Apple Support', url: 'https://support.apple.com' }],
      devices: [exampleDevice],
    },
    errors: [],
  }),
  checkDeviceCompatibility: json({
    summary: 'Check a device',
    description: 'Whether a phone can use an eSIM, and why not in words a traveler can act on.',
    tag: 'Catalog',
    request: {
      schema: DeviceCompatibilityRequestSchema,
      example: { phone_brand: 'Apple', phone_model: 'iPhone 15', phone_os: 'iOS', os_version: '17.4' },
    },
    answer: 'The verdict.',
    message: 'The device supports eSIM.',
    data: CompatibilityResponseSchema,
    example: {
      phone_brand: 'Apple',
      phone_model: 'iPhone 15',
      phone_os: 'iOS',
      os_version: '17.4',
      is_compatible: true,
      reason_code: null,
      reason: null,
      device: exampleDevice,
    },
    errors: [],
  }),
  ingestFact: json({
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
    message: 'Fact recorded.',
    data: IngestResultSchema,
    example: { event_id: 'net-0001', duplicate: false, applied: true, events: ['esim.installed'] },
    errors: ['fact_not_allowed', 'identifiers_disagree', 'partner_required', ...factErrors],
  }),
  nativeUserDashboard: json({
    summary: 'Traveler dashboard (native app)',
    description: "One traveler's eSIMs, packages and pending grants, for your native app.",
    tag: 'Native app',
    parameters: [externalUserQuery],
    answer: 'The dashboard.',
    message: 'User dashboard retrieved successfully.',
    data: UserDashboardResponseSchema,
    example: {
      user: { user_id: 'usr_01J9Z3', external_user_id: 'user-4711', email: null, created_at: '2026-12-01T09:00:00.000Z' },
      package_queues: [],
      current_esim: exampleEsim,
      current_esim_packages: [examplePackage],
      partner: { partner_id: 'partner-1', name: 'Example Air' },
    },
    errors: ['validation_error', ...travelerErrors],
  }),
  nativeInstructions: json({
    summary: "Install instructions for the traveler's eSIM (native app)",
    description:
      "Device- and OS-specific steps for the traveler's current eSIM: one-tap link where the platform offers one, QR code (PNG data URL), the activation code split for manual entry, in the partner's brand. `format` json (default) answers structured steps; html answers a ready page.",
    tag: 'Native app',
    request: {
      schema: InstallInstructionsRequestSchema,
      example: { external_user_id: 'user-4711', deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.5', format: 'json', locale: 'en' },
    },
    answer: 'The instructions, as structured steps (json) or a page (html).',
    message: 'Installation instructions generated successfully.',
    data: InstallInstructionsResponseSchema,
    example: {
      format: 'html',
      locale: 'en',
      content_type: 'text/html; charset=utf-8',
      html: '<!doctype html><html lang="en">…</html>',
    },
    errors: ['validation_error', 'user_not_found', 'esim_not_found'],
  }),
  nativeRedeemPackage: json({
    summary: 'Redeem a package queue entry (native app)',
    description: 'Redeems a pending universal grant of the traveler and provisions its package. Emits promo_code.redeemed.',
    tag: 'Native app',
    request: { schema: RedeemPackageSchema, example: { external_user_id: 'user-4711', package_queue_id: exampleUuid } },
    answer: 'The redeemed entry and the eSIM it is on.',
    message: 'Package redeemed successfully.',
    data: RedeemPackageResponseSchema,
    example: {
      packageQueue: { id: exampleUuid, uuid: exampleUuid, status: 'redeemed' },
      current_esim: exampleEsim,
      current_esim_packages: [examplePackage],
    },
    errors: [...grantErrors, 'classic_grant_must_be_claimed', 'provider_unavailable'],
  }),
  listClassicPackageQueues: json({
    summary: 'List classic grants (native app)',
    description: "The traveler's classic eSIM grants.",
    tag: 'Native app',
    parameters: [externalUserQuery],
    answer: 'The classic grants.',
    message: 'Classic package queues retrieved successfully.',
    data: v.array(ClassicGrantResponseSchema),
    example: [exampleClassicGrant],
    errors: ['validation_error', ...travelerErrors],
  }),
  setClassicPackageQueueDestination: json({
    summary: 'Set the destination of a classic grant (native app)',
    description: 'A classic grant needs a destination before it is claimed.',
    tag: 'Native app',
    parameters: [queueEntryId],
    request: { schema: ClassicDestinationSchema, example: { external_user_id: 'user-4711', destination: 'FRA' } },
    answer: 'The grant.',
    message: 'Destination set.',
    data: ClassicGrantResponseSchema,
    example: { ...exampleClassicGrant, destination: 'FRA' },
    errors: [...grantErrors, 'not_a_classic_grant'],
  }),
  claimClassicPackageQueue: json({
    summary: 'Claim a classic grant (native app)',
    description: 'Attaches the package to a matching eSIM of the traveler or a new one. Emits classic_package_queue.claimed.',
    tag: 'Native app',
    parameters: [queueEntryId],
    request: { schema: ExternalUserBodySchema, example: { external_user_id: 'user-4711' } },
    answer: 'The claim.',
    message: 'Classic package queue claimed.',
    data: ClassicClaimResponseSchema,
    example: { queue_id: exampleUuid, iccid: '8988247000001234567', is_top_up: false, user_id: 'usr_01J9Z3' },
    errors: [...grantErrors, 'not_a_classic_grant', 'destination_required', 'provider_unavailable'],
  }),
  sandboxRedeemPromoCode: sandboxStep('redeem-promo-code', 'redeem a promo code'),
  sandboxInstallEsim: sandboxStep('install-esim', 'install the eSIM'),
  sandboxRemoveEsim: sandboxStep('remove-esim', 'remove the eSIM'),
  sandboxActivatePackage: sandboxStep('activate-package', 'activate a package'),
  sandboxReportUsage: sandboxStep('report-usage', 'report usage: a share of the data, or of the duration of an unlimited or time-limited package'),
  sandboxPurchase: sandboxStep('purchase', 'a purchase'),
  sandboxTopup: sandboxStep('topup', 'a top-up'),
  sandboxClaimClassic: sandboxStep('claim-classic', 'claim a classic grant'),
  getPromoCode: json({
    summary: 'Get a promo code',
    description: 'One promo code as in BookingResponse, with its booking and whether a traveler claimed it.',
    tag: 'Promo codes',
    parameters: [pathId('id', '`uuid` of the promo code.', exampleUuid)],
    answer: 'The promo code.',
    message: 'Promo code retrieved successfully.',
    data: PromoCodeDetailResponseSchema,
    example: {
      ...exampleBookingResponse.promo_codes[0],
      booking_id: exampleBookingResponse.id,
      external_booking_id: exampleBookingResponse.booking_id,
      claimed_email: null,
      claimed_at: null,
    },
    errors: ['promo_code_not_found'],
  }),
  claimPromoCode: json({
    summary: 'Claim a promo code by email (traveler)',
    description: 'Public: the traveler holding a claim URL has the code sent to an email address. Throttled per code and per address.',
    tag: 'Promo codes',
    parameters: [pathId('uuid', '`uuid` of the promo code (from `claim_url`).', exampleUuid)],
    request: { schema: ClaimPromoCodeSchema, example: { email: 'ada@example.com' } },
    answer: 'Sent.',
    message: 'The promo code was sent to ada@example.com.',
    data: PromoCodeClaimResponseSchema,
    example: { uuid: exampleUuid, email: 'ada@example.com', claimed_at: '2026-12-01T09:00:00.000Z' },
    errors: ['promo_code_not_found', 'promo_code_already_claimed', 'promo_code_already_redeemed'],
  }),
  createRedirectToken: json({
    summary: 'Create a web app sign-in URL',
    description: 'A single-use URL that signs the traveler into the web app (WebView integration).',
    tag: 'Traveler web app',
    request: { schema: CreateRedirectTokenSchema, example: { external_user_id: 'user-4711' } },
    status: 201,
    answer: 'The token and its URL.',
    message: 'Redirect token created.',
    data: RedirectTokenResponseSchema,
    example: {
      token: 'v1.partner-1.bm9uY2U.1796549400.c2lnbmF0dXJl',
      expires_at: '2026-12-01T09:05:00.000Z',
      url: 'https://api.example.com/api/app/start?token=v1.partner-1.bm9uY2U.1796549400.c2lnbmF0dXJl',
      external_user_id: 'user-4711',
    },
    errors: ['traveler_not_found', 'traveler_ambiguous'],
  }),
  webStart: page(
    'Web app: sign in with a redirect token',
    'Exchanges the single-use token for a session cookie and redirects (303) to the home page.',
  ),
  webHome: page('Web app: home', "The signed-in traveler's eSIMs and packages. Needs the session cookie."),
  webInstall: page(
    'Web app: install the eSIM',
    "Device-specific steps, QR code and one-tap link for the signed-in traveler's eSIM (the renderer of POST /native/instructions). The device comes from the User-Agent unless the picker chose one. Needs the session cookie.",
    [
      {
        name: 'platform',
        in: 'query',
        required: false,
        description: 'Device picker: `iphone`, `ipad`, `android` or `other`.',
        schema: { type: 'string', maxLength: 16 },
        example: 'iphone',
      },
      {
        name: 'os_version',
        in: 'query',
        required: false,
        description: 'Device picker: the OS version.',
        schema: { type: 'string', maxLength: 16 },
        example: '17.5',
      },
    ],
  ),
  webShop: page('Web app: shop', "The catalog's bundles for a destination, with prices in the traveler's language. Needs the session cookie.", [
    {
      name: 'destination',
      in: 'query',
      required: false,
      description: 'Destination id (ISO3 or region id).',
      schema: { type: 'string', maxLength: 64 },
      example: 'FRA',
    },
  ]),
  webShopCheckout: page(
    'Web app: buy a bundle',
    'The shop form posts here (CSRF token and a per-form nonce, so a double submission charges once). Pays through the payment port and fires package.purchased (first purchase for the destination, with package_queue_uuid) or topup.completed.',
  ),
  webSignOut: page('Web app: sign out', 'Ends the session and redirects (303).'),
  webClaimPage: page('Web app: claim form', 'The email form of a promo code claim URL.', [promoCodeUuid]),
  webClaimSubmit: page('Web app: submit a claim', 'The claim form posts here (CSRF token required).', [promoCodeUuid]),
  webBrandStyle: {
    ...page('Web app: brand stylesheet', "The partner brand's colours as CSS.", [
      pathId('partner', 'Partner id.', 'partner-1'),
      pathId('brand', 'Brand id, with its content hash.', 'default'),
    ]),
    contentType: 'text/css',
  },
  webAsset: {
    ...page('Web app: static asset', 'The content-hashed stylesheet.', [pathId('file', 'File name.', 'app.css')]),
    contentType: 'text/css',
  },
  webNotFound: page('Web app: not found', 'Any other path under /app: an HTML 404 page.', [pathId('proxy', 'The rest of the path.', 'unknown')]),
};
