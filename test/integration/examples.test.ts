// examples/partner-integration.ts, run as a partner would run it, against the local runtime.
import { freePort } from '#bin/local/ports';
import { rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { runPartnerIntegration } from '../../examples/partner-integration.ts';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Example: a minimal partner integration', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it('creates a booking, pages through bookings and receives a verified booking.within_cutoff webhook', async () => {
    // Prepare: what the provider's support sets up for a new partner.
    const { partner } = await service.newPartner();
    const webhookPort = await freePort();
    const admin = { ...service.runtime.admin, allowPrivateUrls: true };
    await setWebhookSettings(partner.partner_id, { url: `http://127.0.0.1:${webhookPort}/webhooks` }, admin);
    const { signing_secret: signingSecret } = await rotateWebhookSigningSecret(partner.partner_id, {}, admin);
    const lines: string[] = [];

    // Act
    const result = await runPartnerIntegration({
      baseUrl: service.url,
      apiKey: partner.api_key,
      apiSecret: partner.api_secret!,
      signingSecret,
      webhookPort,
      log: (line) => lines.push(line),
    });

    // Assess
    expect(result.listed).toBe(1);
    expect(result.events.map((event) => [event.event, event.data.booking_id])).toEqual([['booking.within_cutoff', result.booking.id]]);
    // The webhook may arrive before or after the listing.
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^created booking \S+ with promo code \S+$/),
        expect.stringMatching(/^booking \S+ departs /),
        expect.stringMatching(/^webhook booking.within_cutoff \(booking.within_cutoff:\S+\) verified$/),
      ]),
    );
  });
});
