// Endpoint health on the local pipeline, with hours shrunk to seconds: an endpoint that fails every delivery is
// warned about, then disabled, its partner emailed both times, support sees it in ops, and one call enables it again.
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { mailbox } from '#test/support/mailbox';
import { opsRunner } from '#test/support/ops-runner';
import { eventually, startReceiver, type Receiver } from '#test/support/webhook-receiver';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Webhook endpoint health', () => {
  let service: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    // Retries about 0, 0, 0, 0, 0, 1, 2, 4, 5, 5, 5 s apart: the warning comes after 2 s of failures and the endpoint is
    // disabled after 10 s, so at least two attempts fall between the two even when a loaded machine delays each one.
    service = await startTestService({
      WEBHOOK_BACKOFF_SCALE: '0.001',
      WEBHOOK_TIMEOUT_MS: '400',
      WEBHOOK_WARN_AFTER_HOURS: String(2 / 3600),
      WEBHOOK_DISABLE_AFTER_HOURS: String(10 / 3600),
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await service.stop();
  });

  it('warns, then disables a failing endpoint, emails its partner, shows it to support, and is enabled again in one call', async () => {
    // Prepare: an endpoint that always answers 503, with an alert address, set through the partner API
    const { partner, client } = await service.newPartner();
    receiver.script('/failing', [{ status: 503 }]);
    const alertEmail = `alerts-${partner.partner_id.toLowerCase()}@partner.example`;
    await client.send('PUT', '/webhooks/endpoint', { body: { url: `${receiver.url}/failing`, alert_email: alertEmail } });

    // Act: a booking event whose retries keep failing
    await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        departure_date: inDays(3),
        return_date: inDays(9),
        package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })],
      }),
    });
    const disabled = await eventually(
      async () => (await client.send('GET', '/webhooks/endpoint')).body.data,
      (endpoint) => endpoint.enabled === false,
      45_000,
    );
    const emails = await mailbox(service.dataDir).waitFor(alertEmail, 2);
    const shown = await opsRunner(service.dataDir)('partner', 'show', partner.partner_id, '--json');

    // Assess
    expect(disabled).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/^disabled automatically: no delivery succeeded since /),
      health: { failing_since: expect.any(String), disable_at: null },
    });
    expect(emails.map((eml) => /\r\nSubject: (.*)\r\n/.exec(eml)?.[1]).sort()).toEqual([
      'Your webhook endpoint is failing',
      'Your webhook endpoint was disabled',
    ]);
    // Disabled: no date of disabling ahead, as the partner's own view says.
    expect(shown.json().webhook).toMatchObject({
      enabled: false,
      disabled_reason: disabled.disabled_reason,
      alert_email: alertEmail,
      disable_at: null,
    });

    // Act: held while disabled; fixed and enabled in one call
    const [held] = await eventually(
      async () => (await client.send('GET', '/webhooks/deliveries?status=held')).body.data,
      (list: unknown[]) => list.length === 1,
      20_000,
    );
    receiver.script('/failing', [{ status: 200 }]);
    const enabled = await client.send('PUT', '/webhooks/endpoint', { body: { enabled: true } });

    // Assess
    expect(held).toMatchObject({ status: 'held' });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_at: null, health: { failing_since: null } });
  }, 90_000);
});
