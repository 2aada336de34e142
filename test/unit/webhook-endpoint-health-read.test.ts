// The endpoint's health as the partner reads it (GET /webhooks/endpoint, the portal): the profile's failing period and
// the delivery log are read side by side, and the answer never contradicts itself while the dispatcher is between
// recording a success and ending the failing period on the profile.
import { getWebhookEndpoint } from '#shared/usecases/partner-webhooks';
import type { DeliveryRecord } from '#shared/webhooks/delivery-model';
import { makeDeliveryRecord, makePartnerProfile, testHealthThresholds } from '#test/support/fakes';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const FAILING_SINCE = '2026-11-25T10:00:00.000Z';

/** The reads of GET /webhooks/endpoint: a profile failing since FAILING_SINCE, and `recent` as the log's newest page. */
const readHealth = async (recent: DeliveryRecord[]) => {
  const profile = makePartnerProfile();
  profile.webhook = { ...profile.webhook, failing_since: FAILING_SINCE };
  const endpoint = await getWebhookEndpoint(profile.partner_id, {
    // A read saves nothing.
    partners: { getProfile: async () => profile, saveProfile: async () => {} },
    deliveries: { page: async () => ({ records: recent }), attempts: async () => [] },
    clock: { now: () => NOW },
    thresholds: testHealthThresholds,
  });
  return endpoint.health;
};

describe('Use case: getWebhookEndpoint, health', () => {
  it('reads a failing period as ended once the log shows a success after it began, before the dispatcher has ended it on the profile', async () => {
    // Prepare: a replay delivered after the failures began; the profile still says failing
    const delivered = makeDeliveryRecord({ replay: true, created_at: '2026-11-25T11:00:00.000Z', updated_at: '2026-11-25T11:00:01.000Z' });
    const failed = makeDeliveryRecord({ delivery_id: 'dlv_0', status: 'dead_lettered', recovered_at: '2026-11-25T10:59:00.000Z' });

    // Act
    const health = await readHealth([delivered, failed]);

    // Assess
    expect(health).toEqual({
      last_delivered_at: '2026-11-25T11:00:01.000Z',
      failing_since: null,
      disable_at: null,
      recent_deliveries: 2,
      recent_failures: 0,
    });
  });

  it('keeps the failing period and its disable date while the last success came before it began', async () => {
    // Prepare
    const delivered = makeDeliveryRecord({ updated_at: '2026-11-25T09:59:59.000Z' });
    const retrying = makeDeliveryRecord({ delivery_id: 'dlv_2', status: 'retrying', last_status_code: 503, created_at: '2026-11-25T10:00:00.000Z' });

    // Act
    const health = await readHealth([retrying, delivered]);

    // Assess
    expect(health).toEqual({
      last_delivered_at: '2026-11-25T09:59:59.000Z',
      failing_since: FAILING_SINCE,
      disable_at: new Date(Date.parse(FAILING_SINCE) + testHealthThresholds.disableAfterMs).toISOString(),
      recent_deliveries: 2,
      recent_failures: 1,
    });
  });
});
