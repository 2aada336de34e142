// What the native routes accept and how they name a traveler, through the local runtime: the partner's user id is
// one key on every route, bodies follow decision F4 (unknown members ignored, null as absent), and an unknown traveler
// with nothing yet gets an empty dashboard, and 404 user_not_found where a call names one of its grants.
import { randomUUID } from 'node:crypto';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { opsRunner } from '#test/support/ops-runner';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Native routes: traveler identity and request bodies', () => {
  let service: TestService;
  let client: SignedClient;

  beforeAll(async () => {
    service = await startTestService();
    ({ client } = await service.newPartner());
  });
  afterAll(async () => service?.stop());

  const userId = () => `user-${randomUUID().slice(0, 8)}`;
  const grant = async (externalUserId: string, spec: Record<string, unknown> = {}) => {
    const created = await client.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: externalUserId, ...spec })] }),
    });
    expect(created.status).toBe(201);
    return created.body.data[0].package_queues[0] as { uuid: string; external_user_id: string };
  };
  const dashboard = (externalUserId: string) => client.send('GET', `/native/user-dashboard?external_user_id=${encodeURIComponent(externalUserId)}`);

  it('names one traveler by a user id with or without surrounding spaces, on bookings, the dashboard and redeem', async () => {
    // Prepare
    const id = userId();
    const padded = await grant(` ${id} `);
    const plain = await grant(id, { destination: 'DEU' });

    // Act
    const seen = await dashboard(id);
    const redeemed = await client.send('POST', '/native/redeem-package', { body: { external_user_id: ` ${id} `, package_queue_id: padded.uuid } });

    // Assess
    expect(padded.external_user_id).toBe(id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.package_queues.map((entry: { id: string }) => entry.id).sort()).toEqual([padded.uuid, plain.uuid].sort());
    expect(redeemed.status).toBe(200);
  });

  it('makes the traveler known by the email its redeemed entry pairs with its user id, so grants addressed to that email reach it', async () => {
    // Prepare: one grant pairing the user id with an email, one addressed to the email only
    const id = userId();
    const email = `${id}@example.com`;
    const paired = await grant(id, { email });
    const byEmail = await client.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: [makePackageSpecification({ email, destination: 'ITA' })] }),
    });
    const emailEntry = byEmail.body.data[0].package_queues[0] as { uuid: string };

    // Act
    const first = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: paired.uuid } });
    const seen = await dashboard(id);
    const second = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: emailEntry.uuid } });

    // Assess
    expect(first.status).toBe(200);
    expect(seen.body.data.user.email).toBe(email);
    expect(seen.body.data.package_queues.map((entry: { id: string }) => entry.id)).toEqual([emailEntry.uuid]);
    expect(second.status).toBe(200);
  });

  it('shows and redeems every grant of a traveler with more than a hundred of them (decision F149)', async () => {
    // Prepare: 125 grants for one traveler, in five bookings
    const id = userId();
    const granted: string[] = [];
    for (let booking = 0; booking < 5; booking += 1) {
      const created = await client.send('POST', '/bookings', {
        body: makeBookingRequest({ package_specifications: Array.from({ length: 25 }, () => makePackageSpecification({ external_user_id: id })) }),
      });
      granted.push(...created.body.data[0].package_queues.map((entry: { uuid: string }) => entry.uuid));
    }

    // Act
    const seen = await dashboard(id);
    const shown = new Set(seen.body.data.package_queues.map((entry: { id: string }) => entry.id));
    const last = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: granted.at(-1) } });

    // Assess
    expect(granted.filter((uuid) => !shown.has(uuid))).toEqual([]);
    expect(last.status).toBe(200);
  });

  it('lists pending grants oldest first in booking order, and the eSIM packages in the order they were provisioned', async () => {
    // Prepare: two bookings for one traveler, the first with a classic grant between its universal ones
    const id = userId();
    const bookingOf = async (specs: Record<string, unknown>[]) => {
      const created = await client.send('POST', '/bookings', { body: makeBookingRequest({ package_specifications: specs }) });
      return created.body.data[0].package_queues.map((entry: { uuid: string }) => entry.uuid) as string[];
    };
    const older = await bookingOf([
      makePackageSpecification({ external_user_id: id, size: '1GB' }),
      makePackageSpecification({ external_user_id: id, esim_type: 'classic', destination: 'ITA' }),
      makePackageSpecification({ external_user_id: id, size: '2GB' }),
    ]);
    const newer = await bookingOf([makePackageSpecification({ external_user_id: id, size: '3GB' })]);
    const listed = await dashboard(id);
    const redeemOrder = [newer[0], older[2], older[0]];

    // Act
    for (const uuid of redeemOrder) {
      const redeemed = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: uuid } });
      expect(redeemed.status).toBe(200);
    }
    const provisioned = await dashboard(id);

    // Assess
    expect(listed.body.data.package_queues.map((entry: { id: string }) => entry.id)).toEqual([...older, ...newer]);
    expect(provisioned.body.data.current_esim_packages.map((pkg: { package_queue_uuid: string }) => pkg.package_queue_uuid)).toEqual(redeemOrder);
    expect(provisioned.body.data.package_queues.map((entry: { id: string }) => entry.id)).toEqual([older[1]]);
  });

  it('reads queue entry ids in any case, in paths and bodies', async () => {
    const id = userId();
    const universal = await grant(id);
    const classic = await grant(id, { esim_type: 'classic', destination: undefined });

    const redeemed = await client.send('POST', '/native/redeem-package', {
      body: { external_user_id: id, package_queue_id: universal.uuid.toUpperCase() },
    });
    const destined = await client.send('PUT', `/native/classic-package-queues/${classic.uuid.toUpperCase()}/destination`, {
      body: { external_user_id: id, destination: 'FRA' },
    });

    expect(redeemed.status).toBe(200);
    expect(destined.status).toBe(200);
  });

  it('keeps the destination the partner booked on a classic grant, and lets the traveler change their own choice (decision F152)', async () => {
    const id = userId();
    const booked = await grant(id, { esim_type: 'classic', destination: 'FRA' });
    const open = await grant(id, { esim_type: 'classic', destination: undefined });
    const choose = (entry: { uuid: string }, destination: string) =>
      client.send('PUT', `/native/classic-package-queues/${entry.uuid}/destination`, { body: { external_user_id: id, destination } });

    const overwrite = await choose(booked, 'ITA');
    const first = await choose(open, 'ITA');
    const changed = await choose(open, 'ESP');

    expect(overwrite.status).toBe(409);
    expect(overwrite.body.error.code).toBe('destination_set_by_partner');
    expect([first.status, changed.status]).toEqual([200, 200]);
    expect(changed.body.data.destination).toBe('ESP');
  });

  it('trims format and locale of the install instructions request, as its other strings', async () => {
    const id = userId();
    const entry = await grant(id);
    await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: entry.uuid } });

    const response = await client.send('POST', '/native/instructions', {
      body: { external_user_id: id, deviceName: 'iPhone 15', os: 'iOS', osVersion: '17.4', format: ' html ', locale: ' de ' },
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ format: 'html', locale: 'de' });
  });

  it('refuses a blank user id on bookings and redirect tokens as the native routes do', async () => {
    const booking = await client.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: '   ' })] }),
    });
    const token = await client.send('POST', '/redirect-tokens/create', { body: { external_user_id: '   ' } });

    expect(booking.status).toBe(400);
    expect(booking.body.error.details).toEqual([
      { path: 'package_specifications.0.external_user_id', message: 'external_user_id must not be empty.' },
    ]);
    expect(token.status).toBe(400);
    expect(token.body.error.details).toEqual([{ path: 'external_user_id', message: 'external_user_id must not be empty.' }]);
  });

  it('gives a traveler with nothing yet an empty dashboard and classic list, and 404 user_not_found to redeem and claim', async () => {
    const stranger = userId();

    const seen = await dashboard(stranger);
    const classic = await client.send('GET', `/native/classic-package-queues?external_user_id=${stranger}`);
    const redeem = await client.send('POST', '/native/redeem-package', { body: { external_user_id: stranger, package_queue_id: randomUUID() } });
    const claim = await client.send('POST', `/native/classic-package-queues/${randomUUID()}/claim`, { body: { external_user_id: stranger } });

    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      user: { user_id: null, external_user_id: stranger },
      package_queues: [],
      current_esim: null,
      current_esim_packages: [],
    });
    expect([classic.status, classic.body.data]).toEqual([200, []]);
    expect([redeem.status, redeem.body.error.code]).toEqual([404, 'user_not_found']);
    expect([claim.status, claim.body.error.code]).toEqual([404, 'user_not_found']);
  });

  it('keeps 404 package_queue_not_found for a granted traveler naming an entry that is not theirs', async () => {
    const id = userId();
    await grant(id);

    const redeem = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: randomUUID() } });

    expect([redeem.status, redeem.body.error.code]).toEqual([404, 'package_queue_not_found']);
  });

  it('names each missing member of a native body as required', async () => {
    const redeem = await client.send('POST', '/native/redeem-package', { body: {} });
    const destination = await client.send('PUT', `/native/classic-package-queues/${randomUUID()}/destination`, { body: {} });

    expect(redeem.status).toBe(400);
    expect(redeem.body.error.details).toEqual([
      { path: 'external_user_id', message: 'external_user_id is required.' },
      { path: 'package_queue_id', message: 'package_queue_id is required.' },
    ]);
    expect(destination.body.error.details).toEqual([
      { path: 'external_user_id', message: 'external_user_id is required.' },
      { path: 'destination', message: 'destination is required.' },
    ]);
  });

  it('ignores unknown members and reads null on an optional member as absent (decision F4)', async () => {
    const id = userId();
    const entry = await grant(id);

    const redeemed = await client.send('POST', '/native/redeem-package', {
      body: { external_user_id: id, package_queue_id: entry.uuid, client_version: '7.1' },
    });
    const instructions = await client.send('POST', '/native/instructions', {
      body: { external_user_id: id, deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.5', format: null },
    });

    expect(redeemed.status).toBe(200);
    expect(instructions.status).toBe(200);
    expect(instructions.body.data.format).toBe('json');
  });

  it("answers for a user id with a quote and brackets, signed as fetch sends it (the SDK's spelling)", async () => {
    // Prepare: fetch leaves encodeURIComponent's `(`, `)` and `!` as they are but escapes the quote
    const id = `it's (me)!-${randomUUID().slice(0, 8)}`;
    await grant(id);
    const asFetchSendsIt = new URL(`http://service.example/native/user-dashboard?external_user_id=${encodeURIComponent(id)}`);

    // Act
    const response = await client.send('GET', `${asFetchSendsIt.pathname}${asFetchSendsIt.search}`);

    // Assess
    expect(asFetchSendsIt.search).toContain('%27s%20(me)!-');
    expect(response.status).toBe(200);
    expect(response.body.data.package_queues).toHaveLength(1);
  });

  it('refuses a user id given twice in the query instead of answering for the last one', async () => {
    const id = userId();
    await grant(id);

    const response = await client.send('GET', `/native/user-dashboard?external_user_id=${id}&external_user_id=${userId()}`);

    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'external_user_id', message: 'Given more than once.' }]);
  });

  it("asks for the destination an entry lacks and gives it the partner's size (decision F145)", async () => {
    // Prepare
    const id = userId();
    const entry = await grant(id, { destination: undefined, size: undefined });

    // Act
    const unasked = await client.send('POST', '/native/redeem-package', { body: { external_user_id: id, package_queue_id: entry.uuid } });
    const asked = await client.send('POST', '/native/redeem-package', {
      body: { external_user_id: id, package_queue_id: entry.uuid, destination: 'ITA' },
    });

    // Assess
    expect([unasked.status, unasked.body.error.code]).toEqual([409, 'destination_required']);
    expect(asked.status).toBe(200);
    expect(asked.body.data.current_esim_packages).toEqual([
      expect.objectContaining({ destination: 'ITA', size: '1GB', package_queue_uuid: entry.uuid }),
    ]);
  });

  it('sizes such grants by the partner setting support changes with the ops CLI, and refuses a size out of bounds', async () => {
    // Prepare
    const sized = await service.newPartner();
    const ops = opsRunner(service.dataDir);
    const set = await ops('partner', 'update', sized.partner.partner_id, '--default-size', '3GB', '--json');
    const refused = await ops('partner', 'update', sized.partner.partner_id, '--default-size', '1TB', '--json');
    const id = userId();
    const created = await sized.client.send('POST', '/bookings', {
      body: makeBookingRequest({ package_specifications: [{ external_user_id: id, destination: 'FRA' }] }),
    });

    // Act
    const redeemed = await sized.client.send('POST', '/native/redeem-package', {
      body: { external_user_id: id, package_queue_id: created.body.data[0].package_queues[0].uuid },
    });

    // Assess
    expect(set.json()).toMatchObject({ default_package_size: '3GB' });
    expect(refused.code).not.toBe(0);
    expect(redeemed.body.data.current_esim_packages).toEqual([expect.objectContaining({ destination: 'FRA', size: '3GB' })]);
  });
});
