// The API reference page in Chromium: Redoc renders the document under the page's own strict policy.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '#test/support/browser';
import { startTestService, type TestService } from '#test/support/test-service';

describe('API reference in a browser', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const refusals: string[] = [];

  beforeAll(async () => {
    service = await startTestService();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') refusals.push(message.text());
    });
    page.on('pageerror', (error) => refusals.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) refusals.push(`${response.status()} ${response.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('renders the operations and webhooks of docs/openapi.json with nothing of ours refused or missing', async () => {
    // Act
    await page.goto(`${service.url}/openapi`);
    await page.getByRole('heading', { name: 'Create a booking' }).first().waitFor({ timeout: 20_000 });

    // Assess
    const text = (await page.locator('redoc').textContent()) ?? '';
    expect(text).toContain('Bookings');
    expect(text).toContain('Webhooks');
    // Redoc always shows Redocly's logo from its CDN; the policy refuses it (and Redoc falls back to text), which is
    // the policy doing its work. Nothing else may be refused or fail.
    expect(refusals.filter((text) => !text.includes("'https://cdn.redoc.ly/redoc/logo-mini.svg' violates"))).toEqual([]);
  });
});
