// route table → the one list of HTTP operations; the CDK stack and the local runtime are both built from it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `partner`: HMAC-signed partner request. `public`: no credentials (e.g. public claims). */
export type AuthMode = 'partner' | 'public';

/**
 * What a route's function may do to the table (docs/operations.md, Least privilege). `read`: GetItem,
 * BatchGetItem, Query, ConditionCheckItem. `readWrite`: also PutItem, UpdateItem, DeleteItem, BatchWriteItem
 * (transactions are authorised per item by these). `none`: no table. Scan is never granted.
 * Partner authentication's own reads and its single-use signature writes come with `auth: 'partner'`.
 */
export type TableAccess = 'none' | 'read' | 'readWrite';

/** Access of a route that declares none: reading is the safe default; a route that writes says so. */
export const defaultTableAccess: TableAccess = 'read';

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
  /** Table access of the function; `defaultTableAccess` when left out. */
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

export const routes: readonly RouteDefinition[] = [
  { operation: 'listBookings', method: 'GET', path: '/bookings', entry: 'functions/list-bookings.ts', auth: 'partner' },
  { operation: 'createBooking', method: 'POST', path: '/bookings', entry: 'functions/create-booking.ts', auth: 'partner', access: 'readWrite' },
  { operation: 'getBooking', method: 'GET', path: '/bookings/{id}', entry: 'functions/get-booking.ts', auth: 'partner' },
  { operation: 'deleteBooking', method: 'DELETE', path: '/bookings/{id}', entry: 'functions/delete-booking.ts', auth: 'partner', access: 'readWrite' },
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
];

const countriesRemoved = (path: string) =>
  `${path} was removed in version 2.1.0. Use GET /destinations to list destinations and GET /destinations/{id} for one destination with its bundles.`;

/** Removed in 2.1.0: answer 410 Gone with a pointer to /destinations instead of a bare 404. No function runs. */
export const removedRoutes: readonly RemovedRouteDefinition[] = [
  { operation: 'countriesRemoved', method: 'GET', path: '/countries', message: countriesRemoved('/countries') },
  { operation: 'countriesPackagesRemoved', method: 'GET', path: '/countries/packages', message: countriesRemoved('/countries/packages') },
  {
    operation: 'countryPackagesRemoved',
    method: 'GET',
    path: '/countries/{country}/packages',
    message: countriesRemoved('/countries/{country}/packages'),
  },
];
