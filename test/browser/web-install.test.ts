// Install page in Debian's Chromium: the device comes from the User-Agent (iPhone on iOS 17.4 gets Apple's one-tap
// link, Android gets Android's), the picker changes it without script, axe-core finds nothing, phone screenshots.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SignedClient } from '#test/support/signed-client';
import { expectAccessible as axeCheck, launchChromium, phoneContext, screenshotFile, startSideBySide } from '#test/support/browser';
import { startTestService, type TestService } from '#test/support/test-service';
import { bookTraveler, redirectToken } from '#test/support/web-app';

const IPHONE_17_4 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_16 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const ANDROID_14 = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('Install page in a browser', () => {
  let service: TestService;
  let client: SignedClient;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await startSideBySide([startTestService().then((started) => (service = started)), launchChromium().then((started) => (browser = started))]);
    client = (await service.newPartner()).client;
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  afterEach(() => context?.close());

  const phone = async (userAgent: string, locale = 'en-GB') => {
    context = await phoneContext(browser, { locale, userAgent });
    page = await context.newPage();
  };
  const expectAccessible = () => axeCheck(page);
  /** A traveler whose promo code was redeemed through the sandbox: they have an eSIM, not yet installed. */
  const travelerWithEsim = async (traveler = `trav-${randomUUID()}`) => {
    const booking = await bookTraveler(client, traveler);
    const response = await client.send('POST', '/sandbox/redeem-promo-code', {
      body: { uuid: booking.promo_codes[0].uuid, external_user_id: traveler },
    });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    return traveler;
  };
  const signIn = async (traveler: string) => page.goto((await redirectToken(client, { external_user_id: traveler })).url);
  const oneTapLink = () => page.locator('#step-one_tap a');

  it("gives an iPhone on iOS 17.4 Apple's one-tap link, the QR code and the manual details, from the home page link", async () => {
    const traveler = await travelerWithEsim('traveler-2077');
    await phone(IPHONE_17_4);
    await signIn(traveler);

    await Promise.all([page.waitForURL(/\/app\/install$/), page.getByRole('link', { name: 'Install your eSIM on this phone' }).click()]);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Install your .+ eSIM$/);
    expect(await page.locator('main').textContent()).toContain('Steps for: iPhone, iOS 17.4.');
    expect(await oneTapLink().getAttribute('href')).toMatch(/^https:\/\/esimsetup\.apple\.com\//);
    expect(await page.getByRole('img', { name: /QR/ }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByLabel('Phone or tablet').inputValue()).toBe('iphone');
    expect(await page.getByLabel('System version').inputValue()).toBe('17.4');
    await expectAccessible();
    await page.screenshot({ path: screenshotFile('install.png'), fullPage: true });
  });

  it("gives an Android phone Android's one-tap link", async () => {
    const traveler = await travelerWithEsim();
    await phone(ANDROID_14);
    await signIn(traveler);

    await page.goto(`${service.url}/app/install`);

    expect(await oneTapLink().getAttribute('href')).toMatch(/^https:\/\/esimsetup\.android\.com\//);
    expect(await page.getByLabel('Phone or tablet').inputValue()).toBe('android');
    await expectAccessible();
  });

  it('shows no one-tap link before iOS 17.4, and the picker switches to another device without script', async () => {
    const traveler = await travelerWithEsim();
    await phone(IPHONE_16);
    await signIn(traveler);
    await page.goto(`${service.url}/app/install`);
    expect(await oneTapLink().count()).toBe(0);

    await page.getByLabel('Phone or tablet').selectOption('android');
    await page.getByLabel('System version').selectOption('14');
    await Promise.all([page.waitForURL(/platform=android/), page.getByRole('button', { name: 'Show the steps' }).click()]);

    expect(await page.locator('main').textContent()).toContain('Steps for: Android phone, Android 14.');
    expect(await oneTapLink().count()).toBe(1);
    await expectAccessible();
  });

  it('tells a traveler without an eSIM yet what to do, in their language', async () => {
    const traveler = `trav-${randomUUID()}`;
    await bookTraveler(client, traveler, { locale: 'de' });
    await phone(ANDROID_14, 'de-DE');
    await signIn(traveler);

    await page.goto(`${service.url}/app/install`);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ihre eSIM ist noch nicht bereit');
    await expectAccessible();
    await page.screenshot({ path: screenshotFile('install-no-esim.png'), fullPage: true });
  });

  it("keeps two travelers side by side apart: each install page shows only that traveler's eSIM", async () => {
    const [first, second] = [await travelerWithEsim(), await travelerWithEsim()];
    await phone(ANDROID_14);
    const other = await phoneContext(browser, { userAgent: ANDROID_14 });
    const otherPage = await other.newPage();
    await signIn(first);
    await otherPage.goto((await redirectToken(client, { external_user_id: second })).url);

    await page.goto(`${service.url}/app/install`);
    await otherPage.goto(`${service.url}/app/install`);

    const iccidOf = async (target: Page) => (await target.locator('#step-manual dd').last().textContent())?.trim();
    const [mine, theirs] = [await iccidOf(page), await iccidOf(otherPage)];
    expect(mine).toMatch(/^\d{18,22}$/);
    expect(theirs).toMatch(/^\d{18,22}$/);
    expect(mine).not.toBe(theirs);
    expect(await page.locator('main').textContent()).not.toContain(theirs);
    await other.close();
  });

  it('refuses the install page without a session', async () => {
    await phone(IPHONE_17_4);

    const response = await page.goto(`${service.url}/app/install`);

    expect(response?.status()).toBe(401);
  });
});
