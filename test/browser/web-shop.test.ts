// Shop page in Debian's Chromium: a traveler picks a destination, buys a bundle through the simulated checkout, and
// the partner's webhook receiver gets package.purchased with a package_queue_uuid; then the same form sent again
// charges nothing more. axe-core finds nothing; phone screenshots in docs/screenshots/.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { rotateWebhookSigningSecret, setWebhookSettings } from '#shared/usecases/manage-webhooks';
import type { SignedClient } from '#test/support/signed-client';
import { expectAccessible as axeCheck, PAGE_TEST_MS, screenshotFile, useBrowserFixture } from '#test/support/browser';
import type { TestService } from '#test/support/test-service';
import { bookTraveler, redirectToken } from '#test/support/web-app';
import { eventually, type Receiver } from '#test/support/webhook-receiver';

describe('Shop page in a browser', () => {
  const fixture = useBrowserFixture({}, { catalog: true });
  let service: TestService;
  let receiver: Receiver;
  let client: SignedClient;
  let page: Page;
  const hookPath = '/shop-partner';

  beforeAll(async () => {
    ({ service, receiver } = fixture);
    const { partner, client: signed } = await service.newPartner();
    client = signed;
    await setWebhookSettings(partner.partner_id, { url: `${receiver.url}${hookPath}` }, { ...service.runtime.admin, allowPrivateUrls: true });
    const { signing_secret: secret } = await rotateWebhookSigningSecret(partner.partner_id, {}, service.runtime.admin);
    receiver.script(hookPath, [{ status: 200 }], secret);
  });
  beforeEach(() => {
    page = fixture.page;
  });

  const expectAccessible = () => axeCheck(page);
  const eventsFor = (traveler: string, type: string) =>
    receiver.received(hookPath).filter((delivery) => delivery.body?.event === type && delivery.body?.data?.external_user_id === traveler);

  it(
    'buys a bundle from the home page link: one short result page, and the partner receives package.purchased',
    async () => {
      const traveler = 'traveler-3051';
      await bookTraveler(client, traveler);
      await page.goto((await redirectToken(client, { external_user_id: traveler })).url);

      await Promise.all([page.waitForURL(/\/app\/shop$/), page.getByRole('link', { name: 'Buy more data' }).click()]);
      await page.getByLabel('Destination').selectOption('FRA');
      await Promise.all([page.waitForURL(/destination=FRA/), page.getByRole('button', { name: 'Show packages' }).click()]);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Packages: France', 'Regional packages: Europe']);
      expect(await page.locator('main').textContent()).toContain('€12.99');
      await expectAccessible();
      await page.screenshot({ path: screenshotFile('shop.png'), fullPage: true });
      await Promise.all([page.waitForURL(/\/app\/shop\/checkout$/), page.getByRole('button', { name: 'Buy for €12.99' }).click()]);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment received');
      expect((await page.locator('main').textContent())?.replace(/\u00a0/g, ' ')).toContain('France · 5 GB · 30 days');
      await expectAccessible();
      await page.screenshot({ path: screenshotFile('shop-paid.png'), fullPage: true });
      const purchased = await eventually(
        () => eventsFor(traveler, 'package.purchased'),
        (events) => events.length > 0,
      );
      expect(purchased).toHaveLength(1);
      expect(purchased[0]!.signatureValid).toBe(true);
      expect(purchased[0]!.body.data).toMatchObject({ amount: 1299, currency: 'EUR', booking_id: null });
      expect(purchased[0]!.body.data.package_queue_uuid).toMatch(/^[0-9a-f-]{36}$/);
    },
    PAGE_TEST_MS,
  );

  it(
    'charges once when the same checkout form is sent twice; a second purchase for the destination is a top-up',
    async () => {
      const traveler = `trav-${randomUUID()}`;
      await bookTraveler(client, traveler);
      await page.goto((await redirectToken(client, { external_user_id: traveler })).url);
      await page.goto(`${service.url}/app/shop?destination=FRA`);

      const buy = page.getByRole('button', { name: 'Buy for €4.50' });
      const form = page.locator('form', { has: buy });
      const action = new URL((await form.getAttribute('action'))!, service.url).href;
      const fields: Record<string, string> = {};
      for (const input of await form.locator('input[type=hidden]').all())
        fields[(await input.getAttribute('name'))!] = (await input.getAttribute('value'))!;
      await Promise.all([page.waitForURL(/checkout$/), buy.click()]);
      // The same form once more, as a double click or a resend sends it: the session cookie, from our own origin.
      const resent = await page.request.post(action, { form: fields, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(resent.status()).toBe(200);
      expect(await resent.text()).toContain('Payment received');
      await page.goto(`${service.url}/app/shop?destination=FRA`);
      await Promise.all([page.waitForURL(/checkout$/), page.getByRole('button', { name: 'Buy for €4.50' }).click()]);

      // Each event travels on its own through the queue: the top-up's may arrive before the purchase's.
      const [purchased, topups] = await eventually(
        () => [eventsFor(traveler, 'package.purchased'), eventsFor(traveler, 'topup.completed')],
        (events) => events.every((ofType) => ofType.length > 0),
      );
      expect(purchased).toHaveLength(1);
      expect(topups).toHaveLength(1);
      expect(topups[0]!.body.data.payment_id).not.toBe(purchased[0]!.body.data.payment_id);
    },
    PAGE_TEST_MS,
  );
});
