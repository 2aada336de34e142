// GET and POST /native/device-compatibility: the list, loose matching, unknown devices and minimum OS versions.
import { useTestService } from '#test/support/test-service';

const makeDevice = (overrides: Record<string, unknown> = {}) => ({
  phone_brand: 'Apple',
  phone_model: 'iPhone 15 Pro',
  phone_os: 'iOS',
  os_version: '17.4',
  ...overrides,
});

describe('Device compatibility', () => {
  const service = useTestService();

  const check = (body: unknown) => service.client.send('POST', '/native/device-compatibility', { body });

  it('lists known devices with brand, model, OS, minimum version and notes, dated and sourced', async () => {
    const response = await service.client.send('GET', '/native/device-compatibility');

    expect(response.status).toBe(200);
    expect(response.body.data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(response.body.data.sources.length).toBeGreaterThan(0);
    expect(response.body.data.devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ brand: 'Apple', model: 'iPhone XR', os: 'iOS', min_os_version: '12.1' }),
        expect.objectContaining({ brand: 'Google', model: 'Pixel 3', notes: expect.stringContaining('Japan') }),
        expect.objectContaining({ brand: 'Samsung', model: 'Galaxy Z Flip5', os: 'Android' }),
      ]),
    );
  });

  it('echoes the four fields and says a known device is compatible', async () => {
    const response = await check(makeDevice());

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ ...makeDevice(), is_compatible: true, reason_code: null, reason: null });
    expect(response.body.data.device).toMatchObject({ brand: 'Apple', model: 'iPhone 15 Pro' });
  });

  it.each([
    ['apple', 'iphone15pro', 'ios'],
    ['APPLE', 'IPHONE-15-PRO', 'iOS'],
    ['Apple', 'Apple iPhone 15 Pro', 'iOS'],
    ['samsung', 'Galaxy S20 Plus', 'android'],
    ['Samsung', 'galaxy-s20+', 'Android'],
    ['moto', 'Razr 40 Ultra', 'Android'],
    ['Google', 'pixel 4a (5g)', 'Android'],
    ['Apple', 'iPhone 15 Pro', 'iOS 17'],
    ['Apple', 'iPhone 15 Pro', 'Apple iOS'],
    ['Google', 'Pixel 8', 'Android 14'],
  ])('matches %s %s on %s ignoring case, spaces, punctuation and words around the OS name', async (brand, model, os) => {
    const response = await check(makeDevice({ phone_brand: brand, phone_model: model, phone_os: os, os_version: '15' }));

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ phone_brand: brand, phone_model: model, is_compatible: true });
  });

  it('answers an unknown device with false and a reason', async () => {
    const response = await check(makeDevice({ phone_brand: 'Nokia', phone_model: '3310' }));

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ is_compatible: false, reason_code: 'unknown_device', device: null });
    expect(response.body.data.reason).toContain('Nokia 3310');
    // Unlisted is not "cannot": the message agrees with the reason, which says how to check.
    expect(response.body.message).toBe('The device is not on the list of eSIM-capable devices.');
  });

  it.each([
    ['12.0', false],
    ['12.0.1', false],
    ['12.1', true],
    ['12.10', true],
    ['iOS 13.2 (17B84)', true],
    ['latest', true],
  ])('iPhone XR on iOS %s → compatible %s (eSIM from 12.1; a version without a number is not compared)', async (version, compatible) => {
    const response = await check(makeDevice({ phone_model: 'iPhone XR', os_version: version }));

    expect(response.body.data.is_compatible).toBe(compatible);
    expect(response.body.data.reason_code).toBe(compatible ? null : 'os_version_too_old');
  });

  it.each(['Android', 'KaiOS'])('refuses a device reported with another OS family: %s', async (os) => {
    const response = await check(makeDevice({ phone_os: os }));

    expect(response.body.data).toMatchObject({ is_compatible: false, reason_code: 'os_mismatch' });
    expect(response.body.message).toBe('The device cannot use an eSIM.');
  });

  it.each([
    [{ phone_brand: undefined }, 'phone_brand'],
    [{ phone_model: '' }, 'phone_model'],
    [{ phone_os: 7 }, 'phone_os'],
    [{ phone_model: 'x'.repeat(101) }, 'phone_model'],
  ])('refuses %j with 400 on %s', async (overrides, path) => {
    const body = makeDevice(overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete (body as Record<string, unknown>)[key];

    const response = await check(body);

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0].path).toBe(path);
  });

  it.each([
    ['an array', { body: [makeDevice()] }, 400],
    ['malformed JSON', { rawBody: '{"phone_brand":' }, 400],
    ['no body', {}, 400],
  ])('refuses %s', async (_, options, status) => {
    const response = await service.client.send('POST', '/native/device-compatibility', options);

    expect(response.status).toBe(status);
  });

  it('requires a partner signature on both calls', async () => {
    const list = await service.client.send('GET', '/native/device-compatibility', { omit: ['x-signature'] });
    const post = await service.client.send('POST', '/native/device-compatibility', { body: makeDevice(), omit: ['x-api-key'] });

    expect(list.status).toBe(401);
    expect(post.status).toBe(401);
  });
});
