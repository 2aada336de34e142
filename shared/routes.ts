// route table → the one list of HTTP operations; the CDK stack and the local runtime are both built from it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `partner`: HMAC-signed partner request. `public`: no credentials (removed endpoints, the promo code claim). */
export type AuthMode = 'partner' | 'public';

/** What a function needs beyond what its auth mode gives (partner routes always get the table and the secret key). */
export type RouteResource = 'table' | 'email';

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
  resources?: readonly RouteResource[];
}

export const routes: readonly RouteDefinition[] = [
  { operation: 'listBookings', method: 'GET', path: '/bookings', entry: 'functions/list-bookings.ts', auth: 'partner' },
  {
    operation: 'createBooking',
    method: 'POST',
    path: '/bookings',
    entry: 'functions/create-booking.ts',
    auth: 'partner',
    // communication_options with channel EMAIL sends the booking confirmation.
    resources: ['email'],
  },
  { operation: 'getBooking', method: 'GET', path: '/bookings/{id}', entry: 'functions/get-booking.ts', auth: 'partner' },
  { operation: 'deleteBooking', method: 'DELETE', path: '/bookings/{id}', entry: 'functions/delete-booking.ts', auth: 'partner' },
  {
    operation: 'deleteBookingByExternalId',
    method: 'DELETE',
    path: '/bookings/{id}/byExternalBookingId',
    entry: 'functions/delete-booking-by-external-id.ts',
    auth: 'partner',
  },
  {
    operation: 'updatePackageSpecifications',
    method: 'PUT',
    path: '/bookings/{id}/updatePackageSpecifications',
    entry: 'functions/update-package-specifications.ts',
    auth: 'partner',
  },
  {
    operation: 'updatePackageSpecification',
    method: 'PUT',
    path: '/bookings/{id}/updatePackageSpecification/{uuid}',
    entry: 'functions/update-package-specification.ts',
    auth: 'partner',
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
  { operation: 'getPromoCode', method: 'GET', path: '/promo-codes/{id}', entry: 'functions/get-promo-code.ts', auth: 'partner' },
  // Public: a traveler holding a claim URL has no partner credentials; throttled per code and per address.
  {
    operation: 'claimPromoCode',
    method: 'POST',
    path: '/promo-codes/claim/{uuid}',
    entry: 'functions/claim-promo-code.ts',
    auth: 'public',
    resources: ['table', 'email'],
  },
  // Removed in 2.1.0: answer 410 Gone with a pointer to /destinations instead of a bare 404.
  { operation: 'countriesRemoved', method: 'GET', path: '/countries', entry: 'functions/removed-endpoint.ts', auth: 'public' },
  {
    operation: 'countriesPackagesRemoved',
    method: 'GET',
    path: '/countries/packages',
    entry: 'functions/removed-endpoint.ts',
    auth: 'public',
  },
  {
    operation: 'countryPackagesRemoved',
    method: 'GET',
    path: '/countries/{country}/packages',
    entry: 'functions/removed-endpoint.ts',
    auth: 'public',
  },
];
