// The claim use case on in-memory ports: throttle limits at their exact edges, and the email request written with the claim.
import type { Booking, PromoCode } from '#shared/domain/booking';
import type { Brand } from '#shared/domain/brand';
import { CLAIM_LIMITS, claimPromoCode, type ClaimDeps, releasePromoCodeClaim } from '#shared/usecases/promo-codes';
import type { EmailRequest } from '#shared/events/email-request';
import { makePartnerProfile } from '#test/support/fakes';
import { ConflictError } from '#shared/errors';

const UUID = '0b7e5a3c-1d2f-4e5a-8b9c-0d1e2f3a4b5c';
const NOW = new Date('2026-11-23T10:07:30Z');

const makePromo = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  uuid: UUID,
  code: 'K7QP-M2XD-9TRA',
  status: 'unredeemed',
  redeemed_at: null,
  redeemed_by: null,
  iso3: 'PRT',
  package_specification: {
    package_type: 'data-limited',
    size: '3GB',
    package_duration: 365,
    destination: 'PRT',
    package_id: null,
    bundle_id: null,
    traffic_policy: null,
  },
  package_queue_uuid: null,
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  ...overrides,
});

const makeBooking = (overrides: Partial<Booking> = {}): Booking =>
  ({ id: 'b-1', partner_id: 'ptn_test', email: null, version: 1, promo_codes: [makePromo()], package_queues: [], ...overrides }) as Booking;

const makeDeps = (options: { codeCount?: number; addressCount?: number; failWrite?: boolean; brand?: string; promo?: PromoCode } = {}) => {
  let stored = makeBooking({ ...(options.brand ? { custom_branding: 'air' } : {}), ...(options.promo ? { promo_codes: [options.promo] } : {}) });
  const requested: EmailRequest[] = [];
  let regionReads = 0;
  const deps: ClaimDeps = {
    bookings: {
      get: async () => stored,
      replace: async (booking: Booking, _events: unknown, emails: EmailRequest[] = []) => {
        if (options.failWrite) throw new Error('DynamoDB unavailable');
        stored = booking;
        requested.push(...emails);
      },
    } as unknown as ClaimDeps['bookings'],
    promoCodes: { locate: async () => ({ partnerId: 'ptn_test', bookingId: 'b-1' }) },
    partners: { getProfile: async () => makePartnerProfile({ name: 'Acme Travel' }) },
    brands: { resolve: async (_partnerId, brandId) => (options.brand && brandId === 'air' ? ({ name: options.brand } as Brand) : undefined) },
    throttle: {
      hit: async ({ scope }) => ({
        count: scope === 'CLAIM_CODE' ? (options.codeCount ?? 1) : (options.addressCount ?? 1),
        resetsAt: Date.parse('2026-11-23T10:15:00Z') / 1000,
      }),
    },
    clock: { now: () => NOW },
    regions: {
      listRegions: async () => {
        regionReads += 1;
        return [{ code: 'XEU', countries: ['PRT', 'ESP'], names: { en: 'Europe', de: 'Europa', fr: 'Europe', es: 'Europa' } }];
      },
    },
  };
  return { deps, requested, stored: () => stored, regionReads: () => regionReads };
};

const input = { uuid: UUID, email: 'traveler@example.com', clientAddress: 'hash' };

describe('Claiming a promo code', () => {
  it('records the claim and, in the same write, the email request that delivers the code', async () => {
    const { deps, requested, stored } = makeDeps();

    const result = await claimPromoCode(input, deps);

    expect(result).toEqual({ uuid: UUID, email: 'traveler@example.com', claimed_at: NOW.toISOString() });
    expect(stored().promo_codes[0]).toMatchObject({ claimed_email: 'traveler@example.com', claimed_at: NOW.toISOString() });
    expect(requested).toEqual([
      expect.objectContaining({
        partner_id: 'ptn_test',
        event: 'email.requested',
        timestamp: NOW.toISOString(),
        about: { kind: 'promo_code_claim', booking_id: 'b-1', promo_code_uuid: UUID },
      }),
    ]);
    expect(requested[0]!.data.messages).toEqual([
      expect.objectContaining({ to: 'traveler@example.com', text: expect.stringContaining('K7QP-M2XD-9TRA') }),
    ]);
  });

  it("names the booking's brand in the email, as the claim page does, and the partner without one", async () => {
    // Prepare
    const branded = makeDeps({ brand: 'Acme Air' });
    const plain = makeDeps();

    // Act
    await claimPromoCode(input, branded.deps);
    await claimPromoCode(input, plain.deps);

    // Assess
    expect(branded.requested[0]!.data.messages[0]!.subject).toContain('Acme Air');
    expect(plain.requested[0]!.data.messages[0]!.subject).toContain('Acme Travel');
  });

  it.each([
    [{ codeCount: CLAIM_LIMITS.perCode }, false],
    [{ codeCount: CLAIM_LIMITS.perCode + 1 }, true],
    [{ addressCount: CLAIM_LIMITS.perAddress }, false],
    [{ addressCount: CLAIM_LIMITS.perAddress + 1 }, true],
  ])('with counts %j throttles: %s', async (counts, throttled) => {
    const { deps } = makeDeps(counts);

    const outcome = claimPromoCode(input, deps);

    if (throttled) {
      // The window 10:00–10:15 ends 450 s after 10:07:30.
      await expect(outcome).rejects.toMatchObject({ status: 429, code: 'rate_limited', headers: { 'retry-after': '450' } });
    } else {
      await expect(outcome).resolves.toMatchObject({ uuid: UUID });
    }
  });

  it.each([
    ['a region grant by its name, reading the regions once', { iso3: 'XEU', destination: 'XEU' }, 'Europe', 1],
    ['a trip by the region that covers it', { iso3: 'XEU', destination: ['PRT', 'ESP'] }, 'Europe', 1],
    ['a country by its name, reading no regions', { iso3: 'PRT', destination: 'PRT' }, 'Portugal', 0],
  ])('the email names %s', async (_case, place, expected, reads) => {
    const promo = makePromo({ iso3: place.iso3, package_specification: { ...makePromo().package_specification, destination: place.destination } });
    const { deps, requested, regionReads } = makeDeps({ promo });

    await claimPromoCode(input, deps);

    const text = requested[0]!.data.messages[0]!.text.replace(/\u00a0/g, ' ');
    expect(text).toContain(`3 GB, 365 days, ${expected}`);
    expect(text).not.toContain('XEU');
    expect(regionReads()).toBe(reads);
  });

  it('records neither the claim nor the email when the write fails, so the traveler can try again', async () => {
    const { deps, requested, stored } = makeDeps({ failWrite: true });

    await expect(claimPromoCode(input, deps)).rejects.toThrow('DynamoDB unavailable');

    expect(stored().promo_codes[0]).not.toHaveProperty('claimed_at');
    expect(requested).toEqual([]);
  });

  it('lets claims of different codes of one booking at the same moment all succeed, re-reading after a lost race (decision F146)', async () => {
    // Prepare: ten codes in one booking whose writes are version-checked, as the store's are
    const uuids = Array.from({ length: 10 }, (_, i) => `0b7e5a3c-1d2f-4e5a-8b9c-0d1e2f3a4b${String(i).padStart(2, '0')}`);
    let stored = makeBooking({ promo_codes: uuids.map((uuid) => makePromo({ uuid })) });
    let lostRaces = 0;
    const { deps } = makeDeps();
    deps.bookings = {
      // A read sees the booking as it was when the read began, and answers a moment later.
      get: async () => {
        const read = stored;
        await new Promise((resolve) => setImmediate(resolve));
        return read;
      },
      replace: async (booking: Booking) => {
        if (booking.version !== stored.version + 1) {
          lostRaces += 1;
          throw new ConflictError('concurrent_modification', 'The booking was changed by another request.');
        }
        stored = booking;
      },
    } as unknown as ClaimDeps['bookings'];

    // Act
    const claims = await Promise.all(uuids.map((uuid, i) => claimPromoCode({ ...input, uuid, email: `t${i}@example.com` }, deps)));

    // Assess
    expect(claims.map((claim) => claim.uuid)).toEqual(uuids);
    expect(stored.promo_codes.map((promo) => promo.claimed_email)).toEqual(uuids.map((_, i) => `t${i}@example.com`));
    expect(lostRaces).toBeGreaterThan(0);
  });
});

describe('Releasing a claim (support)', () => {
  it('clears the claim so the traveler can claim again, and says which address it named', async () => {
    const { deps, stored } = makeDeps();
    await claimPromoCode({ ...input, email: 'travler@exmaple.com' }, deps);

    const released = await releasePromoCodeClaim(UUID.toUpperCase(), deps);
    const again = await claimPromoCode(input, deps);

    expect(released).toEqual({ uuid: UUID, released_email: 'travler@exmaple.com' });
    expect(again.email).toBe('traveler@example.com');
    expect(stored().promo_codes[0]).toMatchObject({ claimed_email: 'traveler@example.com' });
  });

  it('refuses a code with no claim, and a redeemed one, with 409 and their codes', async () => {
    const { deps } = makeDeps();

    await expect(releasePromoCodeClaim(UUID, deps)).rejects.toMatchObject({ status: 409, code: 'promo_code_not_claimed' });
    await claimPromoCode(input, deps);
    const redeemed = makeBooking({ promo_codes: [makePromo({ status: 'redeemed', claimed_at: NOW.toISOString() })] });
    await expect(releasePromoCodeClaim(UUID, { ...deps, bookings: { ...deps.bookings, get: async () => redeemed } })).rejects.toMatchObject({
      status: 409,
      code: 'promo_code_already_redeemed',
    });
  });
});
