// api docs → the registry entries of the traveler web app: the sign-in URL a partner creates, and the pages.
import { exampleUuid } from '#shared/api/examples';
import { formRefused, jsonOperation, pageOperation, pathId, sessionEnded } from '#shared/api/operation-helpers';
import { CreateRedirectTokenSchema } from '#shared/domain/redirect-token-schemas';
import { stylesheetFile } from '#shared/web/assets.generated';
import { exampleRedirectToken } from '#shared/api/examples';
import { RedirectTokenResponseSchema } from '#shared/domain/traveler-response-schemas';
import * as successMessages from '#shared/api/success-messages';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

const promoCodeUuid = pathId('uuid', '`uuid` of the promo code.', exampleUuid);

export const webAppOperations = {
  createRedirectToken: jsonOperation({
    summary: 'Create a web app sign-in URL',
    description: 'A single-use URL that signs the traveler into the web app (WebView integration).',
    tag: 'Traveler web app',
    request: { schema: CreateRedirectTokenSchema, example: { external_user_id: 'user-4711' } },
    status: 201,
    answer: 'The token and its URL.',
    message: successMessages.createRedirectToken,
    data: RedirectTokenResponseSchema,
    example: {
      token: exampleRedirectToken,
      expires_at: '2026-12-01T09:05:00.000Z',
      url: `https://api.example.com/api/app/start?token=${exampleRedirectToken}`,
      external_user_id: 'user-4711',
    },
    errors: ['traveler_not_found', 'traveler_ambiguous'],
  }),
  webStart: pageOperation(
    'Web app: sign in with a redirect token',
    'Exchanges the single-use token for a session cookie and redirects (303) to the home page.',
    {
      303: 'Signed in: the session cookie is set and Location is the home page (/app).',
      400: 'The token is missing, malformed or not valid: a page that says so.',
      410: 'The token has expired or was already used: a page that says so.',
    },
    [
      {
        name: 'token',
        in: 'query',
        required: true,
        description: 'The `token` of POST /redirect-tokens/create (its `url` carries it already).',
        schema: { type: 'string', maxLength: 300 },
        example: exampleRedirectToken,
      },
    ],
  ),
  webHome: pageOperation('Web app: home', "The signed-in traveler's eSIMs and packages. Needs the session cookie.", {
    200: 'The home page.',
    401: sessionEnded,
  }),
  webInstall: pageOperation(
    'Web app: install the eSIM',
    "Device-specific steps, QR code and one-tap link for the signed-in traveler's eSIM (the renderer of POST /native/instructions). The device comes from the User-Agent unless the picker chose one. Needs the session cookie.",
    { 200: 'The install page.', 401: sessionEnded },
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
      {
        name: 'esim',
        in: 'query',
        required: false,
        description:
          "Another of the traveler's eSIMs (a classic eSIM claimed beside the current one), as the home page links it: a reference sealed with the session, never the ICCID. An altered one, or one of another session, is 404.",
        schema: { type: 'string', maxLength: 120 },
        example: 'q3Zk0l9Xb2N1c2VkLWV4YW1wbGUtcmVmZXJlbmNlLTAwMDE',
      },
    ],
  ),
  webShop: pageOperation(
    'Web app: shop',
    "The catalog's bundles for a destination, with prices in the traveler's language. Needs the session cookie.",
    { 200: 'The shop page.', 401: sessionEnded },
    [
      {
        name: 'destination',
        in: 'query',
        required: false,
        description: 'Destination id (ISO3 or region id).',
        schema: { type: 'string', maxLength: 64 },
        example: 'FRA',
      },
    ],
  ),
  webShopCheckout: pageOperation(
    'Web app: buy a bundle',
    'The shop form posts here (CSRF token and a per-form nonce, so a double submission charges once). Pays through the payment port and fires package.purchased (first purchase for the destination, with package_queue_uuid) or topup.completed.',
    {
      200: 'Bought: a page that says what happens next.',
      400: 'The nonce, destination or bundle of the form is malformed.',
      401: sessionEnded,
      403: formRefused,
      404: 'The bundle is no longer in the catalog.',
    },
  ),
  webSignOut: pageOperation('Web app: sign out', 'The sign-out form posts here (CSRF token required): ends the session and says so.', {
    200: 'Signed out: the session cookie is cleared.',
    401: sessionEnded,
    403: formRefused,
  }),
  webClaimPage: pageOperation(
    'Web app: claim form',
    'The email form of a promo code claim URL.',
    {
      200: 'The email form; sets the cookie its CSRF token is bound to.',
      404: 'No promo code to claim has this uuid (unknown, malformed, or its booking has an email address).',
    },
    [promoCodeUuid],
  ),
  webClaimSubmit: pageOperation(
    'Web app: submit a claim',
    'The claim form posts here (CSRF token required).',
    {
      200: 'Sent: the code goes to the email address.',
      400: 'The email address is not valid: the form again, saying so.',
      403: formRefused,
      404: 'No promo code to claim has this uuid.',
      409: 'The promo code was already claimed.',
      429: 'Too many claims for this code or this address: a page that says to wait.',
    },
    [promoCodeUuid],
  ),
  webRedeem: pageOperation(
    'Web app: redeem a waiting package',
    "The home page's button on a waiting grant posts here (CSRF token, `package_queue_id`, `esim_type`, and `destination`, a country, for a grant that names none). A universal grant is redeemed onto the eSIM as POST /native/redeem-package does, a classic one claimed as the classic claim does (its destination set first); then a redirect (303) home.",
    {
      303: 'Redeemed or claimed: Location is the home page (/app), where the package shows on the eSIM.',
      400: 'The form is malformed, or the grant names no destination and no country was chosen: a page saying so, with a link home.',
      401: sessionEnded,
      403: formRefused,
      404: 'No waiting grant of this traveler has this id: a page saying so, with a link home.',
      409: 'The grant was already redeemed or claimed, or has expired: a page saying so, with a link home.',
    },
  ),
  webBrandStyle: {
    ...pageOperation(
      'Web app: brand stylesheet',
      "The partner brand's colours as CSS.",
      { 200: 'The stylesheet.', 404: 'No such partner or brand, or a brand without a colour: an empty answer.' },
      [pathId('partner', 'Partner id.', 'partner-1'), pathId('brand', 'Brand id, with its content hash.', 'default')],
    ),
    contentType: 'text/css',
  },
  webAsset: {
    ...pageOperation(
      'Web app: static asset',
      'The content-hashed stylesheet.',
      { 200: 'The stylesheet.', 404: 'No such file: a plain-text answer.' },
      [pathId('file', 'The content-hashed file name the pages link (it changes with the content).', stylesheetFile)],
    ),
    contentType: 'text/css',
  },
  webNotFound: pageOperation('Web app: not found', 'Any other path under /app: an HTML 404 page.', { 404: 'The not-found page.' }, [
    pathId('proxy', 'The rest of the path.', 'unknown'),
  ]),
} satisfies Partial<Record<OperationName, OperationDoc>>;
