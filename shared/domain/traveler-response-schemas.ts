// domain → what the catalog, native app, sandbox, reporter, promo code and redirect token operations answer in
// `data`, as valibot schemas: the OpenAPI document is built from them and the response builders are typed by them.
import * as v from 'valibot';
import { PromoCodeResponseSchema } from '#shared/domain/booking-response-schemas';
import { BrandingViewSchema } from '#shared/domain/install/response-schemas';
import { packageTypes } from '#shared/domain/schema-fields';

const text = (description: string) => v.pipe(v.string(), v.description(description));
const nullableText = (description: string) => v.nullable(text(description));
const instant = (description: string) => v.pipe(v.string(), v.description(`${description} ISO 8601.`));
const nullableInstant = (description: string) => v.nullable(instant(description));
const integer = (description: string) => v.pipe(v.number(), v.integer(), v.description(description));

// Catalog

export const DestinationResponseSchema = v.object({
  id: text('ISO3 country code or region id.'),
  type: v.picklist(['country', 'region']),
  name: text('Name in the served language (Content-Language).'),
  iso3: nullableText(
    "ISO3 code of a country, or a region's ISO 3166 user-assigned X-code (XEU, XAS, ...): the value a package specification's destination takes.",
  ),
  iso2: nullableText('ISO2 code of a country; null for regions.'),
  regions: v.pipe(v.array(v.string()), v.description('Regions the country belongs to.')),
  countries: v.pipe(v.array(v.string()), v.description('ISO3 codes the destination covers.')),
  bundle_count: integer('Packages of the catalog for this destination.'),
});

export const DestinationBundleResponseSchema = v.object({
  id: text('Package id (`package_id` of a package specification).'),
  destination: text('Destination id.'),
  package_type: v.picklist(packageTypes),
  size: nullableText('Data allowance, e.g. 1GB; null for unlimited packages.'),
  package_duration: integer('Days the package lasts.'),
  traffic_policy: nullableText('Traffic policy name, if any.'),
  price: integer('Price in the smallest currency unit.'),
  currency: text('ISO 4217 currency code.'),
  countries: v.array(v.string()),
});

export const DestinationDetailResponseSchema = v.object({
  ...DestinationResponseSchema.entries,
  bundles: v.array(DestinationBundleResponseSchema),
});

const deviceOs = v.picklist(['iOS', 'iPadOS', 'Android']);

export const EsimDeviceResponseSchema = v.object({
  brand: v.string(),
  model: v.string(),
  os: deviceOs,
  device_type: v.picklist(['phone', 'tablet']),
  min_os_version: nullableText('Lowest OS version with eSIM; null when every version has it.'),
  notes: nullableText('Regional variants without eSIM and other caveats.'),
  aliases: v.optional(v.array(v.string())),
});

export const DeviceListResponseSchema = v.object({
  updated: text('Date the list was last checked (YYYY-MM-DD).'),
  sources: v.array(v.object({ name: v.string(), url: v.nullable(v.string()) })),
  devices: v.array(EsimDeviceResponseSchema),
});

export const CompatibilityResponseSchema = v.object({
  phone_brand: v.string(),
  phone_model: v.string(),
  phone_os: v.string(),
  os_version: v.string(),
  is_compatible: v.boolean(),
  reason_code: v.nullable(v.picklist(['unknown_device', 'os_mismatch', 'os_version_too_old'])),
  reason: nullableText('Why not, in words a traveler can act on; null when compatible.'),
  device: v.pipe(v.nullable(EsimDeviceResponseSchema), v.description('The device of the list that matched; null when none did.')),
});

// Native app

export const EsimViewSchema = v.object({
  iccid: v.string(),
  esim_type: v.picklist(['universal', 'classic']),
  status: v.picklist(['provisioned', 'installed', 'removed']),
  is_installed: v.boolean(),
  activation_code: nullableText('LPA activation code.'),
  destination: nullableText('Destination of a classic eSIM; null for the universal one.'),
  created_at: instant('When the eSIM was provisioned.'),
});

export const PackageViewSchema = v.object({
  package_id: v.string(),
  iccid: v.string(),
  status: v.picklist(['queued', 'active', 'depleted', 'expired']),
  package_type: v.picklist(packageTypes),
  destination: v.nullable(v.string()),
  size: v.nullable(v.string()),
  package_duration: integer('Days the package lasts.'),
  used_bytes: integer('Bytes used so far.'),
  remaining_bytes: v.nullable(integer('Bytes left to use: 0 once the package expired; null without a data allowance.')),
  usage_percent: v.pipe(
    v.number(),
    v.description(
      'Share used: of the data, or of the validity for unlimited packages; for time-limited ones the further of the two; 100 once depleted.',
    ),
  ),
  activated_at: nullableInstant('When it was activated.'),
  expires_at: nullableInstant('When it expires.'),
  package_queue_uuid: v.nullable(v.string()),
  promo_code_id: v.nullable(v.string()),
});

const queueState = v.picklist(['pending', 'redeemed', 'claimed', 'expired']);

export const UserDashboardResponseSchema = v.object({
  user: v.object({
    user_id: nullableText("The service's user id; null until the traveler first redeems."),
    external_user_id: v.string(),
    email: v.nullable(v.string()),
    created_at: nullableInstant('When the traveler was created.'),
  }),
  package_queues: v.array(
    v.object({
      id: text('What POST /native/redeem-package takes as package_queue_id.'),
      uuid: v.string(),
      booking_id: v.string(),
      esim_type: v.picklist(['universal', 'classic']),
      status: queueState,
      package_type: v.picklist(packageTypes),
      size: v.nullable(v.string()),
      package_duration: v.nullable(integer('Days the package lasts.')),
      destination: v.nullable(v.string()),
      expires_at: nullableInstant('End of the redemption window.'),
      promo_code_id: v.string(),
      created_at: instant('When the entry was created.'),
    }),
  ),
  current_esim: v.nullable(EsimViewSchema),
  current_esim_packages: v.array(PackageViewSchema),
  partner: v.object({ partner_id: v.string(), name: v.string(), branding: BrandingViewSchema }),
});

export const RedeemPackageResponseSchema = v.object({
  packageQueue: v.object({ id: v.string(), uuid: v.string(), status: v.literal('redeemed') }),
  current_esim: v.nullable(EsimViewSchema),
  current_esim_packages: v.array(PackageViewSchema),
});

export const ClassicGrantResponseSchema = v.object({
  queue_id: v.string(),
  booking_id: v.string(),
  status: queueState,
  destination: v.nullable(v.string()),
  package_type: v.picklist(packageTypes),
  size: v.nullable(v.string()),
  package_duration: v.nullable(integer('Days the package lasts.')),
  expires_at: nullableInstant('End of the redemption window.'),
  created_at: instant('When the grant was created.'),
});

export const ClassicClaimResponseSchema = v.object({
  queue_id: v.string(),
  iccid: text('ICCID of the eSIM the package is on.'),
  is_top_up: v.pipe(v.boolean(), v.description('True when attached to an existing matching eSIM.')),
  user_id: v.string(),
});

// Reporters and sandbox

export const IngestResultSchema = v.object({
  event_id: v.string(),
  duplicate: v.pipe(v.boolean(), v.description('The fact was seen before: nothing changed, nothing fired.')),
  applied: v.pipe(v.boolean(), v.description('The fact moved state.')),
  events: v.pipe(v.array(v.string()), v.description('Webhook events the fact emitted.')),
});

export const sandboxResponseSchemas = {
  'redeem-promo-code': v.object({
    redeemed_by: v.string(),
    promo_code_id: v.string(),
    package_id: v.string(),
    package_queue_uuid: v.nullable(v.string()),
    iccid: v.string(),
  }),
  'install-esim': v.object({ iccid: v.string(), state: v.picklist(['provisioned', 'installed', 'removed']) }),
  'remove-esim': v.object({ iccid: v.string(), state: v.picklist(['provisioned', 'installed', 'removed']) }),
  'activate-package': v.object({
    package_id: v.string(),
    iccid: v.string(),
    activated_at: v.nullable(v.string()),
    expires_at: v.nullable(v.string()),
  }),
  'report-usage': v.object({
    package_id: v.string(),
    used_bytes: v.number(),
    state: v.picklist(['queued', 'active', 'depleted', 'expired']),
    events: v.array(v.string()),
  }),
  purchase: v.object({ payment_id: v.string(), iccid: v.string(), package_id: v.string(), event: v.nullable(v.string()) }),
  topup: v.object({ payment_id: v.string(), iccid: v.string(), package_id: v.string() }),
  'claim-classic': ClassicClaimResponseSchema,
} as const;

// Promo codes and the web app

export const PromoCodeDetailResponseSchema = v.object({
  ...PromoCodeResponseSchema.pipe[0].entries,
  booking_id: text("The service's booking id."),
  external_booking_id: nullableText('Your booking_id.'),
  claimed_email: nullableText('Email address the code was sent to by a claim.'),
  claimed_at: nullableInstant('When it was claimed.'),
});

export const PromoCodeClaimResponseSchema = v.object({ uuid: v.string(), email: v.string(), claimed_at: instant('When it was claimed.') });

export const RedirectTokenResponseSchema = v.object({
  token: text('The single-use token (also in url).'),
  expires_at: instant('When the token expires.'),
  url: text('Open this in the WebView: it signs the traveler in.'),
  external_user_id: nullableText('The traveler the token signs in.'),
});
