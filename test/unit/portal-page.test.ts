// tests → the partner portal's page: each delivery card tells what the delivery log tells, a retrying delivery when
// its next attempt is due (decision F165).
import type { WebhookDeliveryOutput, WebhookEndpointOutput } from '#shared/domain/webhook-schemas';
import type { PageFrame } from '#shared/web/layout';
import { enFrame, type FrameMessageKey } from '#shared/web/messages/en';
import { portalHomePage } from '#shared/web/portal-page';
import { translateWith } from '#shared/web/translate';

/** The portal's frame, English as every portal page. */
const frame: PageFrame<FrameMessageKey> = { language: 'en', t: translateWith(enFrame), basePath: '' };

const makeEndpoint = (): WebhookEndpointOutput =>
  ({
    url: 'https://hooks.partner.example/esim',
    enabled: true,
    disabled_at: null,
    disabled_reason: null,
    alert_email: null,
    auth_header_name: 'x-api-key',
    auth_header_prefix: '',
    events: {},
    signing_secret: { configured: true, previous_secret_valid_until: null },
    health: { last_delivered_at: null, failing_since: '2026-11-27T10:00:01.000Z', disable_at: null, recent_deliveries: 1, recent_failures: 1 },
    updated_at: '2026-11-27T10:00:00.000Z',
  }) as WebhookEndpointOutput;

const makeDelivery = (overrides: Partial<WebhookDeliveryOutput> = {}): WebhookDeliveryOutput => ({
  delivery_id: 'dlv_1',
  event_id: 'booking.within_cutoff:b-1',
  event: 'booking.within_cutoff',
  status: 'retrying',
  attempts: 1,
  replay: false,
  recovered_at: null,
  reason: null,
  last_status_code: 503,
  last_error: null,
  next_attempt_at: '2026-11-27T10:00:31.000Z',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:01.000Z',
  attempt_log: [
    { attempt: 1, at: '2026-11-27T10:00:01.000Z', status_code: 503, verdict: 'retry', latency_ms: 40, error: null, response_excerpt: null },
  ],
  ...overrides,
});

const cardsOf = (deliveries: WebhookDeliveryOutput[]) =>
  portalHomePage(frame, { endpoint: makeEndpoint(), deliveries, csrfToken: 'csrf' }).value.split('<li class="card">').slice(1);

describe('Page: partner portal', () => {
  it("shows a retrying delivery's next attempt on its card, and no next attempt on a card whose delivery has none", () => {
    // Act
    const [retrying, delivered] = cardsOf([
      makeDelivery(),
      makeDelivery({ delivery_id: 'dlv_2', status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null }),
    ]);

    // Assess
    expect(retrying).toContain('<dt>Next attempt</dt><dd>2026-11-27T10:00:31.000Z</dd>');
    expect(delivered).toContain('dlv_2');
    expect(delivered).not.toContain('Next attempt');
  });
});
