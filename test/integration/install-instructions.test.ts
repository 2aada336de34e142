// POST /native/instructions through the local runtime: formats, QR code, one-tap links, locales, branding,
// bad input, and travelers without an eSIM or of another partner.
import { setBrand, setDefaultBrand } from '#shared/usecases/manage-brands';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { decodeQr } from '#test/support/qr';

const iphone = { deviceName: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4.1', deviceType: 'phone' };
const pixel = { deviceName: 'Google Pixel 8', os: 'Android', osVersion: '14' };

describe('POST /native/instructions', () => {
  let service: TestService;
  let client: SignedClient;
  let otherClient: SignedClient;
  let partnerId: string;
  let travelers = 0;

  beforeAll(async () => {
    service = await startTestService();
    const first = await service.newPartner((p) => ({ ...p, name: 'Acme Travel' }));
    ({ client } = first);
    partnerId = first.partner.partner_id;
    ({ client: otherClient } = await service.newPartner());
    await setBrand({ partnerId, settings: { brand_id: 'sky', name: 'Sky Miles', primary_color: '#0b5cad', logo: null } }, service.runtime.admin);
  });
  afterAll(() => service.stop());

  /** A booking granting a new traveler one package; `redeem` plays the sandbox step that provisions the eSIM. */
  const travelerWithGrant = async (options: { redeem: boolean; booking?: Record<string, unknown> } = { redeem: true }) => {
    travelers += 1;
    const externalUserId = `inst-${travelers}-${Date.now()}`;
    const body = makeBookingRequest({ package_specifications: [makePackageSpecification({ external_user_id: externalUserId })], ...options.booking });
    const booking = await client.send('POST', '/bookings', { body });
    expect(booking.status).toBe(201);
    if (options.redeem) {
      const redeemed = await client.send('POST', '/sandbox/redeem-promo-code', { body: { uuid: booking.body.data[0].promo_codes[0].uuid } });
      expect(redeemed.status).toBe(200);
    }
    return externalUserId;
  };

  const currentEsim = async (externalUserId: string) =>
    (await client.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}`)).body.data.current_esim;

  const instructions = (body: unknown, options: { as?: SignedClient; headers?: Record<string, string> } = {}) =>
    (options.as ?? client).send('POST', '/native/instructions', { body, headers: options.headers });

  it("gives iOS 17.4 structured steps, the activation string split for manual entry, a scannable QR code and Apple's link", async () => {
    // Prepare
    const externalUserId = await travelerWithGrant({ redeem: true, booking: { custom_branding: 'sky' } });
    const esim = await currentEsim(externalUserId);

    // Act
    const response = await instructions({ external_user_id: externalUserId, ...iphone });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe('en');
    const data = response.body.data;
    const [, smdp, matchingId] = esim.activation_code.split('$');
    expect(data).toMatchObject({
      format: 'json',
      locale: 'en',
      platform: 'ios',
      device: { name: 'iPhone 15 Pro', os: 'iOS', os_version: '17.4.1', device_type: 'phone' },
      esim: { iccid: esim.iccid, status: 'provisioned', installed: false },
      activation: { code: esim.activation_code, smdp_address: smdp, matching_id: matchingId },
      branding: { name: 'Sky Miles', colors: { primary: '#0b5cad' } },
    });
    expect(data.steps.map((s: { id: string }) => s.id)).toEqual(['one_tap', 'qr_code', 'manual', 'turn_on']);
    expect(data.links).toEqual([
      {
        type: 'apple_esim_setup',
        label: 'Install eSIM',
        url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${esim.activation_code}`,
      },
    ]);
    expect(decodeQr(data.qr_code.data_url)).toBe(esim.activation_code);
  });

  it('gives Android its link, and iOS before 17.4 or of a version without a number no link', async () => {
    const externalUserId = await travelerWithGrant();
    const { activation_code: code } = await currentEsim(externalUserId);

    const android = await instructions({ external_user_id: externalUserId, ...pixel });
    const oldIos = await instructions({ external_user_id: externalUserId, ...iphone, osVersion: '17.3' });
    const wordedIos = await instructions({ external_user_id: externalUserId, ...iphone, osVersion: 'latest' });

    expect(android.body.data.platform).toBe('android');
    expect(android.body.data.links).toEqual([
      { type: 'android_esim_setup', label: 'Install eSIM', url: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${code}` },
    ]);
    expect(oldIos.body.data.links).toEqual([]);
    expect(oldIos.body.data.steps.map((s: { id: string }) => s.id)).toEqual(['qr_code', 'manual', 'turn_on']);
    expect(wordedIos.status).toBe(200);
    expect(wordedIos.body.data).toMatchObject({ links: [], device: { os_version: 'latest' } });
  });

  it('renders a self-contained HTML page whose QR code decodes to the activation string', async () => {
    const externalUserId = await travelerWithGrant({ redeem: true, booking: { custom_branding: 'sky' } });
    const { activation_code: code } = await currentEsim(externalUserId);

    const response = await instructions({ external_user_id: externalUserId, ...iphone, format: 'html' });

    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(Object.keys(data).sort()).toEqual(['content_type', 'format', 'html', 'locale']);
    expect(data).toMatchObject({ format: 'html', locale: 'en', content_type: 'text/html; charset=utf-8' });
    expect(data.html).toMatch(/^<!doctype html>/i);
    expect(data.html).toContain('Sky Miles');
    expect(data.html).not.toMatch(/<script/i);
    expect(data.html).toContain(`https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${code}`);
    const qr = /src="(data:image\/png;base64,[^"]+)"/.exec(data.html)?.[1];
    expect(qr && decodeQr(qr)).toBe(code);
  });

  it('says so when the eSIM is already installed: only turning it on remains, without links', async () => {
    const externalUserId = await travelerWithGrant();
    expect((await client.send('POST', '/sandbox/install-esim', { body: { external_user_id: externalUserId } })).status).toBe(200);

    const response = await instructions({ external_user_id: externalUserId, ...iphone });

    expect(response.body.data.esim).toMatchObject({ status: 'installed', installed: true });
    expect(response.body.data.steps.map((s: { id: string }) => s.id)).toEqual(['installed', 'turn_on']);
    expect(response.body.data.links).toEqual([]);
  });

  it("speaks the body's locale, else Accept-Language, else the granting booking's locale, else English", async () => {
    const externalUserId = await travelerWithGrant();
    const ask = (extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
      instructions({ external_user_id: externalUserId, ...pixel, ...extra }, { headers });

    const german = await ask({ locale: 'de-CH' });
    const fromHeader = await ask({}, { 'accept-language': 'ja;q=0.9, fr;q=0.8' });
    const bodyWins = await ask({ locale: 'es' }, { 'accept-language': 'fr' });
    const unserved = await ask({ locale: 'ja' });
    const none = await ask({});
    const booked = await travelerWithGrant({ redeem: true, booking: { locale: 'fr-FR' } });
    const fromBooking = await instructions({ external_user_id: booked, ...pixel }, { headers: { 'accept-language': '*' } });

    expect([german, fromHeader, bodyWins, unserved, none].map((r) => r.body.data.locale)).toEqual(['de', 'fr', 'es', 'en', 'en']);
    expect(fromBooking.body.data.locale).toBe('fr');
    expect(fromBooking.headers.get('content-language')).toBe('fr');
    expect(german.headers.get('content-language')).toBe('de');
    expect(german.body.data.title).not.toBe(none.body.data.title);
  });

  it("styles with the partner's default brand when the booking names none, else with the partner's name", async () => {
    const unbranded = await travelerWithGrant();
    const plain = await instructions({ external_user_id: unbranded, ...pixel });
    await setBrand(
      { partnerId, settings: { brand_id: 'house', name: 'Acme House', primary_color: '#7a1f1f', logo: null }, makeDefault: true },
      service.runtime.admin,
    );

    const branded = await instructions({ external_user_id: unbranded, ...pixel });
    await setDefaultBrand({ partnerId, brandId: null }, service.runtime.admin);

    expect(plain.body.data.branding.name).toBe('Acme Travel');
    expect(branded.body.data.branding).toMatchObject({ name: 'Acme House', colors: { primary: '#7a1f1f' } });
  });

  it('names every missing field in one 400', async () => {
    const response = await instructions({});

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['deviceName', 'external_user_id', 'os', 'osVersion']);
  });

  it.each([
    ['an unknown format', { format: 'pdf' }, 'format'],
    ['a device name beyond 200 characters', { deviceName: 'x'.repeat(201) }, 'deviceName'],
    ['an empty external_user_id', { external_user_id: '  ' }, 'external_user_id'],
    ['a malformed locale', { locale: 'not a locale!' }, 'locale'],
    ['a non-string deviceType', { deviceType: 7 }, 'deviceType'],
    ['a control character in deviceType', { deviceType: 'pho\u001bne' }, 'deviceType'],
  ])('refuses %s with 400 naming the field', async (_case, change, path) => {
    const response = await instructions({ external_user_id: 'anyone', ...iphone, ...change });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: [expect.objectContaining({ path })] });
  });

  it('gives the instructions and the dashboard of a claimed classic eSIM by its iccid, beside the universal eSIM shown by default', async () => {
    // Prepare: a universal eSIM, then a classic grant claimed onto an eSIM of its own
    const externalUserId = await travelerWithGrant({ redeem: true });
    const booked = await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        package_specifications: [{ esim_type: 'classic', external_user_id: externalUserId, destination: 'ITA', size: '1GB' }],
      }),
    });
    const queueId = booked.body.data[0].package_queues[0].uuid;
    const claim = await client.send('POST', `/native/classic-package-queues/${queueId}/claim`, { body: { external_user_id: externalUserId } });
    const universal = await currentEsim(externalUserId);

    // Act
    const byDefault = await instructions({ external_user_id: externalUserId, ...iphone });
    const classic = await instructions({ external_user_id: externalUserId, ...iphone, iccid: claim.body.data.iccid });
    const notTheirs = await instructions({ external_user_id: externalUserId, ...iphone, iccid: '8988200000000000999' });
    const malformed = await instructions({ external_user_id: externalUserId, ...iphone, iccid: 'abc' });

    // Assess
    expect(claim.status).toBe(200);
    expect(claim.body.data.iccid).not.toBe(universal.iccid);
    expect(byDefault.body.data.esim.iccid).toBe(universal.iccid);
    expect(classic.status).toBe(200);
    expect(classic.body.data.esim.iccid).toBe(claim.body.data.iccid);
    expect(classic.body.data.activation.code).not.toBe(byDefault.body.data.activation.code);
    expect([notTheirs.status, notTheirs.body.error.code]).toEqual([404, 'esim_not_found']);
    expect([malformed.status, malformed.body.error.details[0].path]).toEqual([400, 'iccid']);
    // The dashboard shows that eSIM and its data meter the same way.
    const dashboard = await client.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}&iccid=${claim.body.data.iccid}`);
    const unknown = await client.send('GET', `/native/user-dashboard?external_user_id=${externalUserId}&iccid=8988200000000000999`);
    expect(dashboard.body.data.current_esim).toMatchObject({ iccid: claim.body.data.iccid, esim_type: 'classic', destination: 'ITA' });
    expect(dashboard.body.data.current_esim_packages).toEqual([expect.objectContaining({ iccid: claim.body.data.iccid, size: '1GB' })]);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'esim_not_found']);
  });

  it('says an empty deviceType is to be left out, not that it is required', async () => {
    const response = await instructions({ external_user_id: 'anyone', ...iphone, deviceType: '' });

    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([expect.objectContaining({ path: 'deviceType', message: expect.stringContaining('leave it out') })]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await instructions([{ external_user_id: 'anyone', ...iphone }]);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  it('answers 404 user_not_found for an unknown traveler and esim_not_found for one whose grant is not redeemed yet', async () => {
    const waiting = await travelerWithGrant({ redeem: false });

    const unknown = await instructions({ external_user_id: 'nobody-here', ...iphone });
    const noEsim = await instructions({ external_user_id: waiting, ...iphone });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'user_not_found' } });
    expect(noEsim.status).toBe(404);
    expect(noEsim.body.error.code).toBe('esim_not_found');
  });

  it('answers another partner exactly as for an unknown traveler, for travelers with and without an eSIM', async () => {
    const withEsim = await travelerWithGrant();
    const waiting = await travelerWithGrant({ redeem: false });

    const theirs = await instructions({ external_user_id: withEsim, ...iphone }, { as: otherClient });
    const theirsWaiting = await instructions({ external_user_id: waiting, ...iphone }, { as: otherClient });
    const unknown = await instructions({ external_user_id: 'nobody-here', ...iphone }, { as: otherClient });

    expect([theirs.status, theirsWaiting.status]).toEqual([404, 404]);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirsWaiting.body).toEqual(unknown.body);
  });
});
