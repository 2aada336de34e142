// Partner authentication through the local HTTP server against DynamoDB Local.
import { request } from 'node:http';
import { signRequest } from '#shared/auth/request-signing';
import { rotatePartnerSecret } from '#shared/usecases/manage-partners';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { signedClient } from '#test/support/signed-client';
import { useTestService } from '#test/support/test-service';

describe('Partner authentication', () => {
  const service = useTestService();

  it('accepts a request signed over timestamp + method + path with query', async () => {
    // Act
    const response = await service.client.send('GET', '/bookings?perPage=5');

    // Assess
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('refuses the old secret on the first request after rotate-secret, and a disabled partner on the first after disabling', async () => {
    // Prepare: warm requests, so the functions hold the credentials in their cache.
    const { partner, client: oldClient } = await service.newPartner();
    expect((await oldClient.send('GET', '/bookings')).status).toBe(200);
    expect((await oldClient.send('POST', '/bookings', { body: makeBookingRequest() })).status).toBe(201);

    // Act
    const rotated = await rotatePartnerSecret(partner.partner_id, service.runtime.admin);
    const oldSecretRead = await oldClient.send('GET', '/bookings');
    const oldSecretWrite = await oldClient.send('POST', '/bookings', { body: makeBookingRequest() });
    const newClient = signedClient(service.url, rotated);
    const newSecretRead = await newClient.send('GET', '/bookings');
    const credentials = await service.runtime.admin.partners.findByApiKey(partner.api_key);
    await service.runtime.admin.partners.updateCredentials(credentials!.apiKey, { status: 'disabled' });
    const disabledRead = await newClient.send('GET', '/bookings');
    const disabledWrite = await newClient.send('POST', '/bookings', { body: makeBookingRequest() });

    // Assess
    expect([oldSecretRead.status, oldSecretRead.body.error?.code]).toEqual([401, 'invalid_signature']);
    expect([oldSecretWrite.status, oldSecretWrite.body.error?.code]).toEqual([401, 'invalid_signature']);
    expect(newSecretRead.status).toBe(200);
    expect([disabledRead.status, disabledRead.body.error?.code]).toEqual([401, 'invalid_api_key']);
    expect([disabledWrite.status, disabledWrite.body.error?.code]).toEqual([401, 'invalid_api_key']);
  });

  it('keeps both a secret rotation and a disabling made at the same moment: the partner stays disabled, on the new secret', async () => {
    // Prepare
    const { partner } = await service.newPartner();
    const admin = service.runtime.admin;
    const before = await admin.partners.findByApiKey(partner.api_key);

    // Act
    const [rotated] = await Promise.all([
      rotatePartnerSecret(partner.partner_id, admin),
      admin.partners.updateCredentials(partner.api_key, { status: 'disabled' }),
    ]);
    const after = await admin.partners.findByApiKey(partner.api_key);
    await admin.partners.updateCredentials(partner.api_key, { status: 'active' });
    const withNewSecret = await signedClient(service.url, rotated).send('GET', '/bookings');

    // Assess: a whole-item write of either would have undone the other
    expect(after?.status).toBe('disabled');
    expect(after?.secretCiphertext).not.toBe(before?.secretCiphertext);
    expect(withNewSecret.status).toBe(200);
  });

  it('accepts the 1.3.2 form that signs the /api prefix', async () => {
    const response = await service.client.send('GET', '/bookings', { sign: { path: '/api/bookings' } });
    expect(response.status).toBe(200);
  });

  it.each(['x-api-key', 'x-timestamp', 'x-signature'] as const)('refuses a request without %s with 401', async (header) => {
    const response = await service.client.send('GET', '/bookings', { omit: [header] });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: 'missing_credentials' } });
    expect(response.body.message).toContain(header);
  });

  it.each([
    ['2,100 characters long', 'k'.repeat(2100)],
    ['with characters no key has', 'pk_ü/../x'],
  ])('refuses an API key %s with 401, not an error', async (_label, key) => {
    const response = await service.client.send('GET', '/bookings', { headers: { 'x-api-key': key } });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_api_key');
  });

  it('refuses an unknown API key with 401', async () => {
    const response = await service.client.send('GET', '/bookings', { headers: { 'x-api-key': 'pk_unknown' } });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_api_key');
  });

  it("refuses a request signed with another partner's secret", async () => {
    const response = await service.client.send('GET', '/bookings', { sign: { secret: 'sk_not_the_secret' } });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_signature');
  });

  it.each([
    ['another path', { path: '/bookings/123' }],
    ['another method', { method: 'POST' }],
    ['the path without its query string', { path: '/bookings' }],
  ])('refuses a signature made for %s', async (_label, sign) => {
    const response = await service.client.send('GET', '/bookings?perPage=2', { sign });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('invalid_signature');
  });

  it('checks the path in the spelling it was sent with: a percent-encoded booking_id is signed encoded, not decoded', async () => {
    // Prepare
    const bookingId = `TRIP ${Date.now()} ü`;
    await service.client.send('POST', '/bookings', { body: makeBookingRequest({ booking_id: bookingId }) });
    const path = `/bookings/${encodeURIComponent(bookingId)}/updatePackageSpecifications`;
    const body = { package_specification: { package_type: 'data-limited', size: '2GB' } };

    // Act
    const decoded = await service.client.send('PUT', path, { body, sign: { path: `/bookings/${bookingId}/updatePackageSpecifications` } });
    const encoded = await service.client.send('PUT', path, { body });

    // Assess
    expect(decoded.status).toBe(401);
    expect(decoded.body.error.code).toBe('invalid_signature');
    expect(encoded.status).toBe(200);
    expect(encoded.body.data.booking_id).toBe(bookingId);
  });

  it.each([
    ['six minutes old', -6 * 60_000],
    ['six minutes ahead', 6 * 60_000],
  ])('refuses a timestamp %s', async (_label, offset) => {
    const timestamp = String(Date.now() + offset);
    const response = await service.client.send('GET', '/bookings', { sign: { timestamp } });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('timestamp_out_of_range');
  });

  it('accepts a timestamp four minutes old', async () => {
    const response = await service.client.send('GET', '/bookings', { sign: { timestamp: String(Date.now() - 4 * 60_000) } });
    expect(response.status).toBe(200);
  });

  it('refuses a timestamp in seconds instead of milliseconds', async () => {
    const response = await service.client.send('GET', '/bookings', { sign: { timestamp: String(Math.floor(Date.now() / 1000)) } });
    expect(response.status).toBe(401);
  });

  it('refuses an upper-case spelling of a valid signature: the spec signs in lowercase hex', async () => {
    const timestamp = String(Date.now());
    const signature = service.client.signature({ timestamp, method: 'GET', path: '/bookings' });

    const upper = await service.client.send('GET', '/bookings', { headers: { 'x-timestamp': timestamp, 'x-signature': signature.toUpperCase() } });

    expect([upper.status, upper.body.error.code]).toEqual([401, 'invalid_signature']);
  });

  it('refuses credentials sent twice, whichever copy is valid, so no firewall rule and check can read different ones', async () => {
    // Prepare: a valid request with a junk x-api-key line before the real one
    const timestamp = String(Date.now());
    const headers = {
      'x-api-key': ['pk_junk', service.partner.api_key],
      'x-timestamp': timestamp,
      'x-signature': service.client.signature({ timestamp, method: 'GET', path: '/bookings' }),
    };

    // Act
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = request(`${service.url}/bookings`, { headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      call.on('error', reject);
      call.end();
    });

    // Assess
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error.code).toBe('repeated_credentials');
  });

  it('refuses a signature that was already used', async () => {
    // Prepare
    const timestamp = String(Date.now());
    const first = await service.client.send('GET', '/bookings', { sign: { timestamp } });

    // Act
    const replay = await service.client.send('GET', '/bookings', { sign: { timestamp } });

    // Assess
    expect(first.status).toBe(200);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('signature_reused');
  });

  it.each([
    ['without', {}],
    ['with', { 'idempotency-key': 'replayed-signature' }],
  ] as Array<[string, Record<string, string>]>)(
    'refuses a POST /bookings that reuses a signature (%s Idempotency-Key) and writes nothing',
    async (_case, headers) => {
      // Prepare
      const { client: freshClient } = await service.newPartner();
      const timestamp = String(Date.now());
      const first = await freshClient.send('POST', '/bookings', { body: makeBookingRequest(), headers, sign: { timestamp } });

      // Act
      const replay = await freshClient.send('POST', '/bookings', {
        body: makeBookingRequest({ booking_id: 'replayed-with-another-body' }),
        headers,
        sign: { timestamp },
      });

      // Assess
      expect(first.status).toBe(201);
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe('signature_reused');
      const listed = await freshClient.send('GET', '/bookings?perPage=10');
      expect(listed.body.data.map((booking: { booking_id: string | null }) => booking.booking_id)).toEqual([first.body.data[0].booking_id]);
    },
  );

  it('refuses a reused signature on POST /bookings even when the body is invalid', async () => {
    // Prepare
    const timestamp = String(Date.now());
    await service.client.send('POST', '/bookings', { body: { package_specifications: [] }, sign: { timestamp } });

    // Act
    const replay = await service.client.send('POST', '/bookings', { body: makeBookingRequest(), sign: { timestamp } });

    // Assess
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('signature_reused');
  });

  it('refuses a POST /native/redeem-package that reuses a signature, and redeems nothing with it', async () => {
    // Prepare: two grants for one traveler; the first redemption's signature is replayed for the second
    const { client: freshClient } = await service.newPartner();
    const specifications = [makePackageSpecification({ external_user_id: 'u-replay' }), makePackageSpecification({ external_user_id: 'u-replay' })];
    const booked = await freshClient.send('POST', '/bookings', { body: makeBookingRequest({ package_specifications: specifications }) });
    const [first, second] = booked.body.data[0].package_queues as Array<{ uuid: string }>;
    const timestamp = String(Date.now());
    const redeem = (entry: { uuid: string } | undefined) =>
      freshClient.send('POST', '/native/redeem-package', {
        body: { external_user_id: 'u-replay', package_queue_id: entry?.uuid },
        sign: { timestamp },
      });
    const redeemed = await redeem(first);

    // Act
    const replay = await redeem(second);

    // Assess
    expect(redeemed.status).toBe(200);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('signature_reused');
    const dashboard = await freshClient.send('GET', '/native/user-dashboard?external_user_id=u-replay');
    expect(dashboard.body.data.package_queues.map((entry: { id: string }) => entry.id)).toEqual([second?.uuid]);
    expect(dashboard.body.data.current_esim_packages).toHaveLength(1);
  });

  it("refuses another partner's key with this partner's signature", async () => {
    const timestamp = String(Date.now());
    const forged = signRequest('sk_guess', { timestamp, method: 'GET', path: '/bookings' });
    const response = await service.otherClient.send('GET', '/bookings', {
      headers: { 'x-api-key': service.partner.api_key, 'x-signature': forged, 'x-timestamp': timestamp },
    });
    expect(response.status).toBe(401);
  });

  it('never reveals the secret or a stack trace in an error', async () => {
    const response = await service.client.send('GET', '/bookings', { sign: { secret: 'wrong' } });
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/sk_|stack|at .*\.ts/);
  });
});
