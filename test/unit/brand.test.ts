// Brand colors: WCAG contrast arithmetic and the settings schema operators go through.
import * as v from 'valibot';
import { BrandSettingsSchema, contrastRatio, logoOrigin, MAX_LOGO_DATA_URL_BYTES } from '#shared/domain/brand';

const settings = (overrides: Record<string, unknown> = {}) => ({
  brand_id: 'acme',
  name: 'Acme',
  primary_color: '#0b5cad',
  logo: null,
  ...overrides,
});

describe('Brand settings', () => {
  it('computes WCAG contrast ratios: black on white is 21:1, a color with itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey with AA contrast on white (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each([
    ['a dark blue', '#0b5cad', true],
    ['the AA boundary grey', '#767676', true],
    ['a grey just too light', '#777777', false],
    ['yellow', '#ffdd00', false],
    ['a three-digit hex', '#fff', false],
    ['a color name', 'navy', false],
  ])('accepts a primary color only with AA contrast against white text: %s', (_, color, ok) => {
    expect(v.safeParse(BrandSettingsSchema, settings({ primary_color: color })).success).toBe(ok);
  });

  it.each([
    ['an https URL', 'https://cdn.example.com/logo.svg', true],
    ['a small PNG data URL', 'data:image/png;base64,iVBORw0KGgo=', true],
    ['an http URL', 'http://cdn.example.com/logo.svg', false],
    ['a URL with credentials', 'https://user:pw@cdn.example.com/logo.svg', false],
    ['a javascript URL', 'javascript:alert(1)', false],
    ['an HTML data URL', 'data:text/html;base64,PHNjcmlwdD4=', false],
    ['an oversized data URL', `data:image/png;base64,${'A'.repeat(MAX_LOGO_DATA_URL_BYTES)}`, false],
    ['a wildcard host that would widen the page policy', 'https://*;script-src-attr;sandbox/x.png', false],
    ['a host with a directive separator', 'https://cdn.example.com;img-src/x.png', false],
    ['a punycode host', 'https://xn--mnchen-3ya.de/logo.png', true],
    ['a host whose labels start with digits', 'https://1.cdn.3com.example/logo.png', true],
    ['a loopback address', 'https://127.0.0.1/x.png', false],
    ['a private address', 'https://192.168.1.1/cgi-bin/reboot.png', false],
    ['a public address', 'https://1.2.3.4/a.png', false],
    ['an address the URL parser writes in dots', 'https://0x7f.1/x.png', false],
    ['a name under localhost, which browsers resolve to loopback', 'https://cdn.localhost/l.png', false],
    ['a name of the local network', 'https://printer.local/l.png', false],
    ['a home network name', 'https://nas.home.arpa/l.png', false],
    ['a name routers give the local network', 'https://printer.lan/l.png', false],
    ['a name outside the DNS', 'https://x.alt/l.svg', false],
    ['a host whose name only ends like a special-use one', 'https://cdn.mylocal.example/l.png', true],
  ])('accepts only https or small image data URLs as logo: %s', (_, logo, ok) => {
    expect(v.safeParse(BrandSettingsSchema, settings({ logo })).success).toBe(ok);
  });

  it('gives the page policy no image origin for a stored logo whose host is not a DNS name, an address included', () => {
    expect(logoOrigin({ logo: 'https://*;script-src-attr;sandbox/x.png' })).toBeUndefined();
    expect(logoOrigin({ logo: 'https://192.168.1.1/x.png' })).toBeUndefined();
    expect(logoOrigin({ logo: 'https://cdn.example.com/logo.svg' })).toBe('https://cdn.example.com');
  });

  it('refuses brand ids that could not be keys', () => {
    expect(v.safeParse(BrandSettingsSchema, settings({ brand_id: 'has space' })).success).toBe(false);
    expect(v.safeParse(BrandSettingsSchema, settings({ brand_id: 'x'.repeat(101) })).success).toBe(false);
  });
});
