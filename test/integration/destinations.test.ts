// GET /destinations and GET /destinations/{id}: the seeded catalog, localization, id forms, bundles as package ids.
import { type JsonOperation, operations } from '#shared/api/operations';
import { readFileSync } from 'node:fs';
import isoCountries from 'i18n-iso-countries/index.js';
import { join } from 'node:path';
import { CATALOG_FILE } from '#bin/local/runtime';
import { importCatalog } from '#shared/usecases/catalog';
import { serviceClock } from '#shared/clock';
import { makeBookingRequest } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';

const catalogFile = JSON.parse(readFileSync(join(projectRoot, CATALOG_FILE), 'utf8'));

/** The example answer of GET /destinations/{id} in the operation registry. */
const documentedDestination = () => {
  const { response } = operations.getDestination as JsonOperation;
  if (!response) throw new Error('GET /destinations/{id} documents no answer');
  return (response.example as { data: { bundles: unknown[] } }).data;
};

describe('Destinations', () => {
  let service: TestService;
  let client: SignedClient;
  let otherClient: SignedClient;

  beforeAll(async () => {
    service = await startTestService({}, { catalog: true });
    ({ client } = await service.newPartner());
    ({ client: otherClient } = await service.newPartner());
  });
  afterAll(() => service.stop());

  it('lists every ISO 3166 country and every region of the catalog file in one response', async () => {
    const response = await client.send('GET', '/destinations');

    expect(response.status).toBe(200);
    const countries = response.body.data.filter((d: { type: string }) => d.type === 'country');
    const regions = response.body.data.filter((d: { type: string }) => d.type === 'region');
    expect(countries).toHaveLength(Object.keys(isoCountries.getAlpha3Codes()).length);
    expect(regions.map((r: { id: string }) => r.id).sort()).toEqual(catalogFile.regions.map((r: { id: string }) => r.id).sort());
    expect(countries.find((c: { id: string }) => c.id === 'FRA')).toEqual({
      id: 'FRA',
      type: 'country',
      name: 'France',
      iso3: 'FRA',
      iso2: 'FR',
      regions: ['europe', 'global'],
      countries: ['FRA'],
      bundle_count: 8,
    });
    expect(response.headers.get('content-language')).toBe('en');
  });

  it.each([
    ['?locale=de', {}, 'de', 'Frankreich', 'Europa'],
    ['?locale=fr-CA', {}, 'fr', 'France', 'Europe'],
    ['', { 'accept-language': 'it;q=0.9, es-MX;q=0.8, en;q=0.1' }, 'es', 'Francia', 'Europa'],
    ['?locale=ja', { 'accept-language': 'de' }, 'en', 'France', 'Europe'],
    ['', { 'accept-language': 'zz-ZZ' }, 'en', 'France', 'Europe'],
  ])('localizes names for %s %j as %s', async (query, headers, locale, france, europe) => {
    const response = await client.send('GET', `/destinations${query}`, { headers });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe(locale);
    const byId = new Map(response.body.data.map((d: { id: string; name: string }) => [d.id, d.name]));
    expect(byId.get('FRA')).toBe(france);
    expect(byId.get('europe')).toBe(europe);
  });

  it('refuses a malformed locale with 400', async () => {
    const response = await client.send('GET', '/destinations?locale=not%20a%20locale');

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: [{ path: 'locale' }] });
  });

  it('answers one country with its own bundles and those of its regions', async () => {
    const response = await client.send('GET', '/destinations/FRA?locale=de');

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: 'FRA', name: 'Frankreich', bundle_count: 8 });
    // The OpenAPI example shows the catalog's first French bundle: the answer and the document say the same.
    expect(response.body.data.bundles[0]).toEqual(documentedDestination().bundles[0]);
    expect(response.body.data.bundles.map((b: { destination: string }) => b.destination)).toEqual(
      expect.arrayContaining(['FRA', 'europe', 'global']),
    );
  });

  it.each(['fra', 'FR', 'fr', ' FRA'])('addresses a country by ISO3 or ISO2 in any case: %s', async (id) => {
    const response = await client.send('GET', `/destinations/${encodeURIComponent(id)}`);

    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe('FRA');
  });

  it('answers a region with its member countries and bundles', async () => {
    const response = await client.send('GET', '/destinations/Europe');

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: 'europe', type: 'region', name: 'Europe', iso3: 'XEU', iso2: null, regions: [] });
    expect(response.body.data.countries).toEqual(expect.arrayContaining(['FRA', 'DEU', 'ESP']));
    expect(response.body.data.bundles.every((b: { destination: string }) => b.destination === 'europe')).toBe(true);
  });

  it('gives every region an ISO 3166 user-assigned alpha-3 code (X-range) of its own, by which it is also found', async () => {
    const list = await client.send('GET', '/destinations');
    const byCode = await client.send('GET', '/destinations/xeu');

    const regions = list.body.data.filter((d: { type: string }) => d.type === 'region');
    const codes = regions.map((r: { iso3: string }) => r.iso3);
    expect(codes.every((code: string) => /^X[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(regions.length);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data).toMatchObject({ id: 'europe', iso3: 'XEU' });
  });

  it('books and redeems a region bundle end to end, by package_id or by the region code as destination', async () => {
    const traveler = `region-${Date.now()}`;
    const body = makeBookingRequest({
      package_specifications: [
        { package_id: 'pkg-eu-10gb-30d', external_user_id: traveler },
        { destination: 'XAS', size: '5GB', package_duration: 15, external_user_id: traveler },
      ],
    });

    const booked = await client.send('POST', '/bookings', { body });
    const [byPackage, byCode] = booked.body.data[0].package_queues as Array<{ uuid: string }>;
    const redeemed = [];
    for (const entry of [byPackage!, byCode!]) {
      redeemed.push(await client.send('POST', '/native/redeem-package', { body: { external_user_id: traveler, package_queue_id: entry.uuid } }));
    }

    expect(booked.status).toBe(201);
    expect(booked.body.data[0].promo_codes.map((p: { iso3: string }) => p.iso3)).toEqual(['XEU', 'XAS']);
    expect(redeemed.map((r) => r.status)).toEqual([200, 200]);
    expect(redeemed[1]!.body.data.current_esim_packages.map((p: { destination: string }) => p.destination)).toEqual(['XEU', 'XAS']);
  });

  it('provisions a trip to several countries in the smallest region covering them all, also after an update call', async () => {
    // Prepare
    const traveler = `trip-${Date.now()}`;
    const body = makeBookingRequest({
      package_specifications: [
        { destination: ['FRA', 'ITA'], size: '5GB', external_user_id: traveler },
        { destination: ['CDG', 'JFK'], size: '5GB' },
        { destination: ['FRA', 'QQQ'], size: '5GB' },
        { destination: ['CDG', 'ORY'], size: '5GB' },
      ],
    });

    // Act
    const booked = await client.send('POST', '/bookings', { body });
    const [trip] = booked.body.data[0].package_queues as Array<{ uuid: string }>;
    const redeemed = await client.send('POST', '/native/redeem-package', { body: { external_user_id: traveler, package_queue_id: trip!.uuid } });
    const updated = await client.send('PUT', `/bookings/${booked.body.data[0].booking_id}/updatePackageSpecifications`, {
      body: { package_specification: { package_type: 'data-limited', size: '1GB', destination: ['DEU', 'ESP'] } },
    });

    // Assess: Europe for France and Italy, Global for France and the United States; an unknown code or one country: no region
    expect(booked.status).toBe(201);
    const promoCodes = booked.body.data[0].promo_codes as Array<{ iso3: string; destination: string[] }>;
    expect(promoCodes.map((p) => p.iso3)).toEqual(['XEU', 'XGL', 'FRA', 'FRA']);
    expect(promoCodes[0]!.destination).toEqual(['FRA', 'ITA']);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data.current_esim_packages.map((p: { destination: string }) => p.destination)).toEqual(['XEU']);
    expect(updated.status).toBe(200);
    expect(updated.body.data.promo_codes.map((p: { iso3: string; status: string }) => [p.status, p.iso3])).toEqual([
      ['redeemed', 'XEU'],
      ['unredeemed', 'XEU'],
      ['unredeemed', 'XEU'],
      ['unredeemed', 'XEU'],
    ]);
  });

  it.each(['XYZ', 'QQ', 'atlantis', 'a'.repeat(300), '%F0%9F%8C%8D'])('answers an unknown id %s with 404 destination_not_found', async (id) => {
    const response = await client.send('GET', `/destinations/${id}`);

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, data: {}, error: { code: 'destination_not_found' } });
  });

  it('serves the same global catalog to every partner', async () => {
    const mine = await client.send('GET', '/destinations/DEU');
    const theirs = await otherClient.send('GET', '/destinations/DEU');

    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual(mine.body.data);
  });

  it('requires a partner signature', async () => {
    const response = await client.send('GET', '/destinations', { omit: ['x-signature'] });

    expect(response.status).toBe(401);
  });

  it('accepts every bundle id as package_id in POST /bookings', async () => {
    const body = makeBookingRequest({
      package_specifications: [{ package_id: 'pkg-eu-10gb-30d' }, { package_id: 'pkg-usa-unl-7d' }],
    });

    const response = await client.send('POST', '/bookings', { body });

    expect(response.status).toBe(201);
    const [europe, usa] = response.body.data[0].promo_codes;
    expect(europe).toMatchObject({ package_id: 'pkg-eu-10gb-30d', size: '10GB', package_duration: 30, package_type: 'data-limited' });
    expect(usa).toMatchObject({ package_id: 'pkg-usa-unl-7d', package_type: 'unlimited', iso3: 'USA' });
  });

  it('re-importing the seeded version changes nothing; changed content under the same version is refused', async () => {
    const deps = { catalog: service.runtime.admin.catalog, clock: serviceClock };

    const again = await importCatalog(catalogFile, deps);
    const altered = importCatalog({ ...catalogFile, bundles: catalogFile.bundles.slice(1) }, deps);

    expect(again).toMatchObject({ version: catalogFile.version, changed: false });
    await expect(altered).rejects.toMatchObject({ status: 409, code: 'catalog_version_changed' });
  });

  it('a newer version removes the bundles it no longer lists', async () => {
    const deps = { catalog: service.runtime.admin.catalog, clock: serviceClock };
    const dropped = catalogFile.bundles[0].id;

    const result = await importCatalog({ ...catalogFile, version: catalogFile.version + 1, bundles: catalogFile.bundles.slice(1) }, deps);
    const detail = await client.send('GET', '/destinations/FRA');
    const booking = await client.send('POST', '/bookings', { body: makeBookingRequest({ package_specifications: [{ package_id: dropped }] }) });

    expect(result).toMatchObject({ version: catalogFile.version + 1, changed: true, removed_bundles: [dropped] });
    expect(detail.body.data.bundles.map((b: { id: string }) => b.id)).not.toContain(dropped);
    expect(booking.status).toBe(400);
    expect(booking.body.error.code).toBe('unknown_package');
    await expect(importCatalog(catalogFile, deps)).rejects.toMatchObject({ status: 409, code: 'catalog_version_older' });
  });
});
