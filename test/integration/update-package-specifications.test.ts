// The two PUT update calls: counts, exact messages, redeemed codes, and the conditional-requirement table.
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { sendTogether } from '#test/support/signed-client';
import { useTestService } from '#test/support/test-service';

describe('Package specification updates', () => {
  const service = useTestService();

  beforeAll(async () => {
    await service.runtime.admin.catalog.putPackage({
      id: 'pkg-deu-3gb',
      package_type: 'data-limited',
      size: '3GB',
      package_duration: 15,
      destination: 'DEU',
      traffic_policy: null,
    });
  });

  const createBooking = async (codes = 3) => {
    const body = makeBookingRequest({ package_specifications: Array.from({ length: codes }, () => makePackageSpecification()) });
    return (await service.client.send('POST', '/bookings', { body })).body.data[0];
  };

  /** A real redemption, as a traveler's would be, played through the sandbox. */
  const redeem = async (promoCodeUuid: string) => {
    const response = await service.client.send('POST', '/sandbox/redeem-promo-code', {
      body: { uuid: promoCodeUuid, external_user_id: 'traveler-1' },
    });
    expect(response.status).toBe(200);
  };

  const bulk = (bookingId: string, spec: Record<string, unknown>, as = service.client) =>
    as.send('PUT', `/bookings/${encodeURIComponent(bookingId)}/updatePackageSpecifications`, { body: { package_specification: spec } });
  const single = (bookingId: string, uuid: string, spec: Record<string, unknown>) =>
    service.client.send('PUT', `/bookings/${encodeURIComponent(bookingId)}/updatePackageSpecification/${uuid}`, {
      body: { package_specification: spec },
    });

  it('keeps the destination a traveler chose for a classic grant when the update names none, and replaces it when it names one', async () => {
    // Prepare: a classic grant without destination, for which the traveler chose ITA
    const body = makeBookingRequest({
      package_specifications: [makePackageSpecification({ esim_type: 'classic', external_user_id: 'classic-chooser', destination: undefined })],
    });
    const booking = (await service.client.send('POST', '/bookings', { body })).body.data[0];
    const queueId = booking.package_queues[0].uuid;
    const chosen = await service.client.send('PUT', `/native/classic-package-queues/${queueId}/destination`, {
      body: { external_user_id: 'classic-chooser', destination: 'ITA' },
    });
    const grants = async () => (await service.client.send('GET', '/native/classic-package-queues?external_user_id=classic-chooser')).body.data[0];

    // Act
    await bulk(booking.booking_id, { package_type: 'data-limited', size: '3GB' });
    const afterAgnostic = await grants();
    await bulk(booking.booking_id, { package_type: 'data-limited', size: '3GB', destination: 'ESP' });
    const afterNamed = await grants();

    // Assess
    expect(chosen.status).toBe(200);
    expect(afterAgnostic).toMatchObject({ destination: 'ITA', size: '3GB' });
    expect(afterNamed).toMatchObject({ destination: 'ESP', size: '3GB' });
  });

  it('applies updates and a delete sent at the same moment one after another, answering each: none is a 409', async () => {
    // Prepare
    const booking = await createBooking(2);
    const sizes = ['1GB', '2GB', '3GB', '5GB', '10GB', '20GB'];

    // Act: six updates at once, then two deletes at once
    const updates = await sendTogether(
      sizes.map((size) => () => bulk(booking.booking_id, { package_type: 'data-limited', size, package_duration: 7 })),
    );
    const deletes = await sendTogether([0, 1].map(() => () => service.client.send('DELETE', `/bookings/${booking.id}`)));

    // Assess: every update answered 200 with both codes updated; of the two deletes one deleted and one found nothing
    expect(updates.map((response) => [response.status, response.body.data?.updated_count])).toEqual(sizes.map(() => [200, 2]));
    expect(deletes.map((response) => response.status).sort()).toEqual([200, 404]);
  });

  it('updates every promo code and says so when none was skipped', async () => {
    const booking = await createBooking(3);

    const response = await bulk(booking.booking_id, { package_type: 'data-limited', size: '5GB', destination: ['ESP', 'PRT'] });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Successfully updated package specification for booking.');
    expect(response.body.data.updated_count).toBe(3);
    expect(response.body.data).not.toHaveProperty('skipped_count');
    expect(response.body.data.id).toBe(booking.id);
    for (const promo of response.body.data.promo_codes) {
      expect(promo).toMatchObject({ size: '5GB', package_type: 'data-limited', package_duration: 365, iso3: 'ESP' });
    }
  });

  it('skips redeemed codes in a bulk update and counts them', async () => {
    const booking = await createBooking(3);
    await redeem(booking.promo_codes[0].uuid);

    const response = await bulk(booking.booking_id, { package_type: 'starter', size: '500MB', package_duration: 3 });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Updated 2 promo code(s). Skipped 1 already redeemed.');
    expect(response.body.data).toMatchObject({ updated_count: 2, skipped_count: 1 });
    const [redeemed, ...others] = response.body.data.promo_codes;
    expect(redeemed).toMatchObject({ status: 'redeemed', size: '1GB' });
    expect(others.map((p: { size: string }) => p.size)).toEqual(['500MB', '500MB']);
  });

  it('updates one code by uuid with updated_count 1 and no skipped_count', async () => {
    const booking = await createBooking(2);
    const target = booking.promo_codes[1].uuid;

    const response = await single(booking.booking_id, target, { package_type: 'time-limited', size: '2GB', package_duration: 5 });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Successfully updated package specification for booking.');
    expect(response.body.data.updated_count).toBe(1);
    expect(response.body.data).not.toHaveProperty('skipped_count');
    expect(response.body.data.promo_codes[0].size).toBe('1GB');
    expect(response.body.data.promo_codes[1]).toMatchObject({ size: '2GB', package_duration: 5, package_type: 'time-limited' });
  });

  it('answers 400 for a single update of a redeemed code and leaves it unchanged', async () => {
    const booking = await createBooking(1);
    await redeem(booking.promo_codes[0].uuid);

    const response = await single(booking.booking_id, booking.promo_codes[0].uuid, { package_type: 'data-limited', size: '9GB' });
    const after = await service.client.send('GET', `/bookings/${booking.id}`);

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('promo_code_redeemed');
    expect(after.body.data.promo_codes[0].size).toBe('1GB');
  });

  it('takes every field from the referenced package when package_id comes alone', async () => {
    const booking = await createBooking(1);

    const response = await bulk(booking.booking_id, { package_id: 'pkg-deu-3gb' });

    expect(response.body.data.promo_codes[0]).toMatchObject({
      package_id: 'pkg-deu-3gb',
      size: '3GB',
      package_duration: 15,
      iso3: 'DEU',
      package_type: 'data-limited',
    });
  });

  it('uses the explicit fields when package_id comes with package_type', async () => {
    const booking = await createBooking(1);

    const response = await bulk(booking.booking_id, { package_id: 'pkg-deu-3gb', package_type: 'data-limited', size: '7GB' });

    expect(response.body.data.promo_codes[0]).toMatchObject({ package_id: 'pkg-deu-3gb', size: '7GB', package_duration: 365 });
  });

  it.each([
    ['neither package_id nor package_type', {}, ''],
    ['data-limited without size', { package_type: 'data-limited' }, 'size'],
    ['time-limited without package_duration', { package_type: 'time-limited', size: '1GB' }, 'package_duration'],
    ['time-limited without size', { package_type: 'time-limited', package_duration: 3 }, 'size'],
    ['starter without package_duration', { package_type: 'starter', size: '1GB' }, 'package_duration'],
    ['unlimited without package_duration', { package_type: 'unlimited', traffic_policy: 'fair' }, 'package_duration'],
    ['unlimited without traffic_policy', { package_type: 'unlimited', package_duration: 7 }, 'traffic_policy'],
    ['a bad size', { package_type: 'data-limited', size: '5 GB' }, 'size'],
    ['package_duration 0', { package_type: 'data-limited', size: '1GB', package_duration: 0 }, 'package_duration'],
    ['a lower-case destination', { package_type: 'data-limited', size: '1GB', destination: 'fra' }, 'destination'],
    ['an unknown package_type', { package_type: 'weekly', size: '1GB' }, 'package_type'],
  ])('answers 400 for %s', async (_label, spec, path) => {
    const booking = await createBooking(1);
    const response = await bulk(booking.booking_id, spec);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].path).toBe(path ? `package_specification.${path}` : 'package_specification');
  });

  it('accepts unlimited with duration and traffic_policy and no size', async () => {
    const booking = await createBooking(1);
    const response = await bulk(booking.booking_id, { package_type: 'unlimited', package_duration: 10, traffic_policy: 'fair-use' });
    expect(response.status).toBe(200);
    expect(response.body.data.promo_codes[0]).toMatchObject({ package_type: 'unlimited', traffic_policy: 'fair-use', size: null });
  });

  it('answers 400 when package_specification is missing from the body', async () => {
    const booking = await createBooking(1);
    const response = await service.client.send('PUT', `/bookings/${booking.booking_id}/updatePackageSpecifications`, { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].path).toBe('package_specification');
  });

  it("answers 404 for an unknown booking_id, another partner's booking and an unknown promo code uuid", async () => {
    const booking = await createBooking(1);
    const spec = { package_type: 'data-limited', size: '1GB' };

    const unknown = await bulk('NO-SUCH-BOOKING', spec);
    const foreign = await bulk(booking.booking_id, spec, service.otherClient);
    const noCode = await single(booking.booking_id, '11111111-1111-4111-8111-111111111111', spec);

    expect([unknown.status, foreign.status, noCode.status]).toEqual([404, 404, 404]);
    expect(noCode.body.error.code).toBe('promo_code_not_found');
  });
});
