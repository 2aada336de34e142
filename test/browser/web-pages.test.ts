// Traveler web app in Debian's Chromium: every page reached like a traveler would, axe-core WCAG 2.2 AA checks,
// phone-size screenshots (docs/screenshots/ with UPDATE_SCREENSHOTS=1). One browser for the whole file; no sleeps (Playwright waits on events).
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { envNames } from '#shared/config';
import { randomToken } from '#shared/domain/ids';
import { localTokenSigner } from '#shared/security/token-signer';
import { dynamoSessionStore } from '#shared/storage/session-store';
import { setBrand } from '#shared/usecases/manage-brands';
import { expectAccessible as axeCheck, launchChromium, phoneContext, screenshotFile, startSideBySide } from '#test/support/browser';
import type { SignedClient } from '#test/support/signed-client';
import { startTestService, type TestService } from '#test/support/test-service';
import { bookTraveler, redirectToken } from '#test/support/web-app';
import { decodedBodies, mailbox } from '#test/support/mailbox';

describe('Traveler web app in a browser', () => {
  let service: TestService;
  let client: SignedClient;
  let partnerId: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await startSideBySide([startTestService().then((started) => (service = started)), launchChromium().then((started) => (browser = started))]);
    const partner = await service.newPartner();
    client = partner.client;
    partnerId = partner.partner.partner_id;
    await setBrand(
      { partnerId, settings: { brand_id: 'skyline', name: 'Skyline Air', primary_color: '#0b5cad', logo: null }, makeDefault: true },
      service.runtime.admin,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    context = await phoneContext(browser);
    page = await context.newPage();
  });
  afterEach(() => context?.close());

  const expectAccessible = () => axeCheck(page);
  const screenshot = (name: string) => page.screenshot({ path: screenshotFile(`${name}.png`), fullPage: true });

  it('signs a traveler in with a redirect token and lands on their packages; nothing secret stays in the URL', async () => {
    // A fixed id (this file has its own table) keeps the committed screenshot the same from run to run.
    const traveler = 'traveler-1042';
    const booking = await bookTraveler(client, traveler);
    // The traveler's journey so far, played through the sandbox: redeemed, installed, activated, 40 % used.
    const sandbox = async (step: string, body: Record<string, unknown>) => {
      const response = await client.send('POST', `/sandbox/${step}`, { body });
      if (response.status !== 200) throw new Error(`${step}: ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const { package_id: packageId } = await sandbox('redeem-promo-code', { uuid: booking.promo_codes[0].uuid, external_user_id: traveler });
    await sandbox('install-esim', { external_user_id: traveler });
    await sandbox('activate-package', { package_id: packageId });
    await sandbox('report-usage', { package_id: packageId, percent: 40 });
    const { url } = await redirectToken(client, { external_user_id: traveler });

    await page.goto(url);

    expect(new URL(page.url()).pathname).toBe('/api/app');
    expect(page.url()).not.toContain('token');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your travel data');
    expect(await page.getByRole('meter').getAttribute('value')).toBe('40');
    expect(await page.locator('main').textContent()).toContain('40% used · 3 GB left');
    expect(await page.locator('main').textContent()).toContain('Installed on your phone');
    // Installed: the install steps stay reachable, not as the page's call to action
    expect(await page.getByRole('link', { name: 'Installation steps, if you need them again' }).getAttribute('class')).toBeNull();
    // The package on the eSIM, and the queue entry still waiting (the redeemed one is on the eSIM now).
    expect(await page.getByRole('listitem').count()).toBe(2);
    expect(await page.locator('.brand-name').textContent()).toBe('Skyline Air');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expectAccessible();
    await screenshot('home');
  });

  it('redeems a waiting package from its button, asking first for the country of a grant that names none', async () => {
    // Prepare: one grant without a destination
    const traveler = `trav-${randomUUID()}`;
    await bookTraveler(client, traveler, { package_specifications: [{ size: '2GB', package_duration: 7, external_user_id: traveler }] });
    await page.goto((await redirectToken(client, { external_user_id: traveler })).url);
    await expectAccessible();

    // Act
    await page.getByLabel('Where do you travel?').selectOption({ label: 'Portugal' });
    await page.getByRole('button', { name: 'Redeem now' }).click();

    // Assess: back home, the package on the new eSIM, nothing waiting
    await page.waitForURL(/\/api\/app\?redeemed=1$/);
    const main = await page.locator('main').textContent();
    expect(await page.getByRole('status').textContent()).toBe('Done: the package is yours. It shows below with the eSIM it is on.');
    expect(main).toContain('Portugal · 2 GB');
    expect(main).toContain('No packages are waiting for you right now.');
    expect(await page.getByRole('link', { name: 'Install your eSIM on this phone' }).getAttribute('class')).toBe('button');
    await expectAccessible();
  });

  it('keeps two travelers signed in side by side apart: each sees only their own packages', async () => {
    const [first, second] = [`trav-${randomUUID()}`, `trav-${randomUUID()}`];
    await bookTraveler(client, first, { package_specifications: [{ destination: 'ESP', size: '1GB', external_user_id: first }] });
    await bookTraveler(client, second, { package_specifications: [{ destination: 'GRC', size: '2GB', external_user_id: second }] });
    const other = await phoneContext(browser);
    const otherPage = await other.newPage();

    await page.goto((await redirectToken(client, { external_user_id: first })).url);
    await otherPage.goto((await redirectToken(client, { external_user_id: second })).url);
    await page.reload();

    expect(await page.locator('main').textContent()).toContain('Spain');
    expect(await page.locator('main').textContent()).not.toContain('Greece');
    expect(await otherPage.locator('main').textContent()).toContain('Greece');
    expect(await otherPage.locator('main').textContent()).not.toContain('Spain');
    await other.close();
  });

  it('shows a friendly page when the link is opened a second time', async () => {
    const { url } = await redirectToken(client, { external_user_id: `trav-${randomUUID()}` });
    await page.goto(url);

    const response = await page.goto(url);

    expect(response?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link was already used');
    await expectAccessible();
    await screenshot('token-used');
  });

  it('shows a friendly page for an expired link', async () => {
    // A token whose expiry has passed, signed with the running service's local key.
    const signer = localTokenSigner(process.env[envNames.localSecretKey] ?? '');
    const store = dynamoSessionStore(service.runtime.admin.documentClient, service.runtime.tableName);
    const nonce = randomToken(16);
    const expires = Math.floor(Date.now() / 1000) - 60;
    await store.putToken({
      partner_id: partnerId,
      nonce,
      external_user_id: 'trav-late',
      expires_at: new Date(expires * 1000).toISOString(),
      created_at: new Date().toISOString(),
      used_at: null,
    });
    const body = `v1.${partnerId}.${nonce}.${expires}`;

    const response = await page.goto(`${service.url}/app/start?token=${body}.${await signer.sign(body)}`);

    expect(response?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link has expired');
    await expectAccessible();
    await screenshot('token-expired');
  });

  it("refuses the home page with an ended session, in the browser's language", async () => {
    const german = await phoneContext(browser, { locale: 'de-DE' });
    page = await german.newPage();
    await page.setExtraHTTPHeaders({ cookie: `session=${'A'.repeat(43)}` });

    const response = await page.goto(`${service.url}/app`);

    expect(response?.status()).toBe(401);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ihre Sitzung ist beendet');
    await expectAccessible();
    await screenshot('session-ended');
    await german.close();
  });

  it('opens a claim_url on an accessible email form, with an error summary for a malformed address', async () => {
    const booking = await bookTraveler(client, `trav-${randomUUID()}`, { email: undefined, locale: 'fr' });

    await page.goto(booking.promo_codes[0].claim_url);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await expectAccessible();
    await screenshot('claim');
    await page.getByLabel('Adresse e-mail').fill('not-an-email');
    await Promise.all([page.waitForURL(/\/app\/claim\//), page.getByRole('button', { name: 'Envoyer mon code' }).click()]);

    expect(await page.getByRole('alert').textContent()).toContain('Il y a un problème');
    expect(await page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible();
    await screenshot('claim-error');
  });

  it('claims a code by email like a traveler: the "Check your email" page, and the email with the code on disk', async () => {
    const booking = await bookTraveler(client, `trav-${randomUUID()}`, { email: undefined });
    const promo = booking.promo_codes[0];
    const address = `claim-${randomUUID().slice(0, 8)}@example.com`;

    await page.goto(promo.claim_url);
    await page.getByLabel('Email address').fill(address);
    await Promise.all([page.waitForURL(/\/app\/claim\//), page.getByRole('button', { name: 'Send my code' }).click()]);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your email');
    expect(await page.locator('main').textContent()).toContain(`We sent your code to ${address}.`);
    await expectAccessible();
    const [email] = await mailbox(service.dataDir).waitFor(address);
    expect(decodedBodies(email ?? '').join('\n')).toContain(promo.code);
  });

  it('answers unknown pages with an accessible 404 page', async () => {
    const response = await page.goto(`${service.url}/app/unknown`);

    expect(response?.status()).toBe(404);
    await expectAccessible();
    await screenshot('not-found');
  });
});
