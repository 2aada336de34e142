// Traveler web app in Debian's Chromium: every page reached like a traveler would, axe-core WCAG 2.2 AA checks,
// phone-size screenshots in docs/screenshots/. One browser for the whole file; no sleeps (Playwright waits on events).
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { envNames } from '#shared/config';
import { randomToken } from '#shared/domain/ids';
import { localTokenSigner } from '#shared/security/token-signer';
import { dynamoSessionStore } from '#shared/storage/session-store';
import { setBrand } from '#shared/usecases/manage-brands';
import type { SignedClient } from '#test/support/signed-client';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';
import { bookTraveler, redirectToken } from '#test/support/web-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshots = join(projectRoot, 'docs/screenshots');
// Flags that keep Chromium off the network it cannot reach here (and off Google's services anywhere).
const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

describe('Traveler web app in a browser', () => {
  let service: TestService;
  let client: SignedClient;
  let partnerId: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [service, browser] = await Promise.all([startTestService(), chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs })]);
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
    // A phone: 390 × 844 CSS pixels, touch, English unless a test asks otherwise.
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  const expectAccessible = async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  const screenshot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

  it('signs a traveler in with a redirect token and lands on their packages; nothing secret stays in the URL', async () => {
    // A fixed id (this file has its own table) keeps the committed screenshot the same from run to run.
    const traveler = 'traveler-1042';
    await bookTraveler(client, traveler);
    const { url } = await redirectToken(client, { external_user_id: traveler });

    await page.goto(url);

    expect(new URL(page.url()).pathname).toBe('/api/app');
    expect(page.url()).not.toContain('token');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your travel data');
    expect(await page.getByRole('listitem').count()).toBe(2);
    expect(await page.locator('.brand-name').textContent()).toBe('Skyline Air');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expectAccessible();
    await screenshot('home');
  });

  it('keeps two travelers signed in side by side apart: each sees only their own packages', async () => {
    const [first, second] = [`trav-${randomUUID()}`, `trav-${randomUUID()}`];
    await bookTraveler(client, first, { package_specifications: [{ destination: 'ESP', size: '1GB', external_user_id: first }] });
    await bookTraveler(client, second, { package_specifications: [{ destination: 'GRC', size: '2GB', external_user_id: second }] });
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const otherPage = await other.newPage();

    await page.goto((await redirectToken(client, { external_user_id: first })).url);
    await otherPage.goto((await redirectToken(client, { external_user_id: second })).url);
    await page.reload();

    expect(await page.locator('main').textContent()).toContain('ESP');
    expect(await page.locator('main').textContent()).not.toContain('GRC');
    expect(await otherPage.locator('main').textContent()).toContain('GRC');
    expect(await otherPage.locator('main').textContent()).not.toContain('ESP');
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
    await store.putToken({ partner_id: partnerId, nonce, external_user_id: 'trav-late', expires_at: new Date(expires * 1000).toISOString(), created_at: new Date().toISOString(), used_at: null });
    const body = `v1.${partnerId}.${nonce}.${expires}`;

    const response = await page.goto(`${service.url}/app/start?token=${body}.${await signer.sign(body)}`);

    expect(response?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link has expired');
    await expectAccessible();
    await screenshot('token-expired');
  });

  it('refuses the home page without a session, in the browser\'s language', async () => {
    const german = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'de-DE' });
    page = await german.newPage();

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

  it('answers unknown pages with an accessible 404 page', async () => {
    const response = await page.goto(`${service.url}/app/unknown`);

    expect(response?.status()).toBe(404);
    await expectAccessible();
    await screenshot('not-found');
  });
});
