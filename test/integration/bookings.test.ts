// Bookings end to end: create, read, delete, tenancy, idempotency and error shapes.
import { DEMO_BRAND } from '#bin/local/demo-data';
import { removeBrand, setBrand } from '#shared/usecases/manage-brands';
import { inDays, makeBookingRequest, makePackageSpecification, shortWindow } from '#test/support/factories';
import { openApiDocument } from '#test/support/contract';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { MAX_JSON_DEPTH } from '#shared/http/request';

describe('Bookings', () => {
  let service: TestService;
  let client: SignedClient;
  let otherClient: SignedClient;
  let partnerId: string;

  const create = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    client.send('POST', '/bookings', { body: makeBookingRequest(overrides), headers });

  beforeAll(async () => {
    service = await startTestService();
    const first = await service.newPartner();
    client = first.client;
    partnerId = first.partner.partner_id;
    const settings = { brand_id: DEMO_BRAND, name: 'Demo Air', primary_color: '#0b5cad', logo: null };
    await setBrand({ partnerId, settings }, service.runtime.admin);
    ({ client: otherClient } = await service.newPartner());
    await service.runtime.admin.catalog.putPackage({
      id: 'pkg-usa-unl-7d',
      package_type: 'unlimited',
      size: null,
      package_duration: 7,
      destination: 'USA',
      traffic_policy: 'fair-use',
    });
  });
  afterAll(() => service.stop());

  describe('POST /bookings', () => {
    it('creates a booking and answers 201 with an array of one BookingResponse', async () => {
      // Prepare
      const request = makeBookingRequest({ external_id: 'EXT-001', pax: 2, title: 'Mr.', gender: 'm', phone: '+4915112345678' });

      // Act
      const response = await client.send('POST', '/bookings', { body: request });

      // Assess
      expect(response.status).toBe(201);
      expect(response.body.success).toBe(true);
      expect(Array.isArray(response.body.data)).toBe(true);
      expect(response.body.data).toHaveLength(1);
      const booking = response.body.data[0];
      expect(booking).toMatchObject({
        booking_id: request.booking_id,
        external_id: 'EXT-001',
        email: 'traveler@example.com',
        pax: 2,
        title: 'mr.',
        gender: 'M',
        phone: '+4915112345678',
        departure_date: request.departure_date,
        return_date: request.return_date,
        created_by: partnerId,
        updated_by: partnerId,
        custom_branding: null,
        departure_location: null,
      });
      expect(booking).not.toHaveProperty('external_user_id');
      expect(Date.parse(booking.created_at)).not.toBeNaN();
      expect(booking.promo_codes).toHaveLength(1);
      expect(booking.promo_codes[0]).toMatchObject({ iso3: 'FRA', package_type: 'data-limited', package_duration: 365, status: 'unredeemed' });
    });

    it('gives claim_url only when the booking has no email', async () => {
      const withEmail = await create();
      const withoutEmail = await create({ email: undefined });

      expect(withEmail.body.data[0].promo_codes[0]).not.toHaveProperty('claim_url');
      const promo = withoutEmail.body.data[0].promo_codes[0];
      expect(promo.claim_url).toBe(`${service.url}/promo-codes/claim/${promo.uuid}`);
    });

    it('creates a package queue entry for each traveler-addressed entry, with its own identity', async () => {
      const response = await create({
        package_specifications: [
          makePackageSpecification({ external_user_id: 'user-1' }),
          makePackageSpecification({ email: 'second@example.com', esim_type: 'classic', expires_at: inDays(60) }),
          makePackageSpecification(),
        ],
      });

      const booking = response.body.data[0];
      expect(booking.promo_codes).toHaveLength(3);
      expect(booking.package_queues).toHaveLength(2);
      expect(booking.package_queues[0]).toMatchObject({ esim_type: 'universal', external_user_id: 'user-1', email: null });
      expect(booking.package_queues[1]).toMatchObject({ esim_type: 'classic', external_user_id: null, email: 'second@example.com' });
      expect(booking.package_queues[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(booking.promo_codes[0].package_queue_uuid).toBe(booking.package_queues[0].uuid);
    });

    it('defaults departure_date to today for a classic grant without one', async () => {
      // Today (UTC) when the request leaves and when its answer is in: two days when it crosses midnight.
      const today = () => new Date().toISOString().slice(0, 10);
      const sentOn = today();

      const response = await create({
        departure_date: undefined,
        return_date: undefined,
        package_specifications: [makePackageSpecification({ esim_type: 'classic', external_user_id: 'u-classic' })],
      });
      const answeredOn = today();

      expect(response.status).toBe(201);
      expect([sentOn, answeredOn]).toContain(response.body.data[0].departure_date);
    });

    it('requires departure_date when no entry is a classic grant', async () => {
      const response = await create({ departure_date: undefined, return_date: undefined });

      expect(response.status).toBe(400);
      expect(response.body.error.details[0].path).toBe('departure_date');
    });

    it('applies package type defaults: starter 2 days, unlimited without a default', async () => {
      const response = await create({
        package_specifications: [
          makePackageSpecification({ package_type: 'starter', size: '500MB' }),
          makePackageSpecification({ package_type: 'unlimited', size: undefined }),
        ],
      });

      const [starter, unlimited] = response.body.data[0].promo_codes;
      expect(starter.package_duration).toBe(2);
      expect(unlimited.package_duration).toBeNull();
    });

    it('resolves package_id from the catalog and ignores the other fields of the entry', async () => {
      const response = await create({ package_specifications: [{ package_id: 'pkg-usa-unl-7d', destination: 'FRA', size: '9GB' }] });

      expect(response.body.data[0].promo_codes[0]).toMatchObject({
        package_id: 'pkg-usa-unl-7d',
        package_type: 'unlimited',
        package_duration: 7,
        iso3: 'USA',
        traffic_policy: 'fair-use',
      });
    });

    it("reads an IATA airport code as its airport's country, keeps the code as sent, and a country code as the country", async () => {
      const response = await create({
        package_specifications: [
          { iata_code: 'PER', size: '1GB' },
          { destination: 'CDG', size: '1GB' },
          { destination: 'PER', size: '1GB' },
        ],
      });

      const [perth, paris, peru] = response.body.data[0].promo_codes;
      expect(perth).toMatchObject({ destination: 'PER', iso3: 'AUS' });
      expect(paris).toMatchObject({ destination: 'CDG', iso3: 'FRA' });
      expect(peru).toMatchObject({ destination: 'PER', iso3: 'PER' });
      expect(Object.keys(paris.package_specification)).not.toContain('iso3');
    });

    it("reads a bundle_id that names a catalog bundle as that bundle, the entry's own fields first, and keeps any other bundle_id as a label", async () => {
      const response = await create({
        package_specifications: [
          { bundle_id: 'pkg-usa-unl-7d' },
          { bundle_id: 'pkg-usa-unl-7d', destination: 'CAN' },
          { bundle_id: 'partner-label-42', destination: 'FRA', size: '1GB' },
        ],
      });

      expect(response.status).toBe(201);
      const [asBundle, ownPlace, label] = response.body.data[0].promo_codes;
      expect(asBundle).toMatchObject({
        package_type: 'unlimited',
        package_duration: 7,
        iso3: 'USA',
        traffic_policy: 'fair-use',
      });
      expect(ownPlace).toMatchObject({ package_type: 'unlimited', package_duration: 7, iso3: 'CAN' });
      expect(label).toMatchObject({ package_type: 'data-limited', size: '1GB', iso3: 'FRA' });
      expect([asBundle.package_specification.bundle_id, label.package_specification.bundle_id]).toEqual(['pkg-usa-unl-7d', 'partner-label-42']);
    });

    it('refuses an unknown package_id with 400', async () => {
      const response = await create({ package_specifications: [{ package_id: 'pkg-none' }] });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'unknown_package', details: [{ path: 'package_specifications.0.package_id' }] });
    });

    it('accepts a configured custom_branding and refuses an unknown one', async () => {
      const known = await create({ custom_branding: DEMO_BRAND, departure_location: 'FRA' });
      const unknown = await create({ custom_branding: 'not-a-brand' });

      expect(known.status).toBe(201);
      expect(known.body.data[0]).toMatchObject({ custom_branding: DEMO_BRAND, departure_location: 'FRA' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('unknown_custom_branding');
    });

    it("checks custom_branding against the brand entities: another partner's brand and a removed brand are refused", async () => {
      // Prepare
      const other = await service.newPartner();
      const settings = { brand_id: 'other-only', name: 'Other', primary_color: '#333333', logo: null };
      await setBrand({ partnerId: other.partner.partner_id, settings }, service.runtime.admin);
      await setBrand({ partnerId, settings: { ...settings, brand_id: 'short-lived' } }, service.runtime.admin);
      const beforeRemoval = await create({ custom_branding: 'short-lived' });
      await removeBrand({ partnerId, brandId: 'short-lived' }, service.runtime.admin);

      // Act
      const othersBrand = await create({ custom_branding: 'other-only' });
      const removed = await create({ custom_branding: 'short-lived' });

      // Assess
      expect(beforeRemoval.status).toBe(201);
      expect(othersBrand.body.error.code).toBe('unknown_custom_branding');
      expect(removed.body.error.code).toBe('unknown_custom_branding');
    });

    it('warns when the deprecated time-limited type is used', async () => {
      const response = await create({ package_specifications: [makePackageSpecification({ package_type: 'time-limited' })] });
      expect(response.status).toBe(201);
      expect(response.headers.get('warning')).toContain('deprecated');
    });

    it('warns that expires_at bounds nothing on an entry that names no traveler, and stays silent where it bounds a grant', async () => {
      // Prepare
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const entry = (traveler: string | undefined) =>
        makePackageSpecification({
          external_user_id: traveler,
          email: undefined,
          expires_at: expiresAt,
          package_type: 'time-limited',
          package_duration: 2,
        });

      // Act
      const anonymous = await create({ email: undefined, package_specifications: [entry('exp-a'), entry(undefined), entry(undefined)] });
      const named = await create({
        email: undefined,
        package_specifications: [makePackageSpecification({ external_user_id: 'exp-b', expires_at: expiresAt })],
      });

      // Assess
      expect(anonymous.status).toBe(201);
      const warnings = anonymous.headers.get('warning') ?? '';
      expect(warnings).toContain('time-limited is deprecated');
      expect(warnings).toContain('expires_at is ignored on package_specifications 1, 2');
      expect(named.status).toBe(201);
      expect(named.headers.get('warning')).toBeNull();
    });

    it('refuses a booking_id already used by this partner with 409, but not one used by another partner', async () => {
      const bookingId = `DUP-${Date.now()}`;
      const first = await create({ booking_id: bookingId });
      const second = await create({ booking_id: bookingId });
      const other = await otherClient.send('POST', '/bookings', { body: makeBookingRequest({ booking_id: bookingId }) });

      expect(first.status).toBe(201);
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('booking_id_taken');
      expect(second.body.error.details).toEqual([{ path: 'booking_id', message: `Already used by booking ${first.body.data[0].id}.` }]);
      expect(other.status).toBe(201);
    });

    describe('Idempotency-Key', () => {
      it('returns the same booking for the same key and body, without a duplicate', async () => {
        const body = makeBookingRequest();
        const key = `idem-${Date.now()}`;

        const first = await client.send('POST', '/bookings', { body, headers: { 'idempotency-key': key } });
        const second = await client.send('POST', '/bookings', { body, headers: { 'idempotency-key': key } });

        expect(first.status).toBe(201);
        expect(second.status).toBe(201);
        expect(second.body.data[0].id).toBe(first.body.data[0].id);
        const list = await client.send('GET', '/bookings?perPage=100');
        expect(list.body.data.filter((b: { booking_id: string }) => b.booking_id === body.booking_id)).toHaveLength(1);
      });

      it('answers 409 when the same key comes with another body', async () => {
        const key = `idem-other-${Date.now()}`;
        await client.send('POST', '/bookings', { body: makeBookingRequest(), headers: { 'idempotency-key': key } });

        const response = await client.send('POST', '/bookings', { body: makeBookingRequest(), headers: { 'idempotency-key': key } });

        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe('idempotency_key_reused');
      });

      it('keeps keys apart per partner', async () => {
        const key = `idem-shared-${Date.now()}`;
        const body = makeBookingRequest();
        const mine = await client.send('POST', '/bookings', { body, headers: { 'idempotency-key': key } });
        const theirs = await otherClient.send('POST', '/bookings', { body, headers: { 'idempotency-key': key } });

        expect(theirs.status).toBe(201);
        expect(theirs.body.data[0].id).not.toBe(mine.body.data[0].id);
      });
    });
  });

  describe('bad input', () => {
    it('answers 400 for malformed JSON', async () => {
      const response = await client.send('POST', '/bookings', { rawBody: '{"email": ' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: { code: 'validation_error' } });
    });

    it.each([
      ['a body that is not JSON', 'text/plain'],
      ['JSON declared in another charset than UTF-8', 'application/json; charset=utf-16'],
    ])('answers 415 for %s', async (_, contentType) => {
      const response = await client.send('POST', '/bookings', { rawBody: '{"email":"a@example.com"}', headers: { 'content-type': contentType } });
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    });

    it('reads JSON declared as UTF-8', async () => {
      const response = await client.send('POST', '/bookings', {
        rawBody: JSON.stringify(makeBookingRequest()),
        headers: { 'content-type': 'application/json; charset=UTF-8' },
      });
      expect(response.status).toBe(201);
    });

    it('answers 400 for a JSON array instead of an object', async () => {
      const response = await client.send('POST', '/bookings', { body: [] });
      expect(response.status).toBe(400);
    });

    it.each([
      ['package_specifications entries that are arrays', { package_specifications: [[], ['FRA']] }, 'package_specifications.0'],
      ['data that is an array', { data: ['x'] }, 'data'],
      ['communication_options that is an array', { communication_options: [] }, 'communication_options'],
      ['data over 16 KB', { data: { note: 'x'.repeat(17 * 1024) } }, 'data'],
    ])('answers 400 for %s', async (_label, overrides, path) => {
      const response = await create(overrides);
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].path).toBe(path);
    });

    it('names a missing required member in the message', async () => {
      const response = await client.send('POST', '/bookings', { body: { email: 'a@b.co', departure_date: inDays(3) } });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0]).toEqual({ path: 'package_specifications', message: 'package_specifications is required.' });
    });

    it('refuses a return_date before the departure the server chose for a classic grant', async () => {
      const response = await create({
        departure_date: undefined,
        return_date: '2001-01-01',
        package_specifications: [makePackageSpecification({ esim_type: 'classic', external_user_id: 'u-classic' })],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].path).toBe('return_date');
    });

    it.each([
      // biome-ignore lint/correctness/noPrecisionLoss: the number beyond the safe range is the point of the case
      ['numbers beyond the safe range', { n: 9007199254740993, big: 1e300, tiny: 1e-200 }],
      // The body is level 1 and data level 2: the deepest data that stays within the body's limit.
      ['nesting up to the body limit', JSON.parse(`${'{"a":'.repeat(MAX_JSON_DEPTH - 2)}1${'}'.repeat(MAX_JSON_DEPTH - 2)}`)],
      ['an empty key', { '': 'x' }],
    ])('stores free-form data with %s (201, never a 500)', async (_label, data) => {
      const response = await create({ data });
      expect(response.status).toBe(201);
    });

    it('refuses a classic grant that names no traveler with 400 traveler_required', async () => {
      // Act
      const response = await create({
        email: undefined,
        package_specifications: [makePackageSpecification({ esim_type: 'classic', external_user_id: undefined, email: undefined })],
      });

      // Assess
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        success: false,
        error: { code: 'traveler_required', details: [{ path: 'package_specifications.0.external_user_id' }] },
      });
    });

    it('accepts communication channels beyond EMAIL', async () => {
      const response = await create({ communication_options: { should_send_message: true, channels: ['EMAIL', 'SMS'] } });
      expect(response.status).toBe(201);
    });

    it.each([
      ['GET', `/bookings/${'x'.repeat(1100)}`],
      ['DELETE', `/bookings/${'x'.repeat(2100)}/byExternalBookingId`],
      ['PUT', `/bookings/${'x'.repeat(2100)}/updatePackageSpecifications`],
      ['PUT', `/bookings/BK-1/updatePackageSpecification/${'u'.repeat(1100)}`],
    ])('answers 404 for an id too long to exist (%s)', async (method, path) => {
      const body = method === 'PUT' ? { package_specification: { package_type: 'data-limited', size: '1GB' } } : undefined;
      const response = await client.send(method, path, { body });
      expect(response.status).toBe(404);
    });

    it('answers 400 for a malformed URL and keeps serving', async () => {
      const malformed = await fetch(`${service.url}/bookings/%E0%A4%A`);
      const after = await client.send('GET', '/bookings');
      expect(malformed.status).toBe(400);
      expect(after.status).toBe(200);
    });

    it('answers 404 in the error shape, not to be cached nor sniffed, for an unknown route, as every JSON answer', async () => {
      const response = await client.send('GET', '/nothing-here');
      const found = await client.send('GET', '/bookings?perPage=1');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: { code: 'route_not_found' } });
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect([response.headers.get('x-content-type-options'), found.headers.get('x-content-type-options')]).toEqual(['nosniff', 'nosniff']);
    });

    it.each(['/countries', '/countries/packages', '/countries/FRA/packages'])('answers 410 for the removed %s', async (path) => {
      const response = await client.send('GET', path);
      expect(response.status).toBe(410);
      expect(response.body.message).toContain('/destinations');
    });
  });

  describe('GET and DELETE', () => {
    it('reads a booking by id (in any case), and another partner gets 404 for it', async () => {
      const created = (await create()).body.data[0];

      const mine = await client.send('GET', `/bookings/${created.id}`);
      const upperCase = await client.send('GET', `/bookings/${created.id.toUpperCase()}`);
      const theirs = await otherClient.send('GET', `/bookings/${created.id}`);

      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual(created);
      expect(upperCase.body.data).toEqual(created);
      expect(theirs.status).toBe(404);
      expect(theirs.body.error.code).toBe('booking_not_found');
    });

    it("answers a promo code's package_specification in the document's member order on every read, as on creation", async () => {
      // Prepare
      const documentedOrder = Object.keys(openApiDocument.components.schemas.PackageSpecification.properties);
      const created = (await create()).body.data[0];
      const uuid = created.promo_codes[0].uuid;

      // Act
      const read = await client.send('GET', `/bookings/${created.id}`);
      const list = await client.send('GET', '/bookings?perPage=100');
      const promoCode = await client.send('GET', `/promo-codes/${uuid}`);

      // Assess
      const listed = list.body.data.find((booking: { id: string }) => booking.id === created.id);
      expect(Object.keys(created.promo_codes[0].package_specification)).toEqual(documentedOrder);
      expect(Object.keys(read.body.data.promo_codes[0].package_specification)).toEqual(documentedOrder);
      expect(Object.keys(listed.promo_codes[0].package_specification)).toEqual(documentedOrder);
      expect(Object.keys(promoCode.body.data.package_specification)).toEqual(documentedOrder);
    });

    it('shows a pending queue entry past its expires_at as expired, as every other read does (decision F27)', async () => {
      const window = shortWindow();
      const created = (
        await create({
          package_specifications: [
            makePackageSpecification({ external_user_id: 'late-traveler', expires_at: window.expiresAt }),
            makePackageSpecification({ external_user_id: 'timely-traveler' }),
          ],
        })
      ).body.data[0];
      await window.closed();

      const read = await client.send('GET', `/bookings/${created.id}`);
      const list = await client.send('GET', '/bookings?perPage=100');

      expect(created.package_queues.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'pending']);
      expect(read.body.data.package_queues.map((entry: { status: string }) => entry.status)).toEqual(['expired', 'pending']);
      const listed = list.body.data.find((booking: { id: string }) => booking.id === created.id);
      expect(listed.package_queues.map((entry: { status: string }) => entry.status)).toEqual(['expired', 'pending']);
    });

    it("answers 404 for an id that never existed, like for another partner's", async () => {
      const response = await client.send('GET', '/bookings/00000000-0000-7000-8000-000000000000');
      expect(response.status).toBe(404);
    });

    it('deletes by id; the booking is gone afterwards and its booking_id is free again', async () => {
      const created = (await create()).body.data[0];

      const deleted = await client.send('DELETE', `/bookings/${created.id}`);
      const read = await client.send('GET', `/bookings/${created.id}`);
      const reused = await create({ booking_id: created.booking_id });

      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true, message: expect.any(String), data: {} });
      expect(read.status).toBe(404);
      expect(reused.status).toBe(201);
    });

    it.each([
      ['an ASCII booking_id', undefined],
      ['a booking_id of 200 emoji (255 characters at most, counted as characters)', '🙂'.repeat(200)],
    ])('deletes by the partner booking_id through byExternalBookingId: %s', async (_, bookingId) => {
      const created = (await create(bookingId ? { booking_id: bookingId } : {})).body.data[0];

      const deleted = await client.send('DELETE', `/bookings/${encodeURIComponent(created.booking_id)}/byExternalBookingId`);
      const read = await client.send('GET', `/bookings/${created.id}`);

      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({});
      expect(read.status).toBe(404);
    });

    it('will not let another partner delete a booking', async () => {
      const created = (await create()).body.data[0];

      const byId = await otherClient.send('DELETE', `/bookings/${created.id}`);
      const byReference = await otherClient.send('DELETE', `/bookings/${created.booking_id}/byExternalBookingId`);
      const stillThere = await client.send('GET', `/bookings/${created.id}`);

      expect(byId.status).toBe(404);
      expect(byReference.status).toBe(404);
      expect(stillThere.status).toBe(200);
    });
  });
});
