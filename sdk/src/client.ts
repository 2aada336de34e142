// sdk → the client: typed operations from the OpenAPI document, signed requests, paging, typed errors.
import createClient from 'openapi-fetch';
import { type BodyOf, type DataOf, unwrap } from './answers.ts';
import { destinationCalls } from './catalog.ts';
import { apiErrorFrom } from './errors.ts';
import { nativeCalls } from './native.ts';
import type { components, paths } from './schema.js';
import { earlierAttemptMayHaveRun, signingFetch, type TransportOptions } from './transport.ts';

type Schemas = components['schemas'];
export type Booking = Schemas['BookingResponse'];
export type BookingRequest = Schemas['BookingRequest'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type UpdatePackageSpecificationRequest = Schemas['UpdatePackageSpecificationRequest'];
export type UpdatePackageSpecForPromoCodesResponse = Schemas['UpdatePackageSpecForPromoCodesResponse'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointUpdate = Schemas['WebhookEndpointUpdate'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookTestResult = Schemas['WebhookTestResult'];
export type SigningSecret = Schemas['SigningSecret'];
export type WebhookRecoveryResult = Schemas['WebhookRecoveryResult'];
/** A promo code as in BookingResponse, with its booking (`booking_id`, `external_booking_id`) and claim state. */
export type PromoCodeDetail = DataOf<'getPromoCode'>;
/** `external_user_id` or `email` of the traveler (`external_user_id` wins when both are sent). */
export type CreateRedirectTokenRequest = Omit<BodyOf<'createRedirectToken'>, 'email'> & { email?: string };
export type RedirectToken = DataOf<'createRedirectToken'>;
/** Filters of the delivery log: event, event_id, status, since, until (ISO 8601). */
export type WebhookDeliveryFilter = Omit<NonNullable<paths['/webhooks/deliveries']['get']['parameters']['query']>, 'cursor' | 'perPage'>;

export interface ClientOptions extends TransportOptions {
  /** `{base_url}`, e.g. `https://api.example.com/api` or `http://127.0.0.1:3000/api`. */
  baseUrl: string;
}

/**
 * A delete's answer. Retried after an attempt whose outcome is unknown (a lost connection, a time-out, a 5xx), a
 * DELETE finds the booking gone: 404 then means that attempt deleted it, and the delete succeeded. A 404 after only
 * refusals (429) or at once is a NotFoundError as ever.
 */
const deleted = async (call: Promise<{ error?: unknown; response: Response }>): Promise<void> => {
  const { error, response } = await call;
  if (response.ok || (response.status === 404 && earlierAttemptMayHaveRun(response))) return;
  throw apiErrorFrom(response.status, error);
};

/**
 * JSON as the service reads it: U+FFFD goes as its escape `\ufffd`. The service refuses the character written raw,
 * the only trace it gets of a body that was not UTF-8 (decision F170), while a name taken from another system may
 * hold it; the escape is read as the same character.
 */
const jsonBody = (body: unknown): string => JSON.stringify(body).replaceAll('\uFFFD', '\\ufffd');

export const createEsimBookingClient = (options: ClientOptions) => {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  /** Every path of the document, typed, signed: `raw.GET('/bookings/{id}', { params: { path: { id } } })`. */
  const raw = createClient<paths>({ baseUrl, fetch: signingFetch(baseUrl, options), bodySerializer: jsonBody });

  const list = async (query: { perPage?: number; cursor?: string } = {}) => {
    const body = await unwrap(raw.GET('/bookings', { params: { query } }));
    return { data: body.data, pagination: body.pagination };
  };

  const bookings = {
    /** Creates a booking; answers the array of the spec. A random Idempotency-Key makes retries safe. */
    create: async (request: BookingRequest, { idempotencyKey = crypto.randomUUID() }: { idempotencyKey?: string } = {}) =>
      (await unwrap(raw.POST('/bookings', { body: request, params: { header: { 'Idempotency-Key': idempotencyKey } } }))).data,
    get: async (id: string) => (await unwrap(raw.GET('/bookings/{id}', { params: { path: { id } } }))).data,
    list,
    /** Every booking, newest first, page after page: `for await (const booking of client.bookings.listAll())`. */
    listAll: async function* ({ perPage = 100 }: { perPage?: number } = {}): AsyncGenerator<Booking> {
      let cursor: string | undefined;
      do {
        const page = await list({ perPage, ...(cursor ? { cursor } : {}) });
        yield* page.data;
        cursor = page.pagination.hasNextPage ? (page.pagination.nextCursor ?? undefined) : undefined;
      } while (cursor);
    },
    delete: async (id: string) => {
      await deleted(raw.DELETE('/bookings/{id}', { params: { path: { id } } }));
    },
    /** Deletes by your own `booking_id`. */
    deleteByBookingId: async (bookingId: string) => {
      await deleted(raw.DELETE('/bookings/{id}/byExternalBookingId', { params: { path: { id: bookingId } } }));
    },
    /** By your own `booking_id`: every unredeemed promo code of the booking gets the new package. */
    updatePackageSpecifications: async (bookingId: string, body: UpdatePackageSpecificationRequest) =>
      (await unwrap(raw.PUT('/bookings/{booking_id}/updatePackageSpecifications', { params: { path: { booking_id: bookingId } }, body }))).data,
    /** By your own `booking_id` and the promo code's `uuid`. */
    updatePackageSpecification: async (bookingId: string, promoCodeUuid: string, body: UpdatePackageSpecificationRequest) =>
      (
        await unwrap(
          raw.PUT('/bookings/{booking_id}/updatePackageSpecification/{uuid}', {
            params: { path: { booking_id: bookingId, uuid: promoCodeUuid } },
            body,
          }),
        )
      ).data,
  };

  const listDeliveries = async (query: WebhookDeliveryFilter & { perPage?: number; cursor?: string } = {}) => {
    const body = await unwrap(raw.GET('/webhooks/deliveries', { params: { query } }));
    return { data: body.data, pagination: body.pagination };
  };

  /** Your webhook endpoint, signing secret and delivery log: what support would otherwise do for you. */
  const webhooks = {
    getEndpoint: async (): Promise<WebhookEndpoint> => (await unwrap(raw.GET('/webhooks/endpoint'))).data,
    /** Changes only the fields given; `enabled: false` holds deliveries, `end_secret_overlap: true` ends a rotation overlap. */
    updateEndpoint: async (change: WebhookEndpointUpdate): Promise<WebhookEndpoint> =>
      (await unwrap(raw.PUT('/webhooks/endpoint', { body: change }))).data,
    /** A new signing secret, returned once; the previous one keeps signing for `overlap_minutes` (default 1440, 0 = none). */
    rotateSigningSecret: async (options: { overlap_minutes?: number } = {}): Promise<SigningSecret> =>
      (await unwrap(raw.POST('/webhooks/endpoint/signing-secret', { body: options }))).data,
    /** Sends a signed `webhook.test` delivery now and reports how your endpoint answered. */
    sendTest: async (): Promise<WebhookTestResult> => (await unwrap(raw.POST('/webhooks/endpoint/test'))).data,
    listDeliveries,
    /** Every delivery matching the filter, newest first: `for await (const d of client.webhooks.listAllDeliveries({ status: 'dead_lettered' }))`. */
    listAllDeliveries: async function* (
      filter: WebhookDeliveryFilter = {},
      { perPage = 100 }: { perPage?: number } = {},
    ): AsyncGenerator<WebhookDelivery> {
      let cursor: string | undefined;
      do {
        const page = await listDeliveries({ ...filter, perPage, ...(cursor ? { cursor } : {}) });
        yield* page.data;
        cursor = page.pagination.hasNextPage ? (page.pagination.nextCursor ?? undefined) : undefined;
      } while (cursor);
    },
    /** A single-use, 5-minute link to the webhook portal page (endpoint, health, deliveries, actions). */
    portalLink: async (): Promise<{ url: string; expires_at: string }> => (await unwrap(raw.POST('/webhooks/portal-link'))).data,
    /** Sends one recorded event again: same event_id and timestamp, a new delivery_id. */
    replay: async (eventId: string): Promise<WebhookRecoveryResult> =>
      (await unwrap(raw.POST('/webhooks/deliveries/recover', { body: { event_id: eventId } }))).data,
    /** Sends again every rejected, dead-lettered or held delivery since a time (at most `limit`, 100, per call; repeat while `more`). */
    recover: async (range: { since: string; until?: string; limit?: number }): Promise<WebhookRecoveryResult> =>
      (await unwrap(raw.POST('/webhooks/deliveries/recover', { body: range }))).data,
  };

  /** The Native Integration API: your app's eSIM section, keyed by your external_user_id. */
  const native = nativeCalls(raw);

  /** Countries and regions with the bundles sold for them. */
  const destinations = destinationCalls(raw);

  const promoCodes = {
    /** One of your promo codes by its `uuid`. */
    get: async (uuid: string): Promise<PromoCodeDetail> => (await unwrap(raw.GET('/promo-codes/{id}', { params: { path: { id: uuid } } }))).data,
  };

  const redirectTokens = {
    /** A single-use URL, valid 5 minutes, that signs the traveler into the web app (WebView): open it right away. */
    create: async (traveler: CreateRedirectTokenRequest): Promise<RedirectToken> =>
      (await unwrap(raw.POST('/redirect-tokens/create', { body: traveler }))).data,
  };

  return { bookings, webhooks, native, destinations, promoCodes, redirectTokens, raw };
};
export type EsimBookingClient = ReturnType<typeof createEsimBookingClient>;
