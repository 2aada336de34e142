// Use case: setWebhookSettings refuses an unsafe URL, and an auth header name that would override a delivery's own
// headers, before it reads or writes any partner.
import type { PartnerAdminDeps } from '#shared/usecases/manage-partners';
import { setWebhookSettings } from '#shared/usecases/manage-webhooks';
import { fakeCipher } from '#test/support/fakes';

/** A partner store that fails the test if the use case touches it. */
const untouchedPartners = new Proxy({} as PartnerAdminDeps['partners'], {
  get: (_target, name) => () => {
    throw new Error(`partners.${String(name)} must not be called for refused settings`);
  },
});

const deps = { partners: untouchedPartners, cipher: fakeCipher, clock: { now: () => new Date() }, allowPrivateUrls: false };

describe('Use case: setWebhookSettings, unsafe URLs', () => {
  it.each([
    ['plain http', 'http://hooks.partner.example/esim'],
    ['a loopback address', 'https://127.0.0.1/hook'],
    ['the metadata address', 'https://169.254.169.254/latest'],
    ['a NAT64 address', 'https://[64:ff9b::a00:1]/hook'],
    ['credentials in the URL', 'https://user:pass@hooks.partner.example/'],
    ['a name without a dot', 'https://intranet/hook'],
  ])('refuses %s with 400 unsafe_webhook_url', async (_case, url) => {
    await expect(setWebhookSettings('ptn_1', { url }, deps)).rejects.toMatchObject({ status: 400, code: 'unsafe_webhook_url' });
  });
});

describe('Use case: setWebhookSettings, auth header names', () => {
  it.each([
    'x-service-event-id',
    'X-Service-Signature',
    'x-service-anything-later',
    'host',
    'Content-Length',
    'content-type',
    'transfer-encoding',
    'connection',
    'user-agent',
    'proxy-authorization',
    'x-forwarded-port',
    'X-Forwarded-Server',
  ])('refuses %s, a header every delivery sets itself, with 400 invalid_header_name', async (authHeaderName) => {
    await expect(setWebhookSettings('ptn_1', { authHeaderName }, deps)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_header_name',
      message: expect.stringContaining('set by every delivery'),
    });
  });

  it.each(['__proto__', 'Constructor', 'prototype'])(
    'refuses %s, which would never become a header, with 400 invalid_header_name',
    async (authHeaderName) => {
      await expect(setWebhookSettings('ptn_1', { authHeaderName }, deps)).rejects.toMatchObject({ status: 400, code: 'invalid_header_name' });
    },
  );
});
