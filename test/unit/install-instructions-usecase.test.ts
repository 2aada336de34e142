// The install-instructions use case: which eSIM, which brand, which 404, with in-memory ports.
import type { Booking } from '#shared/domain/booking';
import type { Brand } from '#shared/domain/brand';
import { newTraveler, type Esim, type Traveler } from '#shared/domain/traveler';
import { installInstructions, type InstallInstructionsDeps, type InstallInstructionsRequest } from '#shared/usecases/install-instructions';
import { makeEsim } from '#test/support/factories';
import { makePartnerProfile } from '#test/support/fakes';

const T0 = new Date('2026-06-01T00:00:00.000Z');

const universal = (overrides: Partial<Esim> = {}) =>
  makeEsim({ activation_code: 'LPA:1$smdp.example.com$UNIVERSAL-1', booking_id: 'b-universal', ...overrides });

const makeTraveler = (esims: Esim[]): Traveler => ({
  ...newTraveler({ partnerId: 'p-1', externalUserId: 'alice', email: null, now: T0 }),
  attribution: { booking_id: 'b-first', promo_code_id: null },
  esims,
});

const makeBrand = (overrides: Partial<Brand> = {}): Brand => ({
  partner_id: 'p-1',
  brand_id: 'sky',
  name: 'Sky Miles',
  primary_color: '#0b5cad',
  logo: 'https://cdn.example.com/sky.png',
  created_at: T0.toISOString(),
  updated_at: T0.toISOString(),
  ...overrides,
});

/** Ports answering from memory; `calls` records what the use case asked for. */
const makeDeps = (state: {
  traveler?: Traveler;
  queued?: boolean;
  bookings?: Record<string, string | null>;
  locales?: Record<string, string>;
  brands?: Brand[];
}) => {
  const calls: string[] = [];
  const deps = {
    travelers: {
      findByExternalUserId: async () => (calls.push('traveler'), state.traveler),
      queueRefs: async () => (calls.push('queueRefs'), state.queued ? [{ bookingId: 'b-1', queueUuid: 'q-1' }] : []),
    },
    bookings: {
      get: async (_partnerId: string, id: string) => {
        calls.push(`booking:${id}`);
        return id in (state.bookings ?? {})
          ? ({ id, custom_branding: state.bookings![id], locale: state.locales?.[id] ?? null } as unknown as Booking)
          : undefined;
      },
    },
    partners: { getProfile: async () => (calls.push('partner'), makePartnerProfile({ name: 'Acme Travel' })) },
    brands: {
      resolve: async (_partnerId: string, brandId: string | null) => {
        calls.push(`brand:${brandId}`);
        return (state.brands ?? []).find((b) => b.brand_id === brandId) ?? (state.brands ?? []).find((b) => b.brand_id === 'default');
      },
    },
  } as unknown as InstallInstructionsDeps;
  return { deps, calls };
};

const request: InstallInstructionsRequest = {
  partnerId: 'p-1',
  externalUserId: 'alice',
  device: { name: 'Pixel 8', os: 'Android', osVersion: '14' },
  locale: 'en',
  format: 'json',
};

const asDocument = async (promise: ReturnType<typeof installInstructions>) => {
  const result = await promise;
  if (result.format !== 'json') throw new Error('expected the json format');
  return result;
};

describe('Use case: installInstructions', () => {
  it('takes the universal eSIM and the brand its granting booking named', async () => {
    const traveler = makeTraveler([universal({ kind: 'classic', iccid: '8988200000000000002', booking_id: 'b-classic' }), universal()]);
    const { deps, calls } = makeDeps({ traveler, bookings: { 'b-universal': 'sky' }, brands: [makeBrand()] });

    const doc = await asDocument(installInstructions(request, deps));

    expect(doc.activation.code).toBe('LPA:1$smdp.example.com$UNIVERSAL-1');
    expect(doc.branding).toEqual({
      name: 'Sky Miles',
      colors: expect.objectContaining({ primary: '#0b5cad' }),
      logo_url: 'https://cdn.example.com/sky.png',
    });
    expect(calls).toEqual(['traveler', 'booking:b-universal', 'brand:sky']);
  });

  it("falls back to the traveler's first booking, and leaves a data-URL logo out", async () => {
    const traveler = makeTraveler([universal({ booking_id: null })]);
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const { deps, calls } = makeDeps({ traveler, bookings: { 'b-first': null }, brands: [makeBrand({ brand_id: 'default', name: 'House', logo })] });

    const doc = await asDocument(installInstructions(request, deps));

    expect(calls).toEqual(['traveler', 'booking:b-first', 'brand:null']);
    expect(doc.branding).toMatchObject({ name: 'House', logo_url: null });
  });

  it("uses the partner's name when it has no brand at all", async () => {
    const { deps, calls } = makeDeps({ traveler: makeTraveler([universal()]), bookings: { 'b-universal': null } });

    const doc = await asDocument(installInstructions(request, deps));

    expect(doc.branding.name).toBe('Acme Travel');
    expect(calls.at(-1)).toBe('partner');
  });

  it.each([
    ['the language the request asks for', 'fr', 'de-DE', 'fr'],
    ["without one, the granting booking's locale", undefined, 'de-DE', 'de'],
    ['English when neither names a served language', undefined, 'ja', 'en'],
  ] as const)('speaks %s', async (_case, requested, bookingLocale, expected) => {
    const { deps } = makeDeps({
      traveler: makeTraveler([universal()]),
      bookings: { 'b-universal': null },
      locales: { 'b-universal': bookingLocale },
    });

    const doc = await asDocument(installInstructions({ ...request, locale: requested }, deps));

    expect(doc.locale).toBe(expected);
  });

  it.each([
    ['a stored traveler without an eSIM', 'esim_not_found', { traveler: makeTraveler([]) }, ['traveler']],
    ['an unstored traveler a booking grants a package', 'esim_not_found', { queued: true }, ['traveler', 'queueRefs']],
    ['a traveler nobody named', 'user_not_found', {}, ['traveler', 'queueRefs']],
  ])('answers %s with 404 %s', async (_case, code, state, expectedCalls) => {
    const { deps, calls } = makeDeps(state);

    await expect(installInstructions(request, deps)).rejects.toMatchObject({ status: 404, code });
    expect(calls).toEqual(expectedCalls);
  });
});
