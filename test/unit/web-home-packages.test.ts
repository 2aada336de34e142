// The web app home's package cards: what a traveler can still use comes first, and a package that ended says so
// without offering data that is gone.
import { assignedExternalUserId, newUserId } from '#shared/domain/traveler';
import type { EsimPackageView, TravelerHomeView } from '#shared/usecases/ports/travelers';
import { translator } from '#shared/web/i18n';
import { homePage } from '#shared/web/pages';

/** A link's eSIM reference, made readable for the assertions (the page handlers seal it with the session). */
const esimReference = (iccid: string) => `sealed-${iccid.slice(-2)}`;

const frame = { language: 'en' as const, t: translator('en'), basePath: '/api' };
/** The page's visible text, tags removed, so assertions read like what a traveler sees. */
const textOf = (page: { value: string }) => page.value.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const makePackage = (overrides: Partial<EsimPackageView>): EsimPackageView => ({
  package_id: 'pkg-1',
  status: 'active',
  destination: 'FRA',
  size: '1GB',
  used_bytes: 322_122_547,
  remaining_bytes: 751_619_277,
  usage_percent: 30,
  expires_at: '2026-12-06T18:30:00.000Z',
  ...overrides,
});

const homeWith = (packages: EsimPackageView[]): TravelerHomeView => ({
  externalUserId: 'alice',
  locale: 'en',
  brandId: null,
  packageQueues: [],
  currentEsim: { iccid: '8900000000000000001', kind: 'universal', status: 'installed', packages },
  otherEsims: [],
});

describe('Web app home: package cards', () => {
  it('shows an expired package without data left or a meter, and a used-up one without a validity', () => {
    // Prepare
    const view = homeWith([
      makePackage({ package_id: 'pkg-expired', status: 'expired' }),
      makePackage({ package_id: 'pkg-depleted', status: 'depleted', used_bytes: 1024 ** 3, remaining_bytes: 0, usage_percent: 100 }),
    ]);

    // Act
    const page = homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference });
    const text = textOf(page);

    // Assess
    expect(text).toContain('Expired on Dec 6, 2026, 6:30 PM UTC');
    expect(text).not.toContain('717 MB left');
    expect(page.value).not.toContain('aria-labelledby="meter-pkg-expired"');
    expect(page.value).toContain('aria-labelledby="meter-pkg-depleted"');
    expect(text).not.toContain('Valid until');
  });

  it('links a second eSIM to its install page until it is installed, and an installed one to nothing', () => {
    // Prepare
    const classic = (status: 'provisioned' | 'installed', iccid: string) => ({
      iccid,
      kind: 'classic' as const,
      status,
      packages: [makePackage({ package_id: `pkg-${iccid}`, destination: 'ITA' })],
    });
    const view = {
      ...homeWith([makePackage({})]),
      otherEsims: [classic('installed', '8900000000000000002'), classic('provisioned', '8900000000000000003')],
    };

    // Act
    const page = homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference }).value;

    // Assess
    expect(page).not.toContain('/app/install?esim=sealed-02');
    expect(page).toContain('/app/install?esim=sealed-03');
    expect(page).not.toMatch(/href="[^"]*8900000000000000003/);
  });

  it('keeps a grant whose window ended in view, without a button, under its own heading', () => {
    // Prepare
    const grant = (uuid: string, status: 'pending' | 'expired') => ({
      uuid,
      esim_type: 'universal' as const,
      status,
      expires_at: '2026-11-28T20:37:00.000Z',
      package: { package_type: 'data-limited' as const, size: '1GB', package_duration: 7, destination: status === 'pending' ? 'PRT' : 'GRC' },
    });
    const unlimitedWithoutDuration = {
      ...grant('q-unready', 'expired'),
      package: { package_type: 'unlimited' as const, size: null, package_duration: null, destination: 'ITA' },
    };
    const view = { ...homeWith([]), packageQueues: [grant('q-open', 'pending'), grant('q-missed', 'expired'), unlimitedWithoutDuration] };

    // Act
    const page = homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference }).value;
    const text = textOf({ value: page });

    // Assess
    expect(text).toContain('Packages no longer available');
    expect(text).toContain('Greece');
    expect(text).toContain('Expired on Nov 28, 2026, 8:37 PM UTC');
    expect(text).toContain('Available until Nov 28, 2026, 8:37 PM UTC');
    expect(page).toContain('value="q-open"');
    expect(page).not.toContain('value="q-missed"');
    // An expired grant reads expired, even one the partner never made ready (an unlimited grant without a duration)
    expect(text).toMatch(/Italy .*Status Expired/);
    expect(text).not.toContain('Not ready yet');
  });

  it('opens the shop on the country of the active package, and on the list without one', () => {
    // Prepare
    const abroad = homeWith([makePackage({ status: 'active', destination: 'USA' })]);
    const inRegion = homeWith([makePackage({ status: 'active', destination: 'XEU' })]);
    const waiting = homeWith([makePackage({ status: 'queued', destination: 'ESP' })]);

    // Act
    const [usa, europe, none] = [abroad, inRegion, waiting].map(
      (view) => homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference }).value,
    );

    // Assess
    expect(usa).toContain('href="/api/app/shop?destination=USA"');
    expect(europe).toContain('href="/api/app/shop"');
    expect(none).toContain('href="/api/app/shop"');
  });

  it('names a traveler known by email by that email, not the ext_ id the service made up, and others by their id', () => {
    // Prepare
    const assigned = assignedExternalUserId(newUserId());
    const byEmail = { ...homeWith([]), externalUserId: assigned, email: 'claire@example.com' };
    const byPartnerId = { ...homeWith([]), externalUserId: 'claire-42', email: 'claire@example.com' };

    // Act
    const [emailPage, idPage] = [byEmail, byPartnerId].map((view) =>
      textOf(homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference })),
    );

    // Assess
    expect(emailPage).toContain('Signed in as claire@example.com');
    expect(emailPage).not.toContain(assigned);
    expect(idPage).toContain('Traveler ID claire-42');
  });

  it('lists the active package first, then those waiting, then the ones that ended', () => {
    // Prepare: in the order they were added, an old trip's first
    const view = homeWith([
      makePackage({ package_id: 'pkg-old', status: 'expired', destination: 'ITA' }),
      makePackage({ package_id: 'pkg-next', status: 'queued', destination: 'ESP', expires_at: null }),
      makePackage({ package_id: 'pkg-now', status: 'active', destination: 'USA' }),
    ]);

    // Act
    const text = textOf(homePage(frame, { view, regionNames: {}, csrfToken: 'csrf', esimReference }));

    // Assess
    const order = ['United States', 'Spain', 'Italy'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('Valid until Dec 6, 2026, 6:30 PM UTC');
  });
});
