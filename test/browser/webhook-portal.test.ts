// The partner portal in Debian's Chromium, reached only through the partner API and the ops CLI: a single-use link
// opens one partner's webhook page (endpoint, health, deliveries with attempts); its buttons test, recover, replay and
// rotate; another partner's link shows none of it. axe-core finds nothing on phone and desktop.
import type { Page } from 'playwright-core';
import { expectAccessible, PAGE_TEST_MS, screenshotFile, useBrowserFixture } from '#test/support/browser';
import { inDays, makeBookingRequest, makePackageSpecification } from '#test/support/factories';
import { opsRunner } from '#test/support/ops-runner';
import type { SignedClient } from '#test/support/signed-client';
import type { TestService } from '#test/support/test-service';
import { eventually, type Receiver } from '#test/support/webhook-receiver';

describe('Partner portal in a browser', () => {
  // The default time-out (10 s): the receiver answers in this process, and on a loaded machine an answer read after a
  // short time-out is a second attempt (an attempts table one row longer, a recovery arriving twice).
  const fixture = useBrowserFixture({ WEBHOOK_BACKOFF_SCALE: '0.00001' });
  let service: TestService;
  let receiver: Receiver;
  let page: Page;
  let client: SignedClient;
  let partnerId: string;
  let secret: string;
  const hookPath = '/portal-partner';

  beforeAll(async () => {
    ({ service, receiver } = fixture);
    const created = await service.newPartner();
    client = created.client;
    partnerId = created.partner.partner_id;
    await client.send('PUT', '/webhooks/endpoint', { body: { url: `${receiver.url}${hookPath}` } });
    secret = (await client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 0 } })).body.data.signing_secret;
    receiver.script(hookPath, [{ status: 200 }], secret);
  });
  beforeEach(() => {
    page = fixture.page;
  });

  const book = async () => {
    const response = await client.send('POST', '/bookings', {
      body: makeBookingRequest({
        departure_date: inDays(3),
        return_date: inDays(9),
        package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })],
      }),
    });
    return `booking.within_cutoff:${response.body.data[0].id}`;
  };
  const portalLink = async (signed = client): Promise<string> => (await signed.send('POST', '/webhooks/portal-link')).body.data.url;
  const openPortal = async (url: string) => {
    await Promise.all([page.waitForURL(/\/portal$/), page.goto(url)]);
  };
  const press = async (name: string) => {
    await Promise.all([page.waitForURL(/\/portal\/actions$/), page.getByRole('button', { name }).first().click()]);
  };

  it(
    'shows the endpoint and a delivery with its attempts, and sends a test delivery from its button',
    async () => {
      const eventId = await book();
      await eventually(
        () => receiver.received(hookPath),
        (list) => list.length === 1,
      );
      await eventually(
        async () => (await client.send('GET', '/webhooks/deliveries?status=delivered')).body.data,
        (list: unknown[]) => list.length === 1,
      );

      await openPortal(await portalLink());

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Webhooks');
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain(`${receiver.url}${hookPath}`);
      expect(main).toContain(eventId);
      expect(await page.getByRole('table').first().getByRole('row').count()).toBe(2);
      await expectAccessible(page);
      await page.screenshot({ path: screenshotFile('portal.png'), fullPage: true });
      // At 320 px (WCAG 1.4.10 reflow) the attempts table, event names and URLs wrap inside their cards: no sideways scroll.
      const viewport = page.viewportSize();
      await page.setViewportSize({ width: 320, height: 740 });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
      if (viewport) await page.setViewportSize(viewport);

      await press('Send a test delivery');

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Test delivery answered');
      expect(await page.locator('main').textContent()).toMatch(/Your endpoint answered 200 in \d+ ms/);
      expect(receiver.received(hookPath).at(-1)!.body.event).toBe('webhook.test');
      expect(receiver.received(hookPath).at(-1)!.signatureValid).toBe(true);
      await expectAccessible(page);
    },
    PAGE_TEST_MS,
  );

  it(
    'recovers a dead-lettered event from its form, and replays an event from its button',
    async () => {
      receiver.script(hookPath, [{ status: 503 }], secret);
      const eventId = await book();
      await eventually(
        async () => (await client.send('GET', `/webhooks/deliveries?status=dead_lettered&event_id=${encodeURIComponent(eventId)}`)).body.data,
        (list: unknown[]) => list.length === 1,
        30_000,
      );
      receiver.script(hookPath, [{ status: 200 }], secret);
      const before = receiver.received(hookPath).length;
      await openPortal(await portalLink());
      // The card says why it failed and how each answer was judged, as the API's record does
      const card = page.locator('li.card', { hasText: eventId }).first();
      expect(await card.textContent()).toMatch(/Why.*12 attempts/s);
      expect(await card.textContent()).toContain('retried');

      await page.getByLabel('Send again every rejected, dead-lettered or held delivery of the last').selectOption('24');
      await press('Recover deliveries');

      expect(await page.locator('main').textContent()).toContain('1 event queued for delivery again.');
      await expectAccessible(page);
      const recovered = await eventually(
        () => receiver.received(hookPath).slice(before),
        (list) => list.some((d) => d.answered === 200),
      );
      expect(recovered.filter((d) => d.answered === 200).map((d) => d.body.event_id)).toEqual([eventId]);

      await page.getByRole('link', { name: 'Back to your webhooks' }).click();
      await press(`Replay ${eventId}`);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Replay queued');
      await eventually(
        () => receiver.received(hookPath).slice(before),
        (list) => list.filter((d) => d.answered === 200).length === 2,
      );
    },
    PAGE_TEST_MS,
  );

  it(
    'rotates the signing secret with an overlap on a desktop browser, shown once',
    async () => {
      const desktop = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      page = await desktop.newPage();
      await openPortal(await portalLink());
      await expectAccessible(page);

      await page.getByLabel('Old secret keeps signing for').selectOption('60');
      const rotateForm = page.locator('form', { has: page.getByRole('button', { name: 'Rotate the signing secret' }) });
      const sentAgain = Object.fromEntries(
        await Promise.all(
          ['csrf_token', 'action', 'nonce'].map(async (name) => [name, await rotateForm.locator(`input[name="${name}"]`).inputValue()]),
        ),
      );
      await press('Rotate the signing secret');

      // The same form sent again (a reload, a second click) rotates nothing: the secret shown stays the one that signs.
      const resent = await page.request.post(`${service.url}/portal/actions`, {
        form: { ...sentAgain, overlap_minutes: '60' },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect([resent.status(), (await resent.text()).includes('This form was already sent')]).toEqual([409, true]);
      const shown = (await page.locator('main code').textContent()) ?? '';
      expect(shown).toMatch(/^whsec_/);
      expect(await page.locator('main').textContent()).toContain('The previous secret keeps signing until');
      await expectAccessible(page);
      const endpoint = (await client.send('GET', '/webhooks/endpoint')).body.data;
      expect(endpoint.signing_secret.previous_secret_valid_until).not.toBeNull();
      receiver.script(hookPath, [{ status: 200 }], shown);
      await client.send('POST', '/webhooks/endpoint/test');
      expect(receiver.received(hookPath).at(-1)!.signatureValid).toBe(true);
      await desktop.close();
    },
    PAGE_TEST_MS,
  );

  it(
    'opens a link from ops portal-link once; a second partner sees only its own empty page; a form without its token is refused',
    async () => {
      const link = (await opsRunner(service.dataDir)('portal-link', partnerId, '--json')).json().url as string;
      await openPortal(link);
      const actionUrl = new URL(`${service.url}/portal/actions`).href;

      const again = await page.goto(link);
      const againHeading = await page.getByRole('heading', { level: 1 }).textContent();
      const forged = await page.request.post(actionUrl, {
        form: { action: 'test', csrf_token: 'x'.repeat(43) },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      const other = await service.newPartner();
      await openPortal(await portalLink(other.client));
      const otherMain = (await page.locator('main').textContent()) ?? '';

      expect(again?.status()).toBe(410);
      expect(againHeading).toBe('This portal link was already used');
      expect(forged.status()).toBe(403);
      expect(otherMain).toContain('none set');
      expect(otherMain).toContain('No deliveries yet.');
      expect(otherMain).not.toContain(hookPath);
      await expectAccessible(page);
    },
    PAGE_TEST_MS,
  );

  it(
    'lets a refused form be sent again: a test delivery without a URL is refused each time, never "already sent"',
    async () => {
      const other = await service.newPartner();
      await openPortal(await portalLink(other.client));
      const testForm = page.locator('form', { has: page.getByRole('button', { name: 'Send a test delivery' }) });
      const fields = Object.fromEntries(
        await Promise.all(
          ['csrf_token', 'action', 'nonce'].map(async (name) => [name, await testForm.locator(`input[name="${name}"]`).inputValue()]),
        ),
      );

      await press('Send a test delivery');
      const refused = await page.locator('main').textContent();
      const again = await page.request.post(`${service.url}/portal/actions`, { form: fields, headers: { 'sec-fetch-site': 'same-origin' } });

      expect(refused).toContain('Not done');
      expect(again.status()).toBe(409);
      expect(await again.text()).not.toContain('already sent');
    },
    PAGE_TEST_MS,
  );

  it(
    'says in seconds how long to wait when a rate limit refuses an action, and sends Retry-After as the API does',
    async () => {
      // Prepare: the partner's test deliveries of this minute used up through the API (the portal shares the limit).
      // The limit's windows are the clock's minutes: start with at least 20 s of this one left, so all 11 calls share it.
      const leftOfMinuteMs = 60_000 - (Date.now() % 60_000);
      if (leftOfMinuteMs < 20_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinuteMs + 100));
      const other = await service.newPartner();
      for (let sent = 0; sent < 10; sent += 1) await other.client.send('POST', '/webhooks/endpoint/test');
      await openPortal(await portalLink(other.client));

      // Act
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/portal/actions')),
        press('Send a test delivery'),
      ]);

      // Assess
      expect(answer.status()).toBe(429);
      expect(answer.headers()['retry-after']).toMatch(/^\d+$/);
      expect(await page.locator('main').textContent()).toMatch(/Wait \d+ seconds, then try again/);
      await expectAccessible(page);
    },
    PAGE_TEST_MS,
  );

  it(
    'enables a disabled endpoint and ends a rotation overlap from its buttons, which show only when they apply',
    async () => {
      // Prepare: another partner's endpoint, disabled, during a rotation's overlap
      const other = await service.newPartner();
      await other.client.send('PUT', '/webhooks/endpoint', { body: { url: `${receiver.url}/portal-enable`, enabled: false } });
      await other.client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 0 } });
      await other.client.send('POST', '/webhooks/endpoint/signing-secret', { body: { overlap_minutes: 60 } });
      await openPortal(await portalLink(other.client));
      const recoveryRefused = await page.locator('form', { has: page.getByRole('button', { name: 'Recover deliveries' }) }).count();

      // Act
      await press('Enable the endpoint');
      const enabledPage = await page.locator('main').textContent();
      await openPortal(await portalLink(other.client));
      const enableButtons = await page.getByRole('button', { name: 'Enable the endpoint' }).count();
      await press('Stop signing with the previous secret now');
      const endpoint = (await other.client.send('GET', '/webhooks/endpoint')).body.data;

      // Assess
      expect(recoveryRefused).toBe(1);
      expect(enabledPage).toContain('Endpoint enabled');
      expect(enableButtons).toBe(0);
      expect(endpoint).toMatchObject({ enabled: true, signing_secret: { configured: true, previous_secret_valid_until: null } });
      await expectAccessible(page);
    },
    PAGE_TEST_MS,
  );

  it(
    'signs out from its button: the session ends and the portal asks for a new link',
    async () => {
      await openPortal(await portalLink());

      await press('Sign out');
      const signedOut = await page.getByRole('heading', { level: 1 }).textContent();
      const after = await page.goto(`${service.url}/portal`);

      expect(signedOut).toBe('You are signed out');
      expect(after?.status()).toBe(401);
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'portal')).toBeUndefined();
    },
    PAGE_TEST_MS,
  );

  it(
    'answers 401 with a way back for a browser without a portal session',
    async () => {
      const response = await page.goto(`${service.url}/portal`);

      expect(response?.status()).toBe(401);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your portal session has ended');
      await expectAccessible(page);
    },
    PAGE_TEST_MS,
  );
});
