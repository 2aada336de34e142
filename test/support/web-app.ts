// test support → a partner with a booking for one traveler, and a fresh redirect token for that traveler.
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';

export const bookTraveler = async (client: SignedClient, externalUserId: string, overrides: Record<string, unknown> = {}) => {
  const response = await client.send('POST', '/bookings', {
    body: makeBookingRequest({
      package_specifications: [
        makePackageSpecification({ external_user_id: externalUserId, destination: 'FRA', size: '5GB', package_duration: 30 }),
        makePackageSpecification({ external_user_id: externalUserId, destination: 'JPN', size: '10GB', package_duration: 15 }),
      ],
      ...overrides,
    }),
  });
  if (response.status !== 201) throw new Error(`Booking failed: ${JSON.stringify(response.body)}`);
  return response.body.data[0];
};

export const redirectToken = async (client: SignedClient, body: Record<string, unknown>) => {
  const response = await client.send('POST', '/redirect-tokens/create', { body });
  if (response.status !== 201) throw new Error(`Token failed: ${JSON.stringify(response.body)}`);
  return response.body.data as { token: string; url: string; expires_at: string; external_user_id: string };
};

/** Follows nothing: the test sees each redirect and each Set-Cookie itself. */
export const open = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });

export const sessionCookieOf = (response: Response): string => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
