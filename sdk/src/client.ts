// sdk → the client: typed operations from the OpenAPI document, signed requests, paging, typed errors.
import createClient from 'openapi-fetch';
import { apiErrorFrom } from './errors.ts';
import type { components, paths } from './schema.js';
import { signingFetch, type TransportOptions } from './transport.ts';

type Schemas = components['schemas'];
export type Booking = Schemas['BookingResponse'];
export type BookingRequest = Schemas['BookingRequest'];
export type PaginationMeta = Schemas['PaginationMeta'];
export type UpdatePackageSpecificationRequest = Schemas['UpdatePackageSpecificationRequest'];
export type UpdatePackageSpecForPromoCodesResponse = Schemas['UpdatePackageSpecForPromoCodesResponse'];

export interface ClientOptions extends TransportOptions {
  /** `{base_url}`, e.g. `https://api.example.com/api` or `http://127.0.0.1:3000/api`. */
  baseUrl: string;
}

/** Unwraps `{ data, error, response }`: the success body, or a typed ApiError. */
const unwrap = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw apiErrorFrom(response.status, error);
  return data;
};

export const createEsimBookingClient = (options: ClientOptions) => {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  /** Every path of the document, typed, signed: `raw.GET('/bookings/{id}', { params: { path: { id } } })`. */
  const raw = createClient<paths>({ baseUrl, fetch: signingFetch(baseUrl, options) });

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
      await unwrap(raw.DELETE('/bookings/{id}', { params: { path: { id } } }));
    },
    /** Deletes by your own `booking_id`. */
    deleteByBookingId: async (bookingId: string) => {
      await unwrap(raw.DELETE('/bookings/{id}/byExternalBookingId', { params: { path: { id: bookingId } } }));
    },
    updatePackageSpecifications: async (bookingId: string, body: UpdatePackageSpecificationRequest) =>
      (await unwrap(raw.PUT('/bookings/{id}/updatePackageSpecifications', { params: { path: { id: bookingId } }, body }))).data,
    updatePackageSpecification: async (bookingId: string, promoCodeUuid: string, body: UpdatePackageSpecificationRequest) =>
      (
        await unwrap(
          raw.PUT('/bookings/{id}/updatePackageSpecification/{uuid}', {
            params: { path: { id: bookingId, uuid: promoCodeUuid } },
            body,
          }),
        )
      ).data,
  };

  return { bookings, raw };
};
export type EsimBookingClient = ReturnType<typeof createEsimBookingClient>;
