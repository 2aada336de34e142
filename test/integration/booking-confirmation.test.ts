// communication_options on POST /bookings: the confirmation email (sent by the email function behind the outbox),
// when it is sent, to whom, and never twice.
import { randomUUID } from 'node:crypto';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { decodedBodies, mailbox, type Mailbox } from '#test/support/mailbox';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Booking confirmation email', () => {
  let service: TestService;
  let client: SignedClient;
  let mail: Mailbox;

  beforeAll(async () => {
    service = await startTestService();
    ({ client } = await service.newPartner((p) => ({ ...p, name: 'Acme Travel' })));
    mail = mailbox(service.dataDir);
  });
  afterAll(() => service.stop());

  const address = () => `traveler-${randomUUID().slice(0, 8)}@example.com`;
  const textOf = (eml: string) => decodedBodies(eml)[0]!;
  /**
   * Absence is only observable behind something that arrives: a later booking's confirmation has passed the same
   * outbox, bus and queue, so a message the earlier one asked for would have been written by then.
   */
  const afterThePipeline = async () => {
    const sentinel = address();
    await book({ email: sentinel, communication_options: { should_send_message: true, channels: ['EMAIL'] } });
    await mail.waitFor(sentinel);
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
    const sent = await mail.waitFor(email);
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
    await afterThePipeline();
    expect(mail.to(email)).toEqual([]);
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
    expect((await mail.waitFor(first)).map(textOf)).toEqual([expect.stringContaining(a.code)]);
    expect((await mail.waitFor(second)).map(textOf)).toEqual([expect.stringContaining(b.code)]);
    expect(mail.to(first).map(textOf)[0]).not.toContain(unnamed.code);
  });

  it('sends once when a request is replayed with the same Idempotency-Key', async () => {
    const email = address();
    const body = makeBookingRequest({ email, communication_options: { should_send_message: true, channels: ['EMAIL'] } });
    const headers = { 'idempotency-key': randomUUID() };

    const first = await client.send('POST', '/bookings', { body, headers });
    const replay = await client.send('POST', '/bookings', { body, headers });

    expect(replay.status).toBe(201);
    expect(replay.body.data[0].id).toBe(first.body.data[0].id);
    await mail.waitFor(email);
    await afterThePipeline();
    expect(mail.to(email)).toHaveLength(1);
  });
});
