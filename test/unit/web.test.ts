// Web app building blocks: escaping, languages, cookies and CSP, the generated stylesheet and its size budget.
import { gzipSync } from 'node:zlib';
import { stylesheet } from '#shared/web/assets.generated';
import { html } from '#shared/web/html';
import { catalogs, chooseLanguage, languages, translator } from '#shared/web/i18n';
import { en } from '#shared/web/messages/en';
import { claimOutcomePage } from '#shared/web/pages';
import { contentSecurityPolicy, readCookies, setCookie } from '#shared/web/security';
import { buildWebAssets } from '#bin/build-web-assets';

describe('Web app building blocks', () => {
  it('escapes every interpolated value, in text and in attributes, but not nested templates', () => {
    const value = `"><script>alert('x')</script>&`;
    const out = html`<p title="${value}">${value}${html`<b>ok</b>`}</p>`.value;
    expect(out).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;<b>ok</b></p>',
    );
  });

  it('has every English key, and only those, in every language, none empty and with the same placeholders', () => {
    const keys = Object.keys(en).sort();
    for (const language of languages) {
      const catalog = catalogs[language] as Record<string, string>;
      expect(Object.keys(catalog).sort()).toEqual(keys);
      for (const key of keys) {
        expect(catalog[key]?.trim()).not.toBe('');
        expect(catalog[key]?.match(/\{\w+\}/g) ?? []).toEqual((en as Record<string, string>)[key]?.match(/\{\w+\}/g) ?? []);
      }
    }
    expect(languages.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [{ bookingLocale: 'fr-FR', acceptLanguage: 'de' }, 'fr'],
    [{ bookingLocale: 'it', acceptLanguage: 'de-AT,de;q=0.9' }, 'de'],
    [{ bookingLocale: null, acceptLanguage: 'es;q=1, fr;q=0.5, de;q=0.8' }, 'de'],
    [{ acceptLanguage: 'de;q=0, fr' }, 'fr'],
    [{ acceptLanguage: 'ja' }, 'en'],
    [{}, 'en'],
  ])('chooses the booking locale, then Accept-Language, then English: %j → %s', (input, expected) => {
    expect(chooseLanguage(input)).toBe(expected);
  });

  it('fills placeholders', () => {
    // A no-break space keeps the number with its unit on one line
    expect(translator('de')('usageLine', { percent: 40 })).toBe('40\u00a0% verbraucht');
  });

  it('marks cookies Secure with the __Host- prefix in deployed stages only', () => {
    expect(setCookie('session', 'v', { secure: true, maxAgeSeconds: 60 })).toBe(
      '__Host-session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(setCookie('session', 'v', { secure: false, maxAgeSeconds: 60 })).toBe('session=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
  });

  it('reads cookies, first value of a name wins', () => {
    expect(readCookies('a=1; b=2; a=3; broken; =x').get('a')).toBe('1');
  });

  it('allows no inline code and no other origin except a brand logo origin for images', () => {
    const csp = contentSecurityPolicy({ secure: true, imageOrigins: ['https://cdn.example.com'] });
    expect(csp).toBe(
      "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self' data: https://cdn.example.com; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; upgrade-insecure-requests",
    );
  });

  it('keeps the generated stylesheet in step with shared/web/app.css (run `npm run build:web`)', async () => {
    const generated = await buildWebAssets();
    expect(generated).toContain(stylesheet.file);
    expect(generated).toContain(JSON.stringify(stylesheet.body));
  });

  it('keeps each page within the budget of 50 KB of JavaScript and CSS, compressed', () => {
    // Pages load one stylesheet, a tiny brand color sheet and no JavaScript at all.
    const compressed = gzipSync(stylesheet.body).length + gzipSync(':root{--brand:#0b5cad}').length;
    console.log(`Web app page weight: CSS ${stylesheet.body.length} B raw, ${compressed} B gzip (incl. brand sheet); JavaScript 0 B`);
    expect(compressed).toBeLessThan(50 * 1024);
  });
});

describe('Claim outcome pages', () => {
  const frame = { language: 'en' as const, t: translator('en'), basePath: '/api' };

  it.each([
    ['sent', 200, 'Check your email'],
    ['already_claimed', 409, 'This code was already claimed'],
    ['not_found', 404, 'Page not found'],
    ['throttled', 429, 'Too many attempts'],
  ] as const)('answers the claim outcome %s with %i and says what happens next', (outcome, status, title) => {
    const result = claimOutcomePage(frame, outcome, 'ada<x>@example.com');
    expect(result.status).toBe(status);
    expect(result.page.value).toContain(`<h1>${title}</h1>`);
    // Only a sent code names the address, escaped as every value is
    expect(result.page.value.includes('ada&lt;x&gt;@example.com')).toBe(outcome === 'sent');
    expect(result.page.value).not.toContain('{email}');
  });
});
