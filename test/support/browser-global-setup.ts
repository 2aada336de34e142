// test support → the browser project's global setup: Chromium is checked once, before anything starts, so a machine
// without it fails at once with one line instead of in every browser test; then the DynamoDB Local all share.
import { requireChromium } from '#test/support/chromium';
import globalSetup from '#test/support/global-setup';

export default async function browserGlobalSetup(): Promise<void> {
  requireChromium();
  await globalSetup();
}
