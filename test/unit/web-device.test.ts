import { chosenDevice, deviceFromUserAgent, rendererDevice } from '#shared/web/device';

describe('the install page device', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15', { platform: 'iphone', osVersion: '17.4.1' }],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15', { platform: 'ipad', osVersion: '16.6' }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36', { platform: 'android', osVersion: '14' }],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36', { platform: 'other', osVersion: '' }],
    [undefined, { platform: 'other', osVersion: '' }],
  ])('reads %s from the User-Agent', (userAgent, device) => {
    expect(deviceFromUserAgent(userAgent)).toEqual(device);
  });

  it('lets the picker override the User-Agent', () => {
    expect(chosenDevice({ platform: 'android', os_version: '13' }, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)')).toEqual({
      platform: 'android',
      osVersion: '13',
    });
  });

  it('ignores picker values outside its lists', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)';
    expect(chosenDevice({ platform: 'symbian', os_version: '9' }, ua)).toEqual({ platform: 'iphone', osVersion: '17.4' });
    expect(chosenDevice({ platform: 'iphone', os_version: '<script>' }, ua)).toEqual({ platform: 'iphone', osVersion: '' });
    expect(chosenDevice({ platform: 'android', os_version: '99' }, ua)).toEqual({ platform: 'android', osVersion: '' });
    expect(chosenDevice({ platform: 'ipad', os_version: '10' }, ua)).toEqual({ platform: 'ipad', osVersion: '' });
    expect(chosenDevice({ platform: 'android', os_version: '17.4' }, ua)).toEqual({ platform: 'android', osVersion: '' });
  });

  it("takes the User-Agent's own version, which the picker lists too, for its family of systems", () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X)';
    expect(chosenDevice({ platform: 'ipad', os_version: '17.4.1' }, ua)).toEqual({ platform: 'ipad', osVersion: '17.4.1' });
    expect(chosenDevice({ platform: 'iphone', os_version: '18' }, ua)).toEqual({ platform: 'iphone', osVersion: '18' });
  });

  it('names the device and OS the way the instructions renderer expects, in the page language', () => {
    const names = { android: 'Android-Smartphone', other: 'Telefon' };
    expect(rendererDevice({ platform: 'ipad', osVersion: '17.4' }, names)).toEqual({ name: 'iPad', os: 'iPadOS', osVersion: '17.4' });
    expect(rendererDevice({ platform: 'android', osVersion: '14' }, names)).toEqual({ name: 'Android-Smartphone', os: 'Android', osVersion: '14' });
    expect(rendererDevice({ platform: 'other', osVersion: '' }, names)).toEqual({ name: 'Telefon', os: 'other', osVersion: '' });
  });
});
