// communication_options on POST /bookings: the confirmation email, when it is sent, to whom, and never twice.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Booking confirmation email', () => {
  let service: TestService;
  let client: SignedClient;

  beforeAll(async () => {
    service = await startTestService();
    ({ client } = await service.newPartner((p) => ({ ...p, name: 'Acme Travel' })));
  });
  afterAll(() => service.stop());

  const address = () => `traveler-${randomUUID().slice(0, 8)}@example.com`;
  const mailsTo = (to: string) => {
    const folder = join(service.dataDir, 'mail');
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .filter((eml) => eml.includes(`\r\nTo: ${to}\r\n`));
  };
  const textOf = (eml: string) => {
    const match = /Content-Type: text\/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(eml);
    return Buffer.from(match![1]!.replace(/\r\n/g, ''), 'base64').toString('utf8');
  };
  const book = (overrides: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.send('POST', '/bookings', { body: makeBookingRequest(overrides), headers });

  it('sends every code to the booking email when should_send_message is true with channel EMAIL', async () => {
    const email = address();

    const response = await book({
      email,
      communication_options: { should_send_message: true, channels: ['EMAIL'] },
      package_specifications: [makePackageSpecification(), makePackageSpecification({ destination: 'ESP', size: '5GB' })],
    });

    expect(response.status).toBe(201);
    const sent = mailsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Subject: Your eSIM for your trip with Acme Travel');
    for (const promo of response.body.data[0].promo_codes) expect(textOf(sent[0]!)).toContain(promo.code);
  });

  it.each([
    ['the object is absent', undefined],
    ['should_send_message is false', { should_send_message: false, channels: ['EMAIL'] }],
    ['EMAIL is not among the channels', { should_send_message: true, channels: ['SMS'] }],
  ])('sends nothing when %s', async (_, options) => {
    const email = address();

    const response = await book({ email, communication_options: options });

    expect(response.status).toBe(201);
    expect(mailsTo(email)).toEqual([]);
  });

  it('without a booking email, sends each traveler named by email only their own code', async () => {
    const [first, second] = [address(), address()];

    const response = await book({
      email: undefined,
      communication_options: { should_send_message: true, channels: ['email'] },
      package_specifications: [
        makePackageSpecification({ email: first }),
        makePackageSpecification({ email: second, destination: 'ITA' }),
        makePackageSpecification({ destination: 'DEU' }),
      ],
    });

    expect(response.status).toBe(201);
    const [a, b, unnamed] = response.body.data[0].promo_codes;
    expect(mailsTo(first).map(textOf)).toEqual([expect.stringContaining(a.code)]);
    expect(mailsTo(second).map(textOf)).toEqual([expect.stringContaining(b.code)]);
    expect(mailsTo(first).map(textOf)[0]).not.toContain(unnamed.code);
  });

  it('sends once when a request is replayed with the same Idempotency-Key', async () => {
    const email = address();
    const body = makeBookingRequest({ email, communication_options: { should_send_message: true, channels: ['EMAIL'] } });
    const headers = { 'idempotency-key': randomUUID() };

    const first = await client.send('POST', '/bookings', { body, headers });
    const replay = await client.send('POST', '/bookings', { body, headers });

    expect(replay.status).toBe(201);
    expect(replay.body.data[0].id).toBe(first.body.data[0].id);
    expect(mailsTo(email)).toHaveLength(1);
  });
});
