// use cases on in-memory stores → what the dashboard shows between the lifecycle's writes: a package past its
// expires_at reads expired before the sweeper records it, and a grant without a size shows the size it will get.
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { makePackageSpecification } from '#test/support/factories';
import type { Brand } from '#shared/domain/brand';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { travelerOverview } from '#shared/usecases/traveler-overview';

const DAY = 86_400_000;

/** The dashboard of `u-1` on the world's stores, with the brands a partner has (none unless given). */
const dashboardOf = (world: ReturnType<typeof memoryLifecycle>, brands: Brand[] = []) =>
  travelerOverview(
    { partnerId: 'ptn_test', externalUserId: 'u-1' },
    {
      ...world.deps,
      brands: {
        resolve: async (_partnerId, brandId) =>
          brands.find((brand) => brand.brand_id === brandId) ?? brands.find((brand) => brand.brand_id === 'default'),
      },
    },
  );

const makeBrand = (brandId: string, name: string): Brand => ({
  partner_id: 'ptn_test',
  brand_id: brandId,
  name,
  primary_color: '#0b5cad',
  logo: 'https://cdn.example.com/logo.svg',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

describe('Use case: travelerOverview', () => {
  it('reads an active package past its expires_at as expired at once, without waiting for the sweep', async () => {
    // Prepare: a 7-day package, activated now
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ package_duration: 7 });
    const before = await dashboardOf(world);

    // Act: a week and a second later, nothing swept
    world.clock.advance(7 * DAY + 1000);
    const after = await dashboardOf(world);

    // Assess: and what it did not use ended with it, as the web app shows no data left
    expect(before.current_esim_packages).toEqual([expect.objectContaining({ package_id: pkg.package_id, status: 'active' })]);
    expect(before.current_esim_packages[0]?.remaining_bytes).toBeGreaterThan(0);
    expect(after.current_esim_packages).toEqual([expect.objectContaining({ package_id: pkg.package_id, status: 'expired', remaining_bytes: 0 })]);
  });

  it("shows a pending grant without a size with the partner's default size, and an unlimited one without any", async () => {
    // Prepare
    const world = memoryLifecycle();
    await world.book({
      package_specifications: [
        makePackageSpecification({ external_user_id: 'u-1', size: undefined }),
        makePackageSpecification({ external_user_id: 'u-1', size: undefined, package_type: 'unlimited', package_duration: 5 }),
      ],
    });

    // Act
    const dashboard = await dashboardOf(world);

    // Assess
    expect(dashboard.package_queues.map((entry) => [entry.package_type, entry.size])).toEqual([
      ['data-limited', '1GB'],
      ['unlimited', null],
    ]);
  });

  it("styles the dashboard with the brand of the booking that granted the eSIM, else the partner's default, else its name", async () => {
    // Prepare: an eSIM from a grant of a booking naming the brand `acme`, and a pending grant of another booking
    const world = memoryLifecycle();
    const granted = await world.book({ custom_branding: 'acme', package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    await redeemPromoCode({ partnerId: granted.partner_id, uuid: granted.promo_codes[0]?.uuid }, world.deps);
    await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const acme = makeBrand('acme', 'Acme Air');

    // Act
    const branded = await dashboardOf(world, [acme, makeBrand('default', 'Default Air')]);
    const byDefault = await dashboardOf(world, [makeBrand('default', 'Default Air')]);
    const unbranded = await dashboardOf(world);

    // Assess
    expect(branded.partner.branding).toEqual({
      name: 'Acme Air',
      colors: { primary: '#0b5cad', background: '#ffffff', text: '#1f1f1f' },
      logo_url: 'https://cdn.example.com/logo.svg',
    });
    expect(byDefault.partner.branding.name).toBe('Default Air');
    expect(unbranded.partner.branding).toEqual({
      name: unbranded.partner.name,
      colors: { primary: '#0b57d0', background: '#ffffff', text: '#1f1f1f' },
      logo_url: null,
    });
  });

  it('styles a traveler without an eSIM by the newest grant it lists, not by a newer one that expired', async () => {
    // Prepare: a pending grant of an `acme` booking, then a classic grant of an `other` booking that expires
    const world = memoryLifecycle();
    await world.book({ custom_branding: 'acme', package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    world.clock.advance(1_000);
    const expiresAt = new Date(world.clock.now().getTime() + 60_000).toISOString();
    await world.book({
      custom_branding: 'other',
      package_specifications: [
        makePackageSpecification({ external_user_id: 'u-1', esim_type: 'classic', destination: 'FRA', expires_at: expiresAt }),
      ],
    });
    world.clock.advance(120_000);

    // Act
    const dashboard = await dashboardOf(world, [makeBrand('acme', 'Acme Air'), makeBrand('other', 'Other Air')]);

    // Assess
    expect(dashboard.package_queues).toHaveLength(1);
    expect(dashboard.partner.branding.name).toBe('Acme Air');
  });
});
