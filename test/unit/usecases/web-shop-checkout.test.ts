// use cases on in-memory stores → the web shop's checkout: one charge and one package per submitted form, the
// first purchase per destination then top-ups, and bundles the shop does not sell.
import type { TravelerSession } from '#shared/usecases/ports/travelers';
import type { DestinationCatalog } from '#shared/usecases/ports/catalog';
import type { PaymentProvider } from '#shared/usecases/ports/lifecycle';
import { makeBundleRecord, makeFranceRecord } from '#test/support/factories';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { checkoutBundle } from '#shared/usecases/web-shop';

const europeBundle = makeBundleRecord({ id: 'eu-10gb', destination: 'europe', size: '10GB', price: 2499, countries: ['FRA', 'DEU'] });
const france = makeFranceRecord({
  bundles: [
    makeBundleRecord(),
    makeBundleRecord({ id: 'fra-1gb', size: '1GB', price: 450 }),
    makeBundleRecord({ id: 'fra-unlimited', package_type: 'unlimited', size: null }),
    makeBundleRecord({ id: 'global-3gb-usd', destination: 'global', size: '3GB', currency: 'USD' }),
    europeBundle,
  ],
});
const europe = makeFranceRecord({
  id: 'europe',
  type: 'region',
  iso3: 'XEU',
  iso2: null,
  regions: [],
  countries: ['FRA', 'DEU'],
  bundles: [europeBundle],
});

const catalog: DestinationCatalog = {
  listDestinations: async () => [france, europe],
  getDestination: async (id) => [france, europe].find((destination) => destination.id === id),
  listRegions: async () => [{ id: europe.id, code: 'XEU', names: europe.names, countries: europe.countries }],
};

const session: TravelerSession = {
  partner_id: 'ptn_test',
  external_user_id: 'u-1',
  csrf_token: 'csrf',
  created_at: '2026-06-01T00:00:00.000Z',
  expires_at: '2026-06-02T00:00:00.000Z',
};

/** The lifecycle's payment provider, counting charges by idempotency key. */
const countingPayments = (world: ReturnType<typeof memoryLifecycle>) => {
  const keys: string[] = [];
  const inner = world.deps.payments;
  const payments: PaymentProvider = {
    charge: async (input) => {
      keys.push(input.idempotencyKey);
      return inner.charge(input);
    },
  };
  return { lifecycle: { ...world.deps, payments }, keys };
};

describe('Use case: checkoutBundle', () => {
  it("charges the bundle's price and provisions its package as the traveler's first purchase for the destination", async () => {
    // Prepare
    const world = memoryLifecycle();
    const { lifecycle, keys } = countingPayments(world);

    // Act
    const outcome = await checkoutBundle(
      { session, destinationId: 'fr', bundleId: 'fra-5gb', nonce: 'nonce-0123456789abcdef' },
      { catalog, lifecycle },
    );

    // Assess
    expect(outcome).toMatchObject({ ok: true, event: 'package.purchased', repeated: false });
    expect(keys).toHaveLength(1);
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.packages).toEqual([expect.objectContaining({ size: '5GB', destination: 'FRA', source: 'purchase' })]);
    expect(world.events()[0]?.data).toMatchObject({ amount: 1299, currency: 'EUR' });
  });

  it('provisions one package for a form submitted twice, and a top-up for a second form', async () => {
    const world = memoryLifecycle();
    const { lifecycle, keys } = countingPayments(world);
    const form = { session, destinationId: 'FRA', bundleId: 'fra-5gb', nonce: 'nonce-0123456789abcdef' };

    await checkoutBundle(form, { catalog, lifecycle });
    const resubmitted = await checkoutBundle(form, { catalog, lifecycle });
    const secondForm = await checkoutBundle({ ...form, nonce: 'nonce-fedcba9876543210' }, { catalog, lifecycle });

    expect(resubmitted).toMatchObject({ ok: true, repeated: true });
    expect(new Set(keys).size).toBe(2);
    expect(secondForm).toMatchObject({ ok: true, event: 'topup.completed', repeated: false });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(2);
  });

  it("charges another bundle sent with the same page's nonce as a purchase of its own, never as the first one's receipt", async () => {
    const world = memoryLifecycle();
    const { lifecycle, keys } = countingPayments(world);
    const form = { session, destinationId: 'FRA', nonce: 'nonce-0123456789abcdef' };

    await checkoutBundle({ ...form, bundleId: 'fra-1gb' }, { catalog, lifecycle });
    const other = await checkoutBundle({ ...form, bundleId: 'fra-5gb' }, { catalog, lifecycle });

    expect(other).toMatchObject({ ok: true, repeated: false, bundle: { id: 'fra-5gb' } });
    expect(new Set(keys).size).toBe(2);
    const sizes = (await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages.map((pkg) => pkg.size);
    expect(sizes).toEqual(['1GB', '5GB']);
  });

  it("provisions a region's bundle bought from a country's page for the region's code, not its id", async () => {
    const world = memoryLifecycle();
    const { lifecycle } = countingPayments(world);

    await checkoutBundle({ session, destinationId: 'FRA', bundleId: 'eu-10gb', nonce: 'nonce-0123456789abcdef' }, { catalog, lifecycle });

    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.packages).toEqual([expect.objectContaining({ destination: 'XEU', size: '10GB' })]);
  });

  it.each([
    ['a bundle the shop does not sell', 'FRA', 'fra-unlimited'],
    ['a bundle in a currency the page does not offer', 'FRA', 'global-3gb-usd'],
    ['an unknown bundle', 'FRA', 'nope'],
    ['an unknown destination', 'ZZZ', 'fra-5gb'],
  ])('answers %s with bundle_not_found and charges nothing', async (_case, destinationId, bundleId) => {
    const world = memoryLifecycle();
    const { lifecycle, keys } = countingPayments(world);

    const outcome = await checkoutBundle({ session, destinationId, bundleId, nonce: 'nonce-0123456789abcdef' }, { catalog, lifecycle });

    expect(outcome).toEqual({ ok: false, reason: 'bundle_not_found' });
    expect(keys).toEqual([]);
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });
});
