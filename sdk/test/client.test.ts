// SDK against the local runtime: signed calls in both path forms, paging, typed errors, a real webhook verified, and the
// native, catalog, promo code and redirect-token wrappers.
import { randomUUID } from 'node:crypto';
import { rotateWebhookSigningSecret, setWebhookSettings } from '../../shared/usecases/manage-webhooks.ts';
import { inDays, makeBookingRequest, makePackageSpecification } from '../../test/support/factories.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { eventually, startReceiver, type Receiver } from '../../test/support/webhook-receiver.ts';
import { ConflictError, createEsimBookingClient, NotFoundError, ValidationError, verifyWebhook, type BookingRequest } from '../src/index';

describe('SDK: @esim-booking/sdk against the local runtime', () => {
  let service: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    // The catalog seeded as `npm start` does, for client.destinations.
    service = await startTestService({}, { catalog: true });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.stop();
  });

  const newClient = async (signedPath: 'relative' | 'api-prefixed' = 'relative') => {
    const { partner } = await service.newPartner();
    const client = createEsimBookingClient({ baseUrl: service.url, apiKey: partner.api_key, apiSecret: partner.api_secret!, signedPath });
    return { partner, client };
  };
  const bookingRequest = (overrides = {}) => makeBookingRequest(overrides) as BookingRequest;

  it.each(['relative', 'api-prefixed'] as const)('creates, reads, lists and deletes bookings, signing the %s path', async (signedPath) => {
    // Prepare
    const { client } = await newClient(signedPath);

    // Act
    const [created] = await client.bookings.create(bookingRequest());
    const read = await client.bookings.get(created!.id);
    const page = await client.bookings.list({ perPage: 5 });
    await client.bookings.delete(created!.id);

    // Assess
    expect(read).toEqual(created);
    expect(page.data.map((booking) => booking.id)).toEqual([created!.id]);
    expect(page.pagination).toMatchObject({ perPage: 5, hasNextPage: false, hasPrevPage: false });
    await expect(client.bookings.get(created!.id)).rejects.toMatchObject({ status: 404, code: 'booking_not_found' });
  });

  it('books a name that holds U+FFFD, as a name taken from another system may, which the service refuses written raw', async () => {
    // Prepare
    const { client } = await newClient();
    const firstName = 'M\uFFFDller';

    // Act
    const [created] = await client.bookings.create(bookingRequest({ first_name: firstName }));

    // Assess
    expect(created!.first_name).toBe(firstName);
    expect((await client.bookings.get(created!.id)).first_name).toBe(firstName);
  });

  it('pages through every booking with for await, newest first', async () => {
    // Prepare
    const { client } = await newClient();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.unshift((await client.bookings.create(bookingRequest()))[0]!.id);

    // Act
    const seen: string[] = [];
    for await (const booking of client.bookings.listAll({ perPage: 2 })) seen.push(booking.id);

    // Assess
    expect(seen).toEqual(ids);
  });

  it('deletes by your booking_id and answers a replayed create with the same booking (Idempotency-Key)', async () => {
    // Prepare
    const { client } = await newClient();
    const request = bookingRequest();
    const idempotencyKey = randomUUID();

    // Act
    const [first] = await client.bookings.create(request, { idempotencyKey });
    const [again] = await client.bookings.create(request, { idempotencyKey });
    await client.bookings.deleteByBookingId(String(request.booking_id));

    // Assess
    expect(again!.id).toBe(first!.id);
    await expect(client.bookings.get(first!.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('changes the package of every promo code, and of one, addressed by your booking_id', async () => {
    // Prepare
    const { client } = await newClient();
    const request = bookingRequest({ booking_id: `BK/${randomUUID().slice(0, 8)} (sdk)`, package_specifications: [{}, {}] });
    const [booking] = await client.bookings.create(request);
    const bookingId = String(request.booking_id);

    // Act
    const all = await client.bookings.updatePackageSpecifications(bookingId, {
      package_specification: { package_type: 'data-limited', size: '3GB' },
    });
    const one = await client.bookings.updatePackageSpecification(bookingId, booking!.promo_codes[1]!.uuid, {
      package_specification: { package_type: 'starter', size: '500MB', package_duration: 3 },
    });

    // Assess
    expect(all).toMatchObject({ id: booking!.id, updated_count: 2 });
    expect(one.updated_count).toBe(1);
    expect(one.promo_codes.map((code) => [code.package_type, code.size, code.package_duration])).toEqual([
      ['data-limited', '3GB', 365],
      ['starter', '500MB', 3],
    ]);
    await expect(
      client.bookings.updatePackageSpecifications('no-such-booking', { package_specification: { package_type: 'data-limited', size: '1GB' } }),
    ).rejects.toMatchObject({ status: 404, code: 'booking_not_found' });
  });

  it('throws typed errors that carry the code and the field details', async () => {
    // Prepare
    const { client } = await newClient();

    // Act
    const error = await client.bookings.create(bookingRequest({ package_specifications: [] })).catch((caught: unknown) => caught);

    // Assess
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      details: [{ path: 'package_specifications', message: expect.stringContaining('at least one entry') }],
    });
  });

  it('verifies a real webhook delivered by the local runtime and returns the typed event', async () => {
    // Prepare
    const { partner, client } = await newClient();
    const admin = { ...service.runtime.admin, allowPrivateUrls: true };
    await setWebhookSettings(partner.partner_id, { url: `${receiver.url}/sdk` }, admin);
    const { signing_secret: secret } = await rotateWebhookSigningSecret(partner.partner_id, {}, admin);
    const [booking] = await client.bookings.create(
      bookingRequest({
        departure_date: inDays(3),
        return_date: inDays(9),
        package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })],
      }),
    );

    // Act
    const [delivery] = await eventually(
      () => receiver.received('/sdk'),
      (list) => list.length >= 1,
    );
    const event = verifyWebhook(Buffer.from(delivery!.rawBody), delivery!.headers, secret);

    // Assess
    expect(event.event).toBe('booking.within_cutoff');
    if (event.event !== 'booking.within_cutoff') throw new Error('narrowing');
    expect(event.data).toMatchObject({ booking_id: booking!.id, external_user_id: 'u-1', days_until_departure: 3 });
    expect(() => verifyWebhook(delivery!.rawBody, delivery!.headers, 'whsec_wrong')).toThrow(/No signature matches/);
  });

  it('manages its webhook endpoint, tests it, and reads the delivery log with for await', async () => {
    // Prepare
    const { client } = await newClient();

    // Act
    const endpoint = await client.webhooks.updateEndpoint({ url: `${receiver.url}/sdk-self-service` });
    const { signing_secret: secret } = await client.webhooks.rotateSigningSecret();
    receiver.script('/sdk-self-service', [{ status: 200 }], secret);
    const test = await client.webhooks.sendTest();
    const [booking] = await client.bookings.create(
      bookingRequest({
        departure_date: inDays(3),
        return_date: inDays(9),
        package_specifications: [makePackageSpecification({ external_user_id: 'u-2' })],
      }),
    );
    await eventually(
      () => receiver.received('/sdk-self-service'),
      (list) => list.length >= 2,
    );
    const collect = async () => {
      const all = [];
      for await (const delivery of client.webhooks.listAllDeliveries({ event: 'booking.within_cutoff' }, { perPage: 1 })) all.push(delivery);
      return all;
    };
    const logged = await eventually(collect, (list) => list.some((d) => d.status === 'delivered'));
    const replay = await client.webhooks.replay(logged[0]!.event_id);

    // Assess
    expect(endpoint.url).toBe(`${receiver.url}/sdk-self-service`);
    expect(test).toMatchObject({ event: 'webhook.test', delivered: true, signed: true, status_code: 200 });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event_id: `booking.within_cutoff:${booking!.id}`, status: 'delivered', attempts: 1 });
    expect(replay).toEqual({ queued: 1, event_ids: [logged[0]!.event_id], more: false });
    await expect(client.webhooks.recover({ since: 'yesterday' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('shows the dashboard, redeems a grant and gives install instructions through client.native', async () => {
    // Prepare
    const { client } = await newClient();
    const traveler = `kim-${randomUUID().slice(0, 8)}`;
    await client.bookings.create(bookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: traveler, size: '3GB' })] }));
    const device = { external_user_id: traveler, deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4', deviceType: 'phone' };

    // Act
    const before = await client.native.dashboard(traveler);
    const redemption = await client.native.redeemPackage({ external_user_id: traveler, package_queue_id: before.package_queues[0]!.id });
    const steps = await client.native.instructions(device);
    const page = await client.native.instructions({ ...device, format: 'html', locale: 'de' });
    const after = await client.native.dashboard(traveler);
    const again = await client.native
      .redeemPackage({ external_user_id: traveler, package_queue_id: before.package_queues[0]!.id })
      .catch((caught: unknown) => caught);

    // Assess
    expect(before).toMatchObject({ current_esim: null, package_queues: [{ status: 'pending', size: '3GB', esim_type: 'universal' }] });
    const iccid = redemption.current_esim!.iccid;
    expect(redemption.packageQueue).toMatchObject({ id: before.package_queues[0]!.id, status: 'redeemed' });
    expect(redemption.current_esim_packages).toEqual([expect.objectContaining({ status: 'queued', size: '3GB', used_bytes: 0 })]);
    expect(steps).toMatchObject({ format: 'json', platform: 'ios', esim: { iccid, installed: false }, device: { name: 'iPhone 15 Pro' } });
    expect(steps.activation.code).toMatch(/^LPA:1\$/);
    expect(page).toMatchObject({ format: 'html', locale: 'de', content_type: 'text/html; charset=utf-8' });
    expect(page.html).toContain(steps.activation.matching_id);
    expect(after).toMatchObject({ package_queues: [], current_esim: { iccid, status: 'provisioned' }, user: { external_user_id: traveler } });
    expect(again).toBeInstanceOf(ConflictError);
    expect(again).toMatchObject({ status: 409, code: 'package_queue_not_pending' });
  });

  it('lists eSIM-capable devices and checks one through client.native, refusing a blank field with a ValidationError', async () => {
    // Prepare
    const { client } = await newClient();
    const phone = { phone_brand: 'Apple', phone_model: 'iPhone 15 Pro', phone_os: 'iOS', os_version: '17.4' };

    // Act
    const list = await client.native.devices();
    const known = await client.native.checkDevice(phone);
    const unknown = await client.native.checkDevice({ ...phone, phone_brand: 'Nokia', phone_model: '3310' });
    const blank = await client.native.checkDevice({ ...phone, os_version: ' ' }).catch((caught: unknown) => caught);

    // Assess
    expect(list.devices).toEqual(expect.arrayContaining([expect.objectContaining({ brand: 'Apple', model: 'iPhone 15 Pro', os: 'iOS' })]));
    expect(known).toMatchObject({ ...phone, is_compatible: true, reason_code: null, device: { brand: 'Apple', model: 'iPhone 15 Pro' } });
    expect(unknown).toMatchObject({ is_compatible: false, reason_code: 'unknown_device', device: null });
    expect(blank).toBeInstanceOf(ValidationError);
    expect(blank).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ path: 'os_version' })] });
  });

  it('lists, sets the destination of and claims a classic grant through client.native', async () => {
    // Prepare
    const { client } = await newClient();
    const traveler = `ivy-${randomUUID().slice(0, 8)}`;
    const grant = makePackageSpecification({ external_user_id: traveler, esim_type: 'classic', destination: undefined, size: '2GB' });
    const [booking] = await client.bookings.create(bookingRequest({ package_specifications: [grant] }));
    const queueId = booking!.package_queues[0]!.uuid;

    // Act
    const listed = await client.native.classicGrants(traveler);
    const early = await client.native.claimClassicGrant(queueId, { external_user_id: traveler }).catch((caught: unknown) => caught);
    const chosen = await client.native.setClassicGrantDestination(queueId, { external_user_id: traveler, destination: 'ITA' });
    const claim = await client.native.claimClassicGrant(queueId, { external_user_id: traveler });
    const shown = await client.native.dashboard(traveler, { iccid: claim.iccid });
    const stranger = await client.native.claimClassicGrant(queueId, { external_user_id: 'someone-else' }).catch((caught: unknown) => caught);

    // Assess
    expect(listed).toEqual([expect.objectContaining({ queue_id: queueId, status: 'pending', destination: null, size: '2GB' })]);
    expect(early).toBeInstanceOf(ConflictError);
    expect(early).toMatchObject({ code: 'destination_required' });
    expect(chosen).toMatchObject({ queue_id: queueId, destination: 'ITA', status: 'pending' });
    expect(claim).toMatchObject({ queue_id: queueId, is_top_up: false });
    expect(shown.current_esim).toMatchObject({ iccid: claim.iccid, esim_type: 'classic' });
    expect(stranger).toBeInstanceOf(NotFoundError);
  });

  it('reads destinations in the language asked, by query or Accept-Language, and a NotFoundError for an unknown one', async () => {
    // Prepare
    const { client } = await newClient();

    // Act
    const english = await client.destinations.list();
    const german = await client.destinations.list({ locale: 'de' });
    const france = await client.destinations.get('fr', { acceptLanguage: 'es' });
    const unknown = await client.destinations.get('ZZZ').catch((caught: unknown) => caught);

    // Assess
    expect(english.find((d) => d.id === 'FRA')).toMatchObject({ type: 'country', name: 'France', iso2: 'FR', bundle_count: france.bundles.length });
    expect(german.find((d) => d.id === 'FRA')?.name).toBe('Frankreich');
    expect(france).toMatchObject({ id: 'FRA', name: 'Francia' });
    expect(france.bundles.length).toBeGreaterThan(0);
    expect(france.bundles.every((bundle) => bundle.countries.includes('FRA'))).toBe(true);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ status: 404, code: 'destination_not_found' });
  });

  it('reads one of its promo codes with its booking, and a NotFoundError for an unknown uuid', async () => {
    // Prepare
    const { client } = await newClient();
    const request = bookingRequest();
    const [booking] = await client.bookings.create(request);
    const promo = booking!.promo_codes[0]!;

    // Act
    const read = await client.promoCodes.get(promo.uuid);
    const unknown = await client.promoCodes.get(randomUUID()).catch((caught: unknown) => caught);

    // Assess
    expect(read).toMatchObject({
      uuid: promo.uuid,
      code: promo.code,
      status: 'unredeemed',
      booking_id: booking!.id,
      external_booking_id: request.booking_id,
      claimed_email: null,
    });
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ code: 'promo_code_not_found' });
  });

  it('creates a web app sign-in URL for a traveler, with typed errors for an unknown email and an empty body', async () => {
    // Prepare
    const { client } = await newClient();
    const traveler = `trav-${randomUUID().slice(0, 8)}`;

    // Act
    const token = await client.redirectTokens.create({ external_user_id: traveler });
    const unknown = await client.redirectTokens.create({ email: `nobody-${traveler}@example.com` }).catch((caught: unknown) => caught);
    const empty = await client.redirectTokens.create({}).catch((caught: unknown) => caught);

    // Assess
    expect(token).toMatchObject({ external_user_id: traveler, url: `${service.url}/app/start?token=${encodeURIComponent(token.token)}` });
    expect(Date.parse(token.expires_at)).toBeGreaterThan(Date.now());
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ code: 'traveler_not_found' });
    expect(empty).toBeInstanceOf(ValidationError);
  });
});
