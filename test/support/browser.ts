// test support → Debian's Chromium for the browser tests, a phone-size context, and the axe-core check every page passes.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumPath } from '#test/support/chromium';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';
import { startReceiver, type Receiver } from '#test/support/webhook-receiver';

const screenshots = join(projectRoot, 'docs/screenshots');

/**
 * Where a page's screenshot goes: docs/screenshots/ with `UPDATE_SCREENSHOTS=1`, else nowhere (the screenshot is still
 * taken, so it still has to render), so a test run leaves the tracked images alone.
 */
export const screenshotFile = (name: string): string | undefined => (process.env.UPDATE_SCREENSHOTS === '1' ? join(screenshots, name) : undefined);

// Flags that keep Chromium off the network it cannot reach here (and off Google's services anywhere).
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser test's time limit: pages are rendered, screenshot and checked with axe-core on machines shared with other runs. */
export const PAGE_TEST_MS = 120_000;

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });

/**
 * Waits for every start, even when one fails, and then throws the first failure. Each start records what it started
 * (`startTestService().then((started) => (service = started))`), so the suite's afterAll stops everything that did
 * start: a browser that cannot launch fails the suite's tests and never leaves a service running that keeps jest alive.
 */
export const startSideBySide = async (starts: Promise<unknown>[]): Promise<void> => {
  const failure = (await Promise.allSettled(starts)).find((settled) => settled.status === 'rejected');
  if (failure) throw failure.reason;
};

/** A phone: 390 × 844 CSS pixels, touch, English unless asked otherwise. */
export const phoneContext = (browser: Browser, options: BrowserContextOptions = {}) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB', ...options });

/**
 * WCAG 2.0/2.1/2.2 A and AA rules plus best practices, and the rule that a control's name holds its visible text
 * (WCAG 2.5.3; axe marks it experimental, so the tags alone leave it out): 0 violations, listed by rule and element when not.
 */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
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
    // Each start records itself, so afterAll stops whatever did start even when another one failed.
    await startSideBySide([
      startTestService(environment, options).then((started) => (fixture.service = started)),
      startReceiver().then((started) => (fixture.receiver = started)),
      launchChromium().then((started) => (fixture.browser = started)),
    ]);
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await Promise.all([fixture.service?.stop(), fixture.receiver?.close()]);
  });
  beforeEach(async () => {
    fixture.context = await phoneContext(fixture.browser);
    fixture.page = await fixture.context.newPage();
  });
  afterEach(() => fixture.context?.close());
  return fixture;
};
