// Web app catalog wording: the home page names destinations in the page's language (countries from ISO 3166,
// regions from the catalog), and the shop lists a destination's bundles in one currency, regional ones labeled.
import type { BundleRecord, DestinationRecord, DestinationSummary } from '#shared/domain/catalog';
import { showShop } from '#shared/usecases/web-shop';
import type { TravelerHomeView } from '#shared/usecases/ports/travelers';
import { showTravelerHomePage } from '#shared/usecases/traveler-home';
import { translator, type Language } from '#shared/web/i18n';
import { homePage } from '#shared/web/pages';

/** A link's eSIM reference, made readable for the assertions (the page handlers seal it with the session). */
const esimReference = (iccid: string) => `sealed-${iccid.slice(-2)}`;
import { shopPage } from '#shared/web/shop-page';
import { makeBundleRecord, makeFranceRecord } from '#test/support/factories';

const frameIn = (language: Language) => ({ language, t: translator(language), basePath: '/api' });
/** The page's visible text, tags removed, so assertions read like what a traveler sees. */
const textOf = (page: { value: string }) => page.value.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const bundle = (overrides: Partial<BundleRecord>): BundleRecord => makeBundleRecord({ id: 'pkg', ...overrides });
const region = (id: string, names: DestinationSummary['names']): DestinationSummary => ({
  id,
  type: 'region',
  iso3: null,
  iso2: null,
  names,
  regions: [],
  countries: ['FRA', 'DEU'],
  bundle_count: 1,
});
const europe = region('europe', { en: 'Europe', de: 'Europa' });
const global = region('global', { en: 'Global', de: 'Weltweit' });
const france = makeFranceRecord({
  regions: ['europe', 'global'],
  bundle_count: 4,
  bundles: [
    bundle({ id: 'pkg-fra-5gb' }),
    bundle({ id: 'pkg-eu-10gb', destination: 'europe', size: '10GB', price: 2499 }),
    bundle({ id: 'pkg-global-3gb', destination: 'global', size: '3GB', price: 3900, currency: 'USD' }),
  ],
});
const catalog = {
  listDestinations: async () => [france, europe, global],
  getDestination: async (id: string) => [france, { ...europe, bundles: [] }, { ...global, bundles: [] }].find((destination) => destination.id === id),
  listRegions: async () =>
    [
      [europe, 'XEU'],
      [global, 'XGL'],
    ].map(([region, code]) => ({
      id: (region as DestinationSummary).id,
      code: code as string,
      names: (region as DestinationSummary).names,
      countries: [],
    })),
};

describe('Web app: destinations by name', () => {
  const view: TravelerHomeView = {
    externalUserId: 'traveler-1',
    locale: 'de',
    brandId: null,
    packageQueues: [
      {
        uuid: 'q-1',
        esim_type: 'universal',
        status: 'pending',
        expires_at: null,
        package: { package_type: 'data-limited', size: '1GB', package_duration: 7, destination: 'JPN' },
      },
    ],
    currentEsim: {
      iccid: '8900000000000000001',
      kind: 'universal',
      status: 'installed',
      packages: [
        {
          package_id: 'p-1',
          status: 'active',
          destination: 'FRA',
          size: '5GB',
          used_bytes: 0,
          remaining_bytes: 5 * 1024 ** 3,
          usage_percent: 0,
          expires_at: '2026-12-31T00:00:00.000Z',
        },
        {
          package_id: 'p-0',
          status: 'expired',
          destination: 'ITA',
          size: '1GB',
          used_bytes: 0,
          remaining_bytes: 1024 ** 3,
          usage_percent: 0,
          expires_at: '2026-05-31T00:00:00.000Z',
        },
        {
          package_id: 'p-2',
          status: 'queued',
          destination: 'europe',
          size: '10GB',
          used_bytes: 0,
          remaining_bytes: 10 * 1024 ** 3,
          usage_percent: 0,
          expires_at: null,
        },
        {
          package_id: 'p-3',
          status: 'queued',
          destination: 'XGL',
          size: '3GB',
          used_bytes: 0,
          remaining_bytes: 3 * 1024 ** 3,
          usage_percent: 0,
          expires_at: null,
        },
      ],
    },
    otherEsims: [],
  };

  it('names countries and regions on the home page in the page language, never by their codes', async () => {
    // Prepare
    const session = { partner_id: 'ptn_1', external_user_id: 'traveler-1' } as Parameters<typeof showTravelerHomePage>[0]['session'];
    let reads = 0;
    const deps = {
      home: { load: async () => view },
      brands: { resolve: async () => undefined },
      catalog: { listRegions: async () => ((reads += 1), catalog.listRegions()) },
    };

    // Act
    const { regionNames } = await showTravelerHomePage({ session }, deps);
    const page = textOf(homePage(frameIn('de'), { view, regionNames, csrfToken: 'csrf', esimReference }));

    // Assess: a region is named by its id (older packages) and by its code (XEU) alike, from one read
    expect(reads).toBe(1);
    expect(page).toContain('Frankreich · 5 GB');
    expect(page).toContain('Europa · 10 GB');
    expect(page).toContain('Weltweit · 3 GB');
    expect(page).toContain('Japan');
    // An active package is valid until its end, an expired one expired then (with the time, named UTC)
    expect(page).toContain('Gültig bis 31.12.2026, 00:00 UTC');
    expect(page).toContain('Abgelaufen am 31.05.2026, 00:00 UTC');
    expect(page).not.toMatch(/\b(FRA|JPN|europe|XGL)\b/);
  });

  it("says an unlimited package's meter is its validity elapsed, not its data used", () => {
    // Prepare: an expired unlimited package beside a data package
    const unlimited = {
      ...view.currentEsim!.packages[0]!,
      package_id: 'p-9',
      size: null,
      remaining_bytes: null,
      usage_percent: 100,
      status: 'expired' as const,
    };
    const withUnlimited: TravelerHomeView = { ...view, currentEsim: { ...view.currentEsim!, packages: [view.currentEsim!.packages[0]!, unlimited] } };

    // Act
    const page = textOf(homePage(frameIn('en'), { view: withUnlimited, regionNames: {}, csrfToken: 'csrf', esimReference }));

    // Assess
    expect(page).toContain('0% used');
    expect(page).toContain('100% of its validity used');
    expect(page).not.toContain('100% used');
  });

  it("lists a country's bundles in one currency, its own first, then the regional ones under their region's name", async () => {
    // Act
    const shop = await showShop({ destinationId: 'fra' }, { catalog });
    const page = textOf(shopPage(frameIn('en'), { view: shop, csrfToken: 'csrf', nonce: 'n'.repeat(20) }));

    // Assess
    expect(shop.groups.map((group) => [group.region?.id, group.bundles.map((offered) => offered.id)])).toEqual([
      [undefined, ['pkg-fra-5gb']],
      ['europe', ['pkg-eu-10gb']],
    ]);
    expect(page).toMatch(/Packages: France .*€12\.99.* Regional packages: Europe They also work in the other countries of this region\. .*€24\.99/);
    expect(page).not.toContain('$');
  });

  it('offers in its picker only destinations with something to buy, their own or through a region', async () => {
    // Prepare: Antarctica is in no region and has no bundle; Germany has none of its own but Europe covers it
    const antarctica = { ...france, id: 'ATA', iso3: 'ATA', iso2: 'AQ', regions: [], bundle_count: 0, bundles: [] };
    const germany = { ...france, id: 'DEU', iso3: 'DEU', iso2: 'DE', regions: ['europe'], bundle_count: 0, bundles: [] };
    const shop = await showShop({}, { catalog: { ...catalog, listDestinations: async () => [france, germany, antarctica, europe, global] } });

    // Act
    const page = shopPage(frameIn('en'), { view: shop, csrfToken: 'csrf', nonce: 'n'.repeat(20) }).value;

    // Assess
    expect(page).toContain('value="FRA"');
    expect(page).toContain('value="DEU"');
    expect(page).not.toContain('value="ATA"');
  });

  it('keeps the regional currency for a country sold only through regions', async () => {
    // Prepare: Germany has no bundles of its own; Europe sells in euros, Global in dollars twice.
    const germany: DestinationRecord = {
      ...france,
      id: 'DEU',
      iso3: 'DEU',
      iso2: 'DE',
      bundles: [
        bundle({ id: 'pkg-eu-10gb', destination: 'europe' }),
        bundle({ id: 'pkg-global-3gb', destination: 'global', currency: 'USD' }),
        bundle({ id: 'pkg-global-10gb', destination: 'global', currency: 'USD' }),
      ],
    };

    // Act
    const shop = await showShop({ destinationId: 'DEU' }, { catalog: { ...catalog, getDestination: async () => germany } });

    // Assess: the most common currency, one heading per region.
    expect(shop.groups.map((group) => [group.region?.id, group.bundles.map((offered) => offered.currency)])).toEqual([['global', ['USD', 'USD']]]);
  });
});
