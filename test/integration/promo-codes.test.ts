// GET /promo-codes/{id} (partner, own codes only) and the public POST /promo-codes/claim/{uuid} with email and throttling.
import { randomUUID } from 'node:crypto';
import { assertResponseMatchesContract } from '#test/support/contract';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { decodedBodies, mailbox } from '#test/support/mailbox';
import { useTestService } from '#test/support/test-service';

describe('Promo codes', () => {
  // The catalog names regions in the claim email.
  const service = useTestService({ catalog: true, partner: (p) => ({ ...p, name: 'Acme Travel' }) });

  /** A booking without email: its codes carry claim URLs. */
  const createBooking = async (overrides: Record<string, unknown> = { email: undefined }) => {
    const body = makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '3GB', destination: 'PRT' })], ...overrides });
    const response = await service.client.send('POST', '/bookings', { body });
    return response.body.data[0];
  };

  const claim = (uuid: string, body: unknown = { email: 'traveler@example.com' }, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/promo-codes/claim/${uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }).then(async (r) => {
      const answer = { status: r.status, headers: r.headers, body: (await r.json()) as any };
      assertResponseMatchesContract('POST', `/promo-codes/claim/${uuid}`, answer.status, answer.body);
      return answer;
    });

  describe('GET /promo-codes/{id}', () => {
    it('returns the partner’s own code with its booking and claim state', async () => {
      const booking = await createBooking();
      const promo = booking.promo_codes[0];

      const response = await service.client.send('GET', `/promo-codes/${promo.uuid}`);

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        uuid: promo.uuid,
        code: promo.code,
        status: 'unredeemed',
        iso3: 'PRT',
        size: '3GB',
        booking_id: booking.id,
        external_booking_id: booking.booking_id,
        claimed_email: null,
        claimed_at: null,
        claim_url: expect.stringContaining(`/promo-codes/claim/${promo.uuid}`),
      });
    });

    it('answers another partner’s code exactly like an unknown one', async () => {
      const booking = await createBooking();

      const theirs = await service.otherClient.send('GET', `/promo-codes/${booking.promo_codes[0].uuid}`);
      const unknown = await service.otherClient.send('GET', `/promo-codes/${randomUUID()}`);

      expect(theirs.status).toBe(404);
      expect(theirs.body.error).toEqual(unknown.body.error);
      expect(theirs.body.error.code).toBe('promo_code_not_found');
      expect(theirs.body.message).toMatch(/^No promo code "/);
    });

    it.each(['not-a-uuid', 'x'.repeat(300)])('answers the malformed id %s with 404', async (id) => {
      const response = await service.client.send('GET', `/promo-codes/${id}`);

      expect(response.status).toBe(404);
    });

    it('requires a partner signature', async () => {
      const response = await service.client.send('GET', `/promo-codes/${randomUUID()}`, { omit: ['x-signature'] });

      expect(response.status).toBe(401);
    });
  });

  describe('POST /promo-codes/claim/{uuid}', () => {
    it('needs no signature, records the claim and writes the email with the code', async () => {
      const booking = await createBooking();
      const promo = booking.promo_codes[0];

      const response = await claim(promo.uuid, { email: ' Traveler.One@Example.com ' });
      const detail = await service.client.send('GET', `/promo-codes/${promo.uuid}`);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, data: { uuid: promo.uuid, email: 'Traveler.One@Example.com' } });
      expect(response.body.data).not.toHaveProperty('code');
      expect(detail.body.data).toMatchObject({ claimed_email: 'Traveler.One@Example.com', claimed_at: response.body.data.claimed_at });
      const [sent] = await mailbox(service.dataDir).waitFor('Traveler.One@Example.com');
      expect(sent).toBeDefined();
      expect(sent).toContain('Subject: Your eSIM promo code from Acme Travel');
      expect(decodedBodies(sent!).every((body) => body.includes(promo.code))).toBe(true);
    });

    it("names a region grant's place by the catalog's region name in the email, not by its code", async () => {
      const booking = await createBooking({
        email: undefined,
        package_specifications: [makePackageSpecification({ size: '3GB', destination: 'XEU' })],
      });

      const response = await claim(booking.promo_codes[0].uuid, { email: 'region.traveler@example.com' });

      expect(response.status).toBe(200);
      const [sent] = await mailbox(service.dataDir).waitFor('region.traveler@example.com');
      const [text] = decodedBodies(sent!);
      expect(text).toContain('Europe');
      expect(text).not.toContain('XEU');
    });

    it('answers a second claim with 409', async () => {
      const promo = (await createBooking()).promo_codes[0];
      await claim(promo.uuid);

      const again = await claim(promo.uuid, { email: 'someone-else@example.com' });

      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('promo_code_already_claimed');
    });

    it('shows no form on the claim page of a code already claimed or redeemed, but says which', async () => {
      // Prepare
      const booking = await createBooking({ email: undefined, package_specifications: [1, 2, 3].map(() => makePackageSpecification()) });
      const [claimed, redeemed, open] = booking.promo_codes;
      await claim(claimed.uuid);
      await service.client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid: redeemed.uuid, external_user_id: 'traveler-y' } });

      // Act
      const [claimedPage, redeemedPage, openPage] = await Promise.all(
        [claimed, redeemed, open].map(async (promo) => (await fetch(`${service.url}/promo-codes/claim/${promo.uuid}`)).text()),
      );

      // Assess
      expect(claimedPage).toContain('This code was already claimed');
      expect(redeemedPage).toContain('This code was already used');
      expect(redeemedPage).not.toContain('look for our email');
      for (const page of [claimedPage, redeemedPage]) expect(page).not.toContain('<form');
      expect(openPage).toContain('<form');
    });

    it('answers a redeemed code with 409', async () => {
      const promo = (await createBooking()).promo_codes[0];
      const redeemed = await service.client.send('POST', '/sandbox/redeem-promo-code', {
        body: { uuid: promo.uuid, external_user_id: 'traveler-x' },
      });
      expect(redeemed.status).toBe(200);

      const response = await claim(promo.uuid);

      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('promo_code_already_redeemed');
    });

    it('answers codes of bookings with an email like unknown codes (they have no claim URL)', async () => {
      const withEmail = (await createBooking({ email: 'booker@example.com' })).promo_codes[0];

      const response = await claim(withEmail.uuid);
      const unknown = await claim(randomUUID());

      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ ...unknown.body.error });
      expect(response.body.error.code).toBe('promo_code_not_found');
      expect(response.body.message).toBe(unknown.body.message.replace(/"[^"]+"/, `"${withEmail.uuid}"`));
      expect(response.body.message).toContain("booking's email address");
    });

    it("gives a classic grant's code no claim URL and answers its claim like an unknown code (it is claimed in the app)", async () => {
      const booking = await createBooking({
        email: undefined,
        package_specifications: [
          makePackageSpecification({ esim_type: 'classic', external_user_id: 'classic-traveler', destination: 'FRA', size: '1GB' }),
          makePackageSpecification({ external_user_id: 'universal-traveler', destination: 'FRA', size: '1GB' }),
        ],
      });
      const classicQueue = booking.package_queues.find((entry: { esim_type: string }) => entry.esim_type === 'classic');
      const [classicCode, universalCode] = [
        booking.promo_codes.find((code: { package_queue_uuid: string }) => code.package_queue_uuid === classicQueue.uuid),
        booking.promo_codes.find((code: { package_queue_uuid: string }) => code.package_queue_uuid !== classicQueue.uuid),
      ];

      const response = await claim(classicCode.uuid);
      const page = await fetch(`${service.url}/promo-codes/claim/${classicCode.uuid}`);

      expect(classicCode).not.toHaveProperty('claim_url');
      expect(universalCode.claim_url).toBe(`${service.url}/promo-codes/claim/${universalCode.uuid}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('promo_code_not_found');
      expect(page.status).toBe(404);
    });

    it('reads the uuid in any case, and counts it as one code for throttling', async () => {
      const promo = (await createBooking()).promo_codes[0];

      const read = await service.client.send('GET', `/promo-codes/${promo.uuid.toUpperCase()}`);
      const claimed = await claim(promo.uuid.toUpperCase());

      expect(read.status).toBe(200);
      expect(read.body.data.uuid).toBe(promo.uuid);
      expect(claimed.status).toBe(200);
      expect(claimed.body.data.uuid).toBe(promo.uuid);
    });

    it.each([
      ['no email', {}, 400],
      ['a malformed email', { email: 'not-an-email' }, 400],
      ['an email that is not a string', { email: ['a@example.com'] }, 400],
      ['an array body', [{ email: 'a@example.com' }], 400],
      ['malformed JSON', '{"email":', 400],
    ])('refuses %s', async (_, body, status) => {
      const promo = (await createBooking()).promo_codes[0];

      const response = await claim(promo.uuid, body);

      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ success: false, data: {}, error: { code: 'validation_error' } });
    });

    it('refuses a body that is not JSON with 415', async () => {
      const response = await claim(randomUUID(), 'email=a@example.com', { 'content-type': 'application/x-www-form-urlencoded' });

      expect(response.status).toBe(415);
    });

    it('throttles attempts on one code: the sixth in a window gets 429 with Retry-After', async () => {
      const uuid = randomUUID();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await claim(uuid)).status);

      const sixth = await claim(uuid);

      expect(statuses).toEqual([404, 404, 404, 404, 404]);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, data: {}, error: { code: 'rate_limited', details: [] } });
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    });

    // Last: it uses up this service.client address's allowance for the window.
    it('throttles one service.client address across codes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 22 && !statuses.includes(429); i += 1) statuses.push((await claim(randomUUID())).status);

      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    });
  });
});
