// test support → request fixtures with overrides (`makeBookingRequest({ email: undefined })`).
import { randomUUID } from 'node:crypto';
import type { Esim } from '#shared/domain/traveler';
import type { RouteDefinition } from '#shared/routes';

export const inDays = (days: number, from = Date.now()): string => new Date(from + days * 86_400_000).toISOString();

export const makePackageSpecification = (overrides: Record<string, unknown> = {}) => ({
  destination: 'FRA',
  size: '1GB',
  ...overrides,
});

export const makeBookingRequest = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const request: Record<string, unknown> = {
    booking_id: `BK-${randomUUID().slice(0, 12)}`,
    email: 'traveler@example.com',
    departure_date: inDays(30),
    return_date: inDays(40),
    first_name: 'Ada',
    last_name: 'Lovelace',
    package_specifications: [makePackageSpecification()],
    ...overrides,
  };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete request[key];
  return request;
};

/** A sandbox route made up for tests, so sandbox handling is checked even while the route table has none. */
export const makeSandboxRoute = (overrides: Partial<RouteDefinition> = {}): RouteDefinition => ({
  operation: 'sandboxCheckOnly',
  method: 'POST',
  path: '/sandbox/check-only',
  // An existing handler without storage; it answers a plain-text 404 of its own, so a test sees whether it was routed to.
  entry: 'functions/web-asset.ts',
  auth: 'partner',
  sandbox: true,
  ...overrides,
});

/** A traveler's eSIM as the aggregate stores it, created and last changed at 2026-06-01T00:00:00Z. */
export const makeEsim = (overrides: Partial<Esim> = {}): Esim => ({
  iccid: '8988200000000000001',
  imsi: '001100000000001',
  activation_code: 'LPA:1$smdp.example$1',
  kind: 'universal',
  destination: null,
  state: 'provisioned',
  installs: 0,
  removals: 0,
  state_changed_at: '2026-06-01T00:00:00.000Z',
  booking_id: 'b-1',
  created_at: '2026-06-01T00:00:00.000Z',
  ...overrides,
});
