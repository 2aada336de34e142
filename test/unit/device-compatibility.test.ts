// The device list's integrity and the pieces of matching: keys and version comparison.
import deviceFile from '../../shared/data/devices/esim-devices.json' with { type: 'json' };
import { checkCompatibility, compareVersions, compatibleDeviceList, deviceKey } from '#shared/domain/device-compatibility';

const deviceList = compatibleDeviceList();

describe('Device list', () => {
  it('names each device once per brand, under any of its names', () => {
    const keys = deviceList.devices.flatMap((d) => [d.model, ...(d.aliases ?? [])].map((name) => `${deviceKey(d.brand)}|${deviceKey(name)}`));

    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives each device its family's brand, OS, type and note unless it names its own", () => {
    // Prepare
    const find = (model: string) => deviceList.devices.find((device) => device.model === model);

    // Assess: the iPhone XS names its own note and minimum; the Galaxy S23 takes its family's note.
    expect(find('iPhone XS')).toEqual({
      brand: 'Apple',
      model: 'iPhone XS',
      os: 'iOS',
      device_type: 'phone',
      min_os_version: '12.1',
      notes: deviceFile.notes['none-china-ios-12-1'],
      aliases: ['iPhone11,2'],
    });
    expect(find('Galaxy S23')).toMatchObject({
      brand: 'Samsung',
      os: 'Android',
      min_os_version: null,
      notes: expect.stringContaining('South Korea'),
    });
    expect(deviceList.devices).toHaveLength(deviceFile.families.reduce((sum, family) => sum + family.devices.length, 0));
  });

  it('uses every note of the notes table', () => {
    const used = new Set(deviceList.devices.map((device) => device.notes));

    expect(Object.values(deviceFile.notes).filter((text) => !used.has(text))).toEqual([]);
  });

  it('gives every entry a known OS, a device type and a dotted minimum version or null', () => {
    for (const device of deviceList.devices) {
      expect(['iOS', 'iPadOS', 'Android']).toContain(device.os);
      expect(['phone', 'tablet']).toContain(device.device_type);
      expect(device.min_os_version === null || /^\d+(\.\d+)*$/.test(device.min_os_version)).toBe(true);
    }
  });

  it.each([
    ['iPhone 15 Pro', 'iphone15pro'],
    ['Galaxy S20+', 'galaxys20plus'],
    ['Pixel 4a (5G)', 'pixel4a5g'],
    ['Xperia 10 III Lite', 'xperia10iiilite'],
  ])('keys %s as %s', (name, key) => {
    expect(deviceKey(name)).toBe(key);
  });

  it.each([
    ['17.4', '17.4', 0],
    ['17.10', '17.4', 1],
    ['12', '12.1', -1],
    ['12.1.0', '12.1', 0],
    ['Android 14 (UP1A)', '9', 1],
  ])('compares %s with %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('Device look-up by the identifiers apps read from the system', () => {
  it.each([
    ['Apple', 'iPhone15,2', 'iOS', 'iPhone 14 Pro'],
    ['Apple', 'iPhone11,8', 'iOS', 'iPhone XR'],
    ['Apple', 'iPhone18,4', 'iOS', 'iPhone Air'],
    ['Apple', 'Apple iPhone16,1', 'iOS', 'iPhone 15 Pro'],
    ['samsung', 'SM-S911B', 'Android', 'Galaxy S23'],
    ['samsung', 'SM-S911U1', 'Android', 'Galaxy S23'],
    ['Samsung', 'SM-F731W', 'Android', 'Galaxy Z Flip5'],
    ['samsung', 'sm-a546b', 'Android', 'Galaxy A54 5G'],
    ['Samsung', 'Samsung SM-S911B', 'Android', 'Galaxy S23'],
    ['samsung', 'SM-G980F', 'Android', 'Galaxy S20'],
    ['samsung', 'SM-S911B/DS', 'Android', 'Galaxy S23'],
  ])('finds %s %s (%s) as the %s', (brand, model, os, expected) => {
    // Act
    const result = checkCompatibility({ phone_brand: brand, phone_model: model, phone_os: os, os_version: '17' });

    // Assess
    expect(result).toMatchObject({ is_compatible: true, device: { model: expected } });
  });

  it.each([
    ['samsung', 'SM-G780F', 'the Galaxy S20 FE, which has no eSIM'],
    ['samsung', 'SM-S9110', 'the Galaxy S23 sold in China, which may lack eSIM'],
    ['samsung', 'SM-S911N', 'the Galaxy S23 sold in Korea'],
    ['samsung', 'SM-S911BXYZ', 'a model number with a longer tail than a market'],
    ['Google', 'SM-S911B', "another brand's model number"],
    ['Apple', 'iPhone1,1', 'the first iPhone, whose identifier reads like "iPhone 11" without its punctuation'],
    ['Apple', 'iPhone1,2', 'the iPhone 3G'],
  ])('does not find %s %s: %s', (brand, model) => {
    const os = brand === 'Apple' ? 'iOS' : 'Android';
    expect(checkCompatibility({ phone_brand: brand, phone_model: model, phone_os: os, os_version: '14' })).toMatchObject({
      is_compatible: false,
      reason_code: 'unknown_device',
    });
  });
});
