// Confirmation codes through the local runtime over ES2+ (decisions F140–F143): a partner whose setting support turned
// on (ops CLI) gets activation codes ending in `$$1` and instructions whose confirmation-code step names the code the
// SM-DP+ simulator received; a partner without it gets neither.
import { opsRunner } from '#test/support/ops-runner';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Confirmation codes over ES2+ through the local runtime', () => {
  let service: TestService;
  let withCode: SignedClient;
  let withoutCode: SignedClient;
  beforeAll(async () => {
    service = await startTestService({}, { provider: 'es2plus' });
    const on = await service.newPartner();
    const set = await opsRunner(service.dataDir)('partner', 'update', on.partner.partner_id, '--confirmation-code', 'on', '--json');
    expect(set.json()).toMatchObject({ confirmation_code: true });
    withCode = on.client;
    ({ client: withoutCode } = await service.newPartner());
  });
  afterAll(() => service.stop());
  const smdp = () => service.runtime.smdp!;

  /** Books a package for a new traveler, redeems its promo code and asks for the instructions in both formats. */
  const redeemAndInstruct = async (client: SignedClient) => {
    const externalUserId = `cc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const body = makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: externalUserId })] });
    const booking = await client.send('POST', '/bookings', { body });
    expect(booking.status).toBe(201);
    const redeemed = await client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid: booking.body.data[0].promo_codes[0].uuid } });
    expect(redeemed.status).toBe(200);
    const device = { external_user_id: externalUserId, deviceName: 'Pixel 8', os: 'Android', osVersion: '14', deviceType: 'phone' };
    const json = await client.send('POST', '/native/instructions', { body: device });
    const html = await client.send('POST', '/native/instructions', { body: { ...device, format: 'html' } });
    expect(json.status).toBe(200);
    expect(html.status).toBe(200);
    return { iccid: redeemed.body.data.iccid as string, doc: json.body.data, html: html.body.data.html as string };
  };

  it('asks for the code the SM-DP+ received when the partner requires one', async () => {
    const { iccid, doc, html } = await redeemAndInstruct(withCode);

    const profile = smdp().profiles.get(iccid);
    expect(profile?.confirmationCode).toMatch(/^\d{8}$/);
    expect(doc.activation).toMatchObject({
      code: `LPA:1$smdp.simulator.esim.example$${profile?.matchingId}$$1`,
      confirmation_code_required: true,
      confirmation_code: profile?.confirmationCode,
    });
    const step = doc.steps.find((s: { id: string }) => s.id === 'confirmation_code');
    expect(step.body).toContain(profile?.confirmationCode);
    expect(html).toContain('id="step-confirmation_code"');
    expect(html).toContain(`<code>${profile?.confirmationCode}</code>`);
  });

  it('shows no confirmation-code step and no $1 flag when the partner does not require one', async () => {
    const { iccid, doc, html } = await redeemAndInstruct(withoutCode);

    expect(smdp().profiles.get(iccid)?.confirmationCode).toBeNull();
    expect(doc.activation.code.endsWith('$$1')).toBe(false);
    expect(doc.activation).toMatchObject({ confirmation_code_required: false, confirmation_code: null });
    expect(doc.steps.map((s: { id: string }) => s.id)).not.toContain('confirmation_code');
    expect(html).not.toContain('step-confirmation_code');
  });
});
