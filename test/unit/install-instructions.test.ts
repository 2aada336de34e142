// The install-instructions renderer: steps per platform and status, one-tap links, QR code, locales, safe HTML.
import { parseActivationCode } from '#shared/domain/install/activation-code';
import { buildInstructions, renderInstructions, type InstructionsInput } from '#shared/domain/install/instructions';
import { installStrings } from '#shared/domain/install/strings';
import { servedLocales } from '#shared/domain/locale';
import { decodeQr } from '#test/support/qr';
import { rendererDevice } from '#shared/web/device';
import { installTexts } from '#shared/web/i18n';

const ACTIVATION = 'LPA:1$smdp.example-esim.com$K2-1A2B3C-4D5E6F';

const makeInput = (overrides: Partial<InstructionsInput> = {}): InstructionsInput => ({
  activationCode: ACTIVATION,
  iccid: '8944500102198304826',
  esimStatus: 'released',
  device: { name: 'iPhone 15 Pro', os: 'iOS', osVersion: '17.4.1', deviceType: 'phone' },
  locale: 'en',
  branding: { name: 'Acme Travel', colors: { primary: '#ff6600' }, logo_url: 'https://cdn.acme.example/logo.png' },
  ...overrides,
});

describe('Install instructions', () => {
  it('gives iOS 17.4 the one-tap link first, then QR code, manual entry and turning it on', async () => {
    const doc = await buildInstructions(makeInput());

    expect(doc.platform).toBe('ios');
    expect(doc.steps.map((s) => s.id)).toEqual(['one_tap', 'qr_code', 'manual', 'turn_on']);
    expect(doc.steps[1]!.title).toBe('Or scan the QR code');
    expect(doc.links).toEqual([
      { type: 'apple_esim_setup', label: 'Install eSIM', url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${ACTIVATION}` },
    ]);
    expect(doc.title).toBe('Install your Acme Travel eSIM');
    expect(doc.steps[1]!.body).toContain('Settings > Mobile Service');
  });

  it('leaves the Apple link out below iOS 17.4', async () => {
    const doc = await buildInstructions(makeInput({ device: { name: 'iPhone XR', os: 'iOS', osVersion: '17.3' } }));

    expect(doc.links).toEqual([]);
    expect(doc.steps.map((s) => s.id)).toEqual(['qr_code', 'manual', 'turn_on']);
    // The first step offers no alternative to anything before it.
    expect(doc.steps[0]!.title).toBe('Scan the QR code');
  });

  it('offers Android its universal link and Android menu paths', async () => {
    const doc = await buildInstructions(makeInput({ device: { name: 'Pixel 8', os: 'Android', osVersion: '14' } }));

    expect(doc.platform).toBe('android');
    expect(doc.links[0]).toMatchObject({
      type: 'android_esim_setup',
      url: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${ACTIVATION}`,
    });
    expect(doc.steps.find((s) => s.id === 'qr_code')!.body).toContain('Network & internet');
  });

  it.each([
    ['Apple iOS', 'ios'],
    ['iOS 17', 'ios'],
    ['iPadOS', 'ios'],
    ['Android 14', 'android'],
    ['KaiOS', 'other'],
  ])("reads the OS %s as the %s platform, by its name's words as the device check does", async (os, platform) => {
    const doc = await buildInstructions(makeInput({ device: { name: 'Phone', os, osVersion: '17.4' } }));

    expect(doc.platform).toBe(platform);
  });

  it('gives other systems QR code and manual entry without links', async () => {
    const doc = await buildInstructions(makeInput({ device: { name: 'Tablet', os: 'HarmonyOS', osVersion: '4' } }));

    expect(doc.platform).toBe('other');
    expect(doc.links).toEqual([]);
    expect(doc.steps.map((s) => s.id)).toEqual(['qr_code', 'manual', 'turn_on']);
  });

  it('tells a traveler whose eSIM is installed only how to turn it on', async () => {
    const doc = await buildInstructions(makeInput({ esimStatus: 'INSTALLED' }));

    expect(doc.esim).toMatchObject({ installed: true, status: 'INSTALLED' });
    expect(doc.steps.map((s) => s.id)).toEqual(['installed', 'turn_on']);
    expect(doc.links).toEqual([]);
  });

  it.each(['en', 'de', 'fr', 'es'])('titles an installed eSIM as installed, not as one to install, in %s', async (locale) => {
    // Act
    const toInstall = await buildInstructions(makeInput({ locale }));
    const installed = await buildInstructions(makeInput({ locale, esimStatus: 'installed' }));

    // Assess: its own title and intro, which name the brand and the device as the install ones do
    expect(installed.title).not.toBe(toInstall.title);
    expect(installed.intro).not.toBe(toInstall.intro);
    expect(installed.title).toContain(toInstall.branding.name);
    expect(installed.intro).toContain(toInstall.device.name);
  });

  it.each(['en', 'de', 'fr', 'es'])('tells a traveler whose eSIM was removed that the steps install it again, in %s', async (locale) => {
    // Act
    const toInstall = await buildInstructions(makeInput({ locale }));
    const removed = await buildInstructions(makeInput({ locale, esimStatus: 'removed' }));

    // Assess: the same steps and title, with an intro that says what happened
    expect(removed.steps.map((s) => s.id)).toEqual(toInstall.steps.map((s) => s.id));
    expect(removed.title).toBe(toInstall.title);
    expect(removed.intro).not.toBe(toInstall.intro);
    expect(removed.intro).toContain(toInstall.device.name);
  });

  it('splits the activation code into SM-DP+ address and matching id for manual entry', async () => {
    const doc = await buildInstructions(makeInput());

    expect(doc.activation).toMatchObject({
      code: ACTIVATION,
      smdp_address: 'smdp.example-esim.com',
      matching_id: 'K2-1A2B3C-4D5E6F',
      confirmation_code_required: false,
    });
  });

  it('carries a QR code that scans back to the activation code', async () => {
    const doc = await buildInstructions(makeInput());

    expect(doc.qr_code.media_type).toBe('image/png');
    expect(decodeQr(doc.qr_code.data_url)).toBe(ACTIVATION);
  });

  it.each([
    ['de-CH', 'de', 'Ihre Acme Travel-eSIM installieren'],
    ['fr', 'fr', 'Installez votre eSIM Acme Travel'],
    ['es_MX', 'es', 'Instala tu eSIM de Acme Travel'],
    ['ja', 'en', 'Install your Acme Travel eSIM'],
    [null, 'en', 'Install your Acme Travel eSIM'],
  ])('localizes %s as %s', async (requested, locale, title) => {
    const doc = await buildInstructions(makeInput({ locale: requested }));

    expect(doc.locale).toBe(locale);
    expect(doc.title).toBe(title);
  });

  it('has every string in every locale, with the same placeholders as English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const locale of servedLocales) {
      for (const [key, english] of Object.entries(installStrings.en)) {
        const text = installStrings[locale][key as keyof typeof installStrings.en];
        expect(text.length).toBeGreaterThan(0);
        expect(placeholders(text)).toEqual(placeholders(english));
      }
    }
  });

  it.each(['LPA:1$smdp.example.com', 'LPA:2$smdp.example.com$ABC', 'LPA:1$not a host$ABC', 'hello', 'LPA:1$smdp.example.com$AB C'])(
    'refuses the malformed activation code %s',
    (code) => {
      expect(() => parseActivationCode(code)).toThrow('Not an eSIM activation code');
    },
  );

  it('reads the confirmation-code flag', () => {
    expect(parseActivationCode('LPA:1$smdp.example.com$ABC$$1').confirmationCodeRequired).toBe(true);
  });
});

describe('Install instructions as HTML', () => {
  const hostile = {
    name: '<script>alert(1)</script> & "Co"',
    colors: { primary: 'red;}</style><script>', background: '#fff' },
    logo_url: 'javascript:alert(1)',
  };

  it('renders one page with the button, the QR code and the manual details', async () => {
    const page = await renderInstructions(makeInput({ format: 'html', locale: 'fr' }));

    expect(page).toMatchObject({ format: 'html', locale: 'fr', content_type: 'text/html; charset=utf-8' });
    if (page.format !== 'html') throw new Error('expected html');
    expect(page.html).toContain('<html lang="fr">');
    expect(page.html).toContain(`href="https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${ACTIVATION}"`);
    expect(page.html).toContain('<img class="qr" src="data:image/png;base64,');
    expect(page.html).toContain('<code>smdp.example-esim.com</code>');
    expect(page.html).toContain('<img src="https://cdn.acme.example/logo.png" alt="Acme Travel">');
    expect(page.html).toContain('background:#ff6600');
  });

  it('escapes every brand value, refuses non-hex colors and non-https logos, and has no script', async () => {
    const page = await renderInstructions(makeInput({ format: 'html', branding: hostile }));

    if (page.format !== 'html') throw new Error('expected html');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).not.toContain('javascript:');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(page.html).toContain('background:#0b57d0');
  });

  it('returns the structured document when no format is given', async () => {
    const doc = await renderInstructions(makeInput());

    expect(doc.format).toBe('json');
  });
});

describe('Install instructions in the web app languages', () => {
  const webDevices = (language: 'en' | 'de' | 'fr') => {
    const t = installTexts(language);
    return (['iphone', 'ipad', 'android', 'other'] as const).map((platform) =>
      rendererDevice({ platform, osVersion: '' }, { android: t('deviceAndroidName'), other: t('deviceOtherName') }),
    );
  };

  it.each(['de', 'fr'] as const)('speaks only %s for every device the web app names, with the confirmation code too', async (language) => {
    // Prepare
    const english = /(?<!\p{L})(phone|Your|this)(?!\p{L})/u;
    const grammar = /Ihres (Telefon|iPhone|iPad|Android)|ce (iPhone|iPad)|Ihr Telefon öffnet/;

    for (const { name, os, osVersion } of webDevices(language)) {
      // Act
      const doc = await buildInstructions(
        makeInput({
          locale: language,
          device: { name, os, osVersion, deviceType: 'phone' },
          activationCode: `${ACTIVATION}$$1`,
          confirmationCode: '12345678',
        }),
      );

      // Assess
      const text = [doc.title, doc.intro, ...doc.steps.flatMap((step) => [step.title, step.body])].join('\n');
      expect({ device: name, english: english.exec(text)?.[0] ?? null, grammar: grammar.exec(text)?.[0] ?? null }).toEqual({
        device: name,
        english: null,
        grammar: null,
      });
    }
  });
});
