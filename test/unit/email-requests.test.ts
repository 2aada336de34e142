// Email requests: a booking's confirmation as one outbox request, and the email function's handling of one queued message.
import type { Booking, PackageQueueEntry, PromoCode } from '#shared/domain/booking';
import { emailDeadLetterSummary } from '#shared/events/email-request';
import { confirmationRequests } from '#shared/usecases/booking-confirmation';
import { MalformedEmailRequest, sendRequestedEmail } from '#shared/usecases/send-requested-email';
import type { EmailMessage } from '#shared/usecases/ports/services';

const AT = new Date('2026-11-23T10:00:00Z');

const makePromo = (uuid: string, code: string): PromoCode =>
  ({ uuid, code, status: 'unredeemed', package_specification: { package_type: 'data-limited', size: '1GB', destination: 'FRA' } }) as PromoCode;

const makeBooking = (overrides: Partial<Booking> = {}): Booking =>
  ({
    id: 'b-1',
    partner_id: 'ptn_1',
    email: null,
    departure_date: '2026-12-01',
    communication_options: { should_send_message: true, channels: ['EMAIL'] },
    promo_codes: [makePromo('p-1', 'AAAA-BBBB-CCCC'), makePromo('p-2', 'DDDD-EEEE-FFFF')],
    package_queues: [
      { uuid: 'q-1', promo_code_uuid: 'p-1', email: 'one@example.com' },
      { uuid: 'q-2', promo_code_uuid: 'p-2', email: 'two@example.com' },
    ] as PackageQueueEntry[],
    ...overrides,
  }) as Booking;

/** The SQS body of one message: the EventBridge event the email rule puts on the queue. */
const queued = (detail: unknown) => JSON.stringify({ version: '0', 'detail-type': 'email.requested', source: 'esim.booking-service', detail });

const message: EmailMessage = { to: 'one@example.com', subject: 'Your eSIM', text: 'Code AAAA-BBBB-CCCC', html: '<p>Code</p>' };

const recordingSender = (fail?: Error) => {
  const sent: EmailMessage[] = [];
  return {
    sent,
    email: {
      send: async (m: EmailMessage) => {
        if (fail) throw fail;
        sent.push(m);
        return { messageId: 'ses-1' };
      },
    },
  };
};

describe('Booking confirmation as an email request', () => {
  it('puts every traveler message of one booking into a single request (one transaction item)', () => {
    // Act
    const requests = confirmationRequests(makeBooking(), 'Acme Travel', AT);

    // Assess
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      partner_id: 'ptn_1',
      event: 'email.requested',
      event_id: expect.stringMatching(/^email\.requested:/),
      timestamp: AT.toISOString(),
      about: { kind: 'booking_confirmation', booking_id: 'b-1' },
    });
    expect(requests[0]!.data.messages.map((m) => [m.to, m.text.includes('AAAA-BBBB-CCCC'), m.text.includes('DDDD-EEEE-FFFF')])).toEqual([
      ['one@example.com', true, false],
      ['two@example.com', false, true],
    ]);
  });

  it.each([
    ['communication_options is absent', { communication_options: null }],
    ['EMAIL is not among the channels', { communication_options: { should_send_message: true, channels: ['SMS'] } }],
    ['no traveler has an email', { package_queues: [] }],
  ])('requests nothing when %s', (_, overrides) => {
    expect(confirmationRequests(makeBooking(overrides as Partial<Booking>), 'Acme Travel', AT)).toEqual([]);
  });
});

describe('Sending one queued email request', () => {
  it('sends the message of the event and reports its ids', async () => {
    // Prepare
    const { sent, email } = recordingSender();

    // Act
    const result = await sendRequestedEmail(
      queued({ partner_id: 'ptn_1', event: 'email.requested', event_id: 'email.requested:r-1:0', timestamp: AT.toISOString(), data: message }),
      { email },
    );

    // Assess
    expect(sent).toEqual([message]);
    expect(result).toEqual({ eventId: 'email.requested:r-1:0', messageId: 'ses-1' });
  });

  it('lets a refused send fail, so the queue retries it and then dead-letters it', async () => {
    // Prepare
    const { email } = recordingSender(new Error('Throttling: Maximum sending rate exceeded'));

    // Act
    const outcome = sendRequestedEmail(queued({ event: 'email.requested', event_id: 'email.requested:r-1:0', data: message }), { email });

    // Assess
    await expect(outcome).rejects.toThrow('Maximum sending rate exceeded');
  });

  it.each([
    ['a body that is not JSON', 'not json'],
    ['a webhook event', queued({ event: 'booking.within_cutoff', event_id: 'booking.within_cutoff:b-1', data: message })],
    ['a message without a recipient', queued({ event: 'email.requested', event_id: 'email.requested:r-1:0', data: { ...message, to: '' } })],
    ['a message without text', queued({ event: 'email.requested', event_id: 'email.requested:r-1:0', data: { to: 'a@example.com', subject: 's' } })],
  ])('sends nothing for %s and fails it as malformed', async (_, body) => {
    // Prepare
    const { sent, email } = recordingSender();

    // Act
    const outcome = sendRequestedEmail(body, { email });

    // Assess
    await expect(outcome).rejects.toBeInstanceOf(MalformedEmailRequest);
    expect(sent).toEqual([]);
  });
});

describe('A dead-lettered email as support lists it', () => {
  const deadLetter = (detail: Record<string, unknown>) => queued({ ...detail, data: message });

  it('names whose it is and what it is about (kind, booking, promo code), never its address or text', () => {
    // Prepare
    const about = { kind: 'promo_code_claim', booking_id: 'b-1', promo_code_uuid: 'p-1' };

    // Act
    const summary = emailDeadLetterSummary(deadLetter({ partner_id: 'ptn_1', event: 'email.requested', event_id: 'email.requested:r-1:0', about }));

    // Assess
    expect(summary).toEqual({ partner_id: 'ptn_1', event_id: 'email.requested:r-1:0', about });
    expect(JSON.stringify(summary)).not.toContain(message.to);
  });

  it('says null for a message written before emails named what they are about', () => {
    expect(emailDeadLetterSummary(deadLetter({ partner_id: 'ptn_1', event_id: 'email.requested:r-1:0' }))).toEqual({
      partner_id: 'ptn_1',
      event_id: 'email.requested:r-1:0',
      about: null,
    });
  });

  it('shows only the known fields of what it is about, and nothing of an unknown kind', () => {
    // Act
    const extra = emailDeadLetterSummary(deadLetter({ event_id: 'e:0', about: { kind: 'booking_confirmation', booking_id: 'b-1', to: message.to } }));
    const unknown = emailDeadLetterSummary(deadLetter({ event_id: 'e:0', about: { kind: 'newsletter', booking_id: 'b-1' } }));

    // Assess
    expect(extra.about).toEqual({ kind: 'booking_confirmation', booking_id: 'b-1' });
    expect(unknown.about).toBeNull();
  });
});
