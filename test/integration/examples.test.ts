// examples/partner-integration.ts, run as a partner would run it, against the local runtime.
import { freePort } from '#bin/local/ports';
import { runPartnerIntegration, startWebhookEndpoint } from '../../examples/partner-integration.ts';
import { testSignatureHeaders } from '#shared/webhooks/signing';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Example: a minimal partner integration', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it('answers a delivery it cannot verify with 503, so the service retries it instead of dropping the event', async () => {
    // Prepare
    const port = await freePort();
    const received: string[] = [];
    const endpoint = await startWebhookEndpoint(
      port,
      () => 'whsec_deployed',
      (event) => received.push(event.event_id),
    );
    const body = JSON.stringify({
      event: 'esim.installed',
      timestamp: new Date().toISOString(),
      data: {},
      event_id: 'esim.installed:x',
      delivery_id: 'd',
    });
    const deliver = (secret: string) =>
      fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body, headers: testSignatureHeaders({ body, secret }) });

    // Act
    const statuses = [(await deliver('whsec_rotated_elsewhere')).status, (await deliver('whsec_deployed')).status];
    await endpoint.close();

    // Assess
    expect(statuses).toEqual([503, 200]);
    expect(received).toEqual(['esim.installed:x']);
  });

  it('registers and tests its endpoint, creates a booking, pages through bookings and receives a verified booking.within_cutoff webhook', async () => {
    // Prepare: a new partner; no support step sets up its webhook.
    const { partner } = await service.newPartner();
    const webhookPort = await freePort();
    const lines: string[] = [];

    // Act
    const result = await runPartnerIntegration({
      baseUrl: service.url,
      apiKey: partner.api_key,
      apiSecret: partner.api_secret!,
      webhookPort,
      log: (line) => lines.push(line),
    });

    // Assess
    expect(result.listed).toBe(1);
    expect(result.events.map((event) => [event.event, event.event === 'webhook.test' ? null : event.data.booking_id])).toEqual([
      ['booking.within_cutoff', result.booking.id],
    ]);
    // The webhook may arrive before or after the listing.
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^test delivery answered 200 in \d+ ms$/),
        expect.stringMatching(/^created booking \S+ with promo code \S+$/),
        expect.stringMatching(/^booking \S+ departs /),
        expect.stringMatching(/^webhook booking.within_cutoff \(booking.within_cutoff:\S+\) verified$/),
      ]),
    );
  });
});
