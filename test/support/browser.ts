// test support → Debian's Chromium for the browser tests, a phone-size context, and the axe-core check every page passes.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';
import { startReceiver, type Receiver } from '#test/support/webhook-receiver';

const screenshots = join(projectRoot, 'docs/screenshots');

/**
 * Where a page's screenshot goes: docs/screenshots/ with `UPDATE_SCREENSHOTS=1`, else nowhere (the screenshot is still
 * taken, so it still has to render), so a test run leaves the tracked images alone.
 */
export const screenshotFile = (name: string): string | undefined => (process.env.UPDATE_SCREENSHOTS === '1' ? join(screenshots, name) : undefined);

// Flags that keep Chromium off the network it cannot reach here (and off Google's services anywhere).
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: chromiumArgs });

/** A phone: 390 × 844 CSS pixels, touch, English unless asked otherwise. */
export const phoneContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB', ...options });

/** WCAG 2.0/2.1/2.2 A and AA rules plus best practices: 0 violations, listed by rule and element when not. */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

export interface BrowserFixture {
  service: TestService;
  receiver: Receiver;
  browser: Browser;
  /** A fresh phone context and page for each test. */
  context: BrowserContext;
  page: Page;
}

/**
 * The opening browser files share: the service, a webhook receiver and Chromium started before the file's tests and
 * stopped after them, and a new phone page for each test. Fields are filled in by the time the tests run.
 */
export const useBrowserFixture = (environment: Record<string, string> = {}, options: { catalog?: boolean } = {}): BrowserFixture => {
  const fixture = {} as BrowserFixture;
  beforeAll(async () => {
    [fixture.service, fixture.receiver, fixture.browser] = await Promise.all([startTestService(environment, options), startReceiver(), launchChromium()]);
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await Promise.all([fixture.service?.stop(), fixture.receiver?.close()]);
  });
  beforeEach(async () => {
    fixture.context = await phoneContext(fixture.browser);
    fixture.page = await fixture.context.newPage();
  });
  afterEach(() => fixture.context.close());
  return fixture;
};
