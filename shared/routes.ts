// route table → the one list of HTTP operations; the CDK stack and the local runtime are both built from it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `partner`: HMAC-signed partner request. `public`: no credentials and no storage unless it names `resources` (static assets, public claim).
 * `reporter`: HMAC-signed like partners, with a reporter's own credentials (network, eSIM platform, payments).
 * `public-page`: a web app page anyone may open; it reads and writes the table (token entry, claim form).
 * `traveler-session`: a web app page behind the traveler's session cookie (docs/web-app.md).
 * `smdp`: an SM-DP+ calling over mutual TLS; the function admits only client certificates on the provider
 * secret's allow-list (docs/providers.md, Notifications).
 * `portal-session`: the partner portal's pages behind a portal session cookie, opened by a single-use link (docs/webhooks.md).
 */
export type AuthMode = 'partner' | 'public' | 'reporter' | 'public-page' | 'traveler-session' | 'smdp' | 'esimgo' | 'portal-session';

/**
 * What a function needs beyond what its auth mode gives (partner routes always get the table and decryption with the
 * secret key). `secretEncryption`: it also encrypts new secrets with that key (webhook signing-secret rotation).
 * `secretDecryption`: it decrypts with that key without being a partner route (the install page shows an eSIM's
 * encrypted confirmation code). `provider`: it reaches the stage's connectivity provider, so it reads the provider's
 * secret (and, over ES2+, encrypts the confirmation codes it receives); no other function is granted that secret.
 */
export type RouteResource = 'table' | 'secretEncryption' | 'secretDecryption' | 'provider';

/**
 * What a route's function may do to the table (docs/operations.md, Least privilege). `read`: GetItem,
 * BatchGetItem, Query, ConditionCheckItem. `readWrite`: also PutItem, UpdateItem, DeleteItem, BatchWriteItem
 * (transactions are authorised per item by these). `none`: no table. Scan is never granted.
 * Partner and reporter authentication's own reads and single-use signature writes come with the auth mode.
 */
export type TableAccess = 'none' | 'read' | 'readWrite';

/** Access of a route that declares none, by auth mode: partner routes read (a route that writes says so). */
const defaultAccessByAuth: Record<AuthMode, TableAccess> = {
  partner: 'read',
  reporter: 'readWrite',
  'public-page': 'readWrite',
  'traveler-session': 'readWrite',
  smdp: 'readWrite',
  esimgo: 'readWrite',
  'portal-session': 'read',
  public: 'none',
};

/** The table access a route gets: declared, or `resources: ['table']` (read-write), or its auth mode's default. */
export const tableAccessOf = (route: Pick<RouteDefinition, 'access' | 'auth' | 'resources'>): TableAccess =>
  route.access ?? (route.resources?.includes('table') ? 'readWrite' : defaultAccessByAuth[route.auth]);

export interface RouteDefinition {
  /** Name of the operation; also the Lambda function's logical name. */
  operation: string;
  method: HttpMethod;
  /**
   * API Gateway resource path relative to {base_url}, with `{param}` placeholders. API Gateway allows one
   * variable name per path level, so `/bookings/{id}/...` also carries the spec's `{booking_id}`.
   */
  path: string;
  /** Handler module relative to the project root; exports `handler`. */
  entry: string;
  auth: AuthMode;
  /** Sandbox-only route: absent from production stages. */
  sandbox?: boolean;
  /** The function signs or verifies redirect tokens or claim-form CSRF tokens (KMS HMAC key in AWS). */
  signsTokens?: true;
  resources?: readonly RouteResource[];
  /** Table access of the function; see tableAccessOf for the default. */
  access?: TableAccess;
  /** Global secondary indexes the function queries (Query only); none when left out. */
  indexes?: readonly string[];
}

/** A removed operation, answered 410 by API Gateway itself (a mock integration) and by the local runtime alike. */
export interface RemovedRouteDefinition {
  operation: string;
  method: HttpMethod;
  path: string;
  /** The 410 message: what replaces the operation. */
  message: string;
}

/** One partner-signed route per sandbox step, all served by one handler module. */
function sandboxRoutes<const Operation extends string>(
  steps: ReadonlyArray<readonly [operation: Operation, step: string]>,
): Array<RouteDefinition & { operation: Operation }> {
  return steps.map(([operation, step]) => ({
    operation,
    method: 'POST',
    path: `/sandbox/${step}`,
    entry: 'functions/sandbox.ts',
    auth: 'partner',
    access: 'readWrite',
    resources: ['provider'],
    sandbox: true,
  }));
}

/** The routes a stage serves: production has no sandbox routes (its stack and the local runtime both use this). */
export const routesForStage = (definitions: readonly RouteDefinition[], stage: string): RouteDefinition[] =>
  definitions.filter((route) => !(route.sandbox && stage === 'production'));

const routeTable = [
  { operation: 'listBookings', method: 'GET', path: '/bookings', entry: 'functions/list-bookings.ts', auth: 'partner' },
  {
    operation: 'createBooking',
    method: 'POST',
    path: '/bookings',
    entry: 'functions/create-booking.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  { operation: 'getBooking', method: 'GET', path: '/bookings/{id}', entry: 'functions/get-booking.ts', auth: 'partner' },
  {
    operation: 'deleteBooking',
    method: 'DELETE',
    path: '/bookings/{id}',
    entry: 'functions/delete-booking.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  {
    operation: 'deleteBookingByExternalId',
    method: 'DELETE',
    path: '/bookings/{id}/byExternalBookingId',
    entry: 'functions/delete-booking-by-external-id.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  {
    operation: 'updatePackageSpecifications',
    method: 'PUT',
    path: '/bookings/{id}/updatePackageSpecifications',
    entry: 'functions/update-package-specifications.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  {
    operation: 'updatePackageSpecification',
    method: 'PUT',
    path: '/bookings/{id}/updatePackageSpecification/{uuid}',
    entry: 'functions/update-package-specification.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  { operation: 'listDestinations', method: 'GET', path: '/destinations', entry: 'functions/list-destinations.ts', auth: 'partner' },
  { operation: 'getDestination', method: 'GET', path: '/destinations/{id}', entry: 'functions/get-destination.ts', auth: 'partner' },
  {
    operation: 'listCompatibleDevices',
    method: 'GET',
    path: '/native/device-compatibility',
    entry: 'functions/list-compatible-devices.ts',
    auth: 'partner',
  },
  {
    operation: 'checkDeviceCompatibility',
    method: 'POST',
    path: '/native/device-compatibility',
    entry: 'functions/check-device-compatibility.ts',
    auth: 'partner',
  },
  // Traveler lifecycle: reporters' facts, classic grants in the native app, and the sandbox (docs/api.md).
  {
    operation: 'ingestFact',
    method: 'POST',
    path: '/ingest/facts',
    entry: 'functions/ingest-fact.ts',
    auth: 'reporter',
    // Purchase and promo-code facts provision the traveler's eSIM.
    resources: ['provider'],
  },
  { operation: 'nativeUserDashboard', method: 'GET', path: '/native/user-dashboard', entry: 'functions/native-user-dashboard.ts', auth: 'partner' },
  {
    operation: 'nativeRedeemPackage',
    method: 'POST',
    path: '/native/redeem-package',
    entry: 'functions/native-redeem-package.ts',
    auth: 'partner',
    access: 'readWrite',
    resources: ['provider'],
  },
  { operation: 'nativeInstructions', method: 'POST', path: '/native/instructions', entry: 'functions/native-instructions.ts', auth: 'partner' },
  {
    operation: 'listClassicPackageQueues',
    method: 'GET',
    path: '/native/classic-package-queues',
    entry: 'functions/list-classic-package-queues.ts',
    auth: 'partner',
  },
  {
    operation: 'setClassicPackageQueueDestination',
    method: 'PUT',
    path: '/native/classic-package-queues/{id}/destination',
    entry: 'functions/set-classic-package-queue-destination.ts',
    auth: 'partner',
    access: 'readWrite',
  },
  {
    operation: 'claimClassicPackageQueue',
    method: 'POST',
    path: '/native/classic-package-queues/{id}/claim',
    entry: 'functions/claim-classic-package-queue.ts',
    auth: 'partner',
    access: 'readWrite',
    resources: ['provider'],
  },
  ...sandboxRoutes([
    ['sandboxRedeemPromoCode', 'redeem-promo-code'],
    ['sandboxInstallEsim', 'install-esim'],
    ['sandboxRemoveEsim', 'remove-esim'],
    ['sandboxActivatePackage', 'activate-package'],
    ['sandboxReportUsage', 'report-usage'],
    ['sandboxPurchase', 'purchase'],
    ['sandboxTopup', 'topup'],
    ['sandboxClaimClassic', 'claim-classic'],
  ]),
  // Webhook self-service (docs/webhooks.md): the delivery log is the partner's 16 gsi2 shards (keys.deliveriesOf).
  {
    operation: 'getWebhookEndpoint',
    method: 'GET',
    path: '/webhooks/endpoint',
    entry: 'functions/get-webhook-endpoint.ts',
    auth: 'partner',
    indexes: ['gsi2'],
  },
  {
    operation: 'updateWebhookEndpoint',
    method: 'PUT',
    path: '/webhooks/endpoint',
    entry: 'functions/update-webhook-endpoint.ts',
    auth: 'partner',
    access: 'readWrite',
    indexes: ['gsi2'],
  },
  {
    operation: 'rotateWebhookSigningSecret',
    method: 'POST',
    path: '/webhooks/endpoint/signing-secret',
    entry: 'functions/rotate-webhook-signing-secret.ts',
    auth: 'partner',
    access: 'readWrite',
    resources: ['secretEncryption'],
  },
  {
    operation: 'sendTestWebhook',
    method: 'POST',
    path: '/webhooks/endpoint/test',
    entry: 'functions/send-test-webhook.ts',
    auth: 'partner',
    // The throttle counter is an UpdateItem.
    access: 'readWrite',
  },
  {
    operation: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/deliveries',
    entry: 'functions/list-webhook-deliveries.ts',
    auth: 'partner',
    indexes: ['gsi2'],
  },
  {
    operation: 'recoverWebhookDeliveries',
    method: 'POST',
    path: '/webhooks/deliveries/recover',
    entry: 'functions/recover-webhook-deliveries.ts',
    auth: 'partner',
    access: 'readWrite',
    // gsi2: the partner's log by time; gsi1: the failed deliveries of an event it sends again.
    indexes: ['gsi1', 'gsi2'],
  },
  {
    operation: 'createPortalLink',
    method: 'POST',
    path: '/webhooks/portal-link',
    entry: 'functions/create-portal-link.ts',
    auth: 'partner',
    access: 'readWrite',
    signsTokens: true,
  },
  // The partner portal (docs/webhooks.md, Portal): the same webhook use cases as a server-rendered page.
  { operation: 'portalStart', method: 'GET', path: '/portal/start', entry: 'functions/portal-start.ts', auth: 'public-page', signsTokens: true },
  { operation: 'portalHome', method: 'GET', path: '/portal', entry: 'functions/portal-home.ts', auth: 'portal-session', indexes: ['gsi2'] },
  {
    operation: 'portalAction',
    method: 'POST',
    path: '/portal/actions',
    entry: 'functions/portal-action.ts',
    auth: 'portal-session',
    access: 'readWrite',
    // As recoverWebhookDeliveries: its recover and replay buttons run that use case.
    indexes: ['gsi1', 'gsi2'],
    resources: ['secretEncryption'],
  },
  { operation: 'getPromoCode', method: 'GET', path: '/promo-codes/{id}', entry: 'functions/get-promo-code.ts', auth: 'partner' },
  // Public: a traveler holding a claim URL has no partner credentials; throttled per code and per address.
  {
    operation: 'claimPromoCode',
    method: 'POST',
    path: '/promo-codes/claim/{uuid}',
    entry: 'functions/claim-promo-code.ts',
    auth: 'public',
    resources: ['table'],
    // Promo codes are found by uuid through gsi1 (keys.promoCodeLookup).
    indexes: ['gsi1'],
  },
  {
    operation: 'createRedirectToken',
    method: 'POST',
    path: '/redirect-tokens/create',
    entry: 'functions/create-redirect-token.ts',
    auth: 'partner',
    access: 'readWrite',
    signsTokens: true,
    // A traveler booked with an email is found through gsi1 (keys.bookedEmailLookup).
    indexes: ['gsi1'],
  },
  // Traveler web app (docs/web-app.md): server-rendered pages under {base_url}/app, one function per page operation.
  { operation: 'webStart', method: 'GET', path: '/app/start', entry: 'functions/web-start.ts', auth: 'public-page', signsTokens: true },
  { operation: 'webHome', method: 'GET', path: '/app', entry: 'functions/web-home.ts', auth: 'traveler-session' },
  {
    operation: 'webInstall',
    method: 'GET',
    path: '/app/install',
    entry: 'functions/web-install.ts',
    auth: 'traveler-session',
    // Decrypts the confirmation code of an eSIM whose partner asks for one (decision F143).
    resources: ['secretDecryption'],
  },
  { operation: 'webShop', method: 'GET', path: '/app/shop', entry: 'functions/web-shop.ts', auth: 'traveler-session' },
  {
    operation: 'webShopCheckout',
    method: 'POST',
    path: '/app/shop/checkout',
    entry: 'functions/web-shop-checkout.ts',
    auth: 'traveler-session',
    resources: ['provider'],
  },
  {
    operation: 'webRedeem',
    method: 'POST',
    path: '/app/redeem',
    entry: 'functions/web-redeem.ts',
    auth: 'traveler-session',
    // Redeeming and claiming provision the eSIM and its package through the provider, as the native calls do.
    resources: ['provider'],
  },
  { operation: 'webSignOut', method: 'POST', path: '/app/sign-out', entry: 'functions/web-sign-out.ts', auth: 'traveler-session' },
  // The page claim_url opens; POST on the same path is the public JSON claim endpoint.
  {
    operation: 'webClaimPage',
    method: 'GET',
    path: '/promo-codes/claim/{uuid}',
    entry: 'functions/web-claim-page.ts',
    auth: 'public-page',
    indexes: ['gsi1'],
    signsTokens: true,
  },
  {
    operation: 'webClaimSubmit',
    method: 'POST',
    path: '/app/claim/{uuid}',
    entry: 'functions/web-claim-submit.ts',
    auth: 'public-page',
    indexes: ['gsi1'],
    signsTokens: true,
  },
  {
    operation: 'webBrandStyle',
    method: 'GET',
    path: '/app/brands/{partner}/{brand}',
    entry: 'functions/web-brand-style.ts',
    auth: 'public-page',
  },
  { operation: 'webAsset', method: 'GET', path: '/app/assets/{file}', entry: 'functions/web-asset.ts', auth: 'public' },
  { operation: 'webNotFound', method: 'GET', path: '/app/{proxy+}', entry: 'functions/web-not-found.ts', auth: 'public' },
] as const satisfies readonly RouteDefinition[];
export const routes: readonly RouteDefinition[] = routeTable;

const countriesRemoved = (path: string) =>
  `${path} was removed in version 2.1.0. Use GET /destinations to list destinations and GET /destinations/{id} for one destination with its bundles.`;

/** Removed in 2.1.0: answer 410 Gone with a pointer to /destinations instead of a bare 404. No function runs. */
/**
 * Routes a connectivity provider calls, in its own protocol (not the partner API: no envelope, not in the partner
 * OpenAPI document). Served by the stack and the local runtime beside the partner routes.
 */
/**
 * The name of every operation the partner API document describes: each route and each removed route. The operation
 * registry is keyed by it, so a route without a documented entry does not compile.
 */
export type OperationName = (typeof routeTable)[number]['operation'] | (typeof removedRouteTable)[number]['operation'];

export const providerRoutes: readonly RouteDefinition[] = [
  {
    // SGP.22 5.3.5: the SM-DP+ reports the progress of a download order (eligibility, confirmation, download, installation).
    operation: 'handleDownloadProgressInfo',
    method: 'POST',
    path: '/gsma/rsp2/es2plus/handleDownloadProgressInfo',
    entry: 'functions/handle-download-progress-info.ts',
    auth: 'smdp',
    // Only SM-DP+ certificates whose fingerprints the provider secret lists are admitted.
    resources: ['provider'],
  },
];

/**
 * eSIM Go's account-level usage callback (callback V3), served by stages with `connectivity: esimgo`: signed with
 * HMAC-SHA256 of the raw body keyed with the API key (`X-Signature-SHA256`), answered in the partner API's shapes.
 */
export const esimGoRoutes: readonly RouteDefinition[] = [
  {
    operation: 'esimGoUsageCallback',
    method: 'POST',
    path: '/providers/esimgo/usage',
    entry: 'functions/esimgo-usage-callback.ts',
    auth: 'esimgo',
    // The callback is signed with the API key in the provider secret.
    resources: ['provider'],
  },
];

/** The routes a connectivity provider calls back on, by the stage's connectivity. */
export const connectivityRoutes = (connectivity: string): readonly RouteDefinition[] =>
  connectivity === 'es2plus' ? providerRoutes : connectivity === 'esimgo' ? esimGoRoutes : [];

const removedRouteTable = [
  { operation: 'countriesRemoved', method: 'GET', path: '/countries', message: countriesRemoved('/countries') },
  { operation: 'countriesPackagesRemoved', method: 'GET', path: '/countries/packages', message: countriesRemoved('/countries/packages') },
  {
    operation: 'countryPackagesRemoved',
    method: 'GET',
    path: '/countries/{country}/packages',
    message: countriesRemoved('/countries/{country}/packages'),
  },
] as const satisfies readonly RemovedRouteDefinition[];
export const removedRoutes: readonly RemovedRouteDefinition[] = removedRouteTable;
