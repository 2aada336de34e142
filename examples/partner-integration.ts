// A minimal partner integration with @esim-booking/sdk: register and test its own webhook endpoint, receive and
// verify webhooks, create a booking, page through every booking. Run it against `npm start` (see
// examples/README.md); the test suite runs it too.
import { createServer, type IncomingMessage } from 'node:http';
import { createEsimBookingClient, verifyWebhook, WebhookSignatureError, type WebhookEvent } from '@esim-booking/sdk';

export interface IntegrationConfig {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Port of your webhook endpoint, served at /webhooks. */
  webhookPort: number;
  /** Where the service reaches that endpoint (a public https URL in staging and production). */
  webhookUrl?: string;
  log?: (line: string) => void;
}

const rawBodyOf = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Your webhook endpoint: verify the raw body, answer fast, ignore test deliveries, deduplicate on event_id, 5xx when unsure. */
export const startWebhookEndpoint = async (port: number, signingSecret: () => string, onEvent: (event: WebhookEvent) => void) => {
  const seen = new Set<string>();
  const server = createServer(async (request, response) => {
    const rawBody = await rawBodyOf(request);
    try {
      const event = verifyWebhook(rawBody, request.headers, signingSecret(), { toleranceSeconds: 300 });
      // webhook.test only checks that verification works: answer 2xx, process nothing.
      if (event.event !== 'webhook.test' && !seen.has(event.event_id)) {
        onEvent(event);
        // Remembered once handled: a handler that throws answers 500, and the retry is handled, not skipped as seen.
        seen.add(event.event_id);
      }
      response.writeHead(200).end();
    } catch (error) {
      // 5xx, not 4xx: a 4xx is final and the event would be lost. A failed verification is most often our own
      // setup (a secret not deployed yet, a clock that is off); retried, the delivery arrives once that is fixed,
      // and a forged request gains nothing from a retry (docs/webhooks.md).
      response.writeHead(error instanceof WebhookSignatureError ? 503 : 500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

export const runPartnerIntegration = async (config: IntegrationConfig, { waitForWebhookMs = 30_000 } = {}) => {
  const log = config.log ?? console.log;
  const client = createEsimBookingClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, apiSecret: config.apiSecret });

  const events: WebhookEvent[] = [];
  let firstEvent: () => void = () => {};
  const received = new Promise<void>((resolve) => (firstEvent = resolve));
  let signingSecret = '';
  const endpoint = await startWebhookEndpoint(
    config.webhookPort,
    () => signingSecret,
    (event) => {
      log(`webhook ${event.event} (${event.event_id}) verified`);
      events.push(event);
      firstEvent();
    },
  );

  try {
    // Self-service: point the service at the endpoint, take a fresh signing secret (no overlap: nothing used the
    // old one), and check with a test delivery that verification works before any real event arrives.
    await client.webhooks.updateEndpoint({ url: config.webhookUrl ?? `http://127.0.0.1:${config.webhookPort}/webhooks` });
    signingSecret = (await client.webhooks.rotateSigningSecret({ overlap_minutes: 0 })).signing_secret;
    const test = await client.webhooks.sendTest();
    log(`test delivery answered ${test.status_code ?? test.error} in ${test.latency_ms} ms`);

    // A departure in three days is inside the 7-day cutoff window, so booking.within_cutoff fires at once.
    const departure = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const [booking] = await client.bookings.create({
      booking_id: `EXAMPLE-${Date.now()}`,
      email: 'traveler@example.com',
      departure_date: departure,
      package_specifications: [{ external_user_id: 'traveler-42', destination: 'FRA', size: '1GB' }],
    });
    log(`created booking ${booking!.id} with promo code ${booking!.promo_codes[0]!.code}`);

    let listed = 0;
    for await (const each of client.bookings.listAll({ perPage: 10 })) {
      listed += 1;
      log(`booking ${each.id} departs ${each.departure_date}`);
    }

    const timeout = new Promise<void>((resolve) => setTimeout(resolve, waitForWebhookMs).unref());
    await Promise.race([received, timeout]);
    return { booking: booking!, listed, events };
  } finally {
    await endpoint.close();
  }
};

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see examples/README.md).`);
  return value;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPartnerIntegration({
    baseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:3000/api',
    apiKey: required('API_KEY'),
    apiSecret: required('API_SECRET'),
    webhookPort: Number(process.env.WEBHOOK_PORT ?? 4900),
    webhookUrl: process.env.WEBHOOK_URL,
  });
  console.log(`listed ${result.listed} bookings, received ${result.events.length} webhook(s)`);
}
