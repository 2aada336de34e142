// The publishable package: the build bundles everything partners need and signs exactly like the service.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signRequest } from '../../shared/auth/request-signing.ts';
import { testSignatureHeaders } from '../../shared/webhooks/signing.ts';

const sdkRoot = join(import.meta.dirname, '..');

describe('SDK build', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(sdkRoot, 'build.mjs')], { stdio: 'pipe' });
  }, 120_000);

  it('is one standalone ESM file with types: no import of the service or of another package', () => {
    // Prepare
    const bundle = readFileSync(join(sdkRoot, 'dist/index.js'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8'));

    // Assess
    const imports = [...bundle.matchAll(/^import .* from ["']([^"']+)["']/gm)].map((match) => match[1]);
    expect(imports.every((specifier) => specifier!.startsWith('node:'))).toBe(true);
    expect(readFileSync(join(sdkRoot, manifest.exports['.'].types), 'utf8')).toContain('createEsimBookingClient');
  });

  it('signs requests and verifies webhooks exactly as the service does (known answers)', async () => {
    // Prepare
    const sdk = await import(join(sdkRoot, 'dist/index.js'));
    const parts = { timestamp: '1700000000000', method: 'GET', path: '/bookings?perPage=10' };
    const body = '{"event":"esim.installed"}';

    // Act
    const signature = sdk.signRequest('sk_known', parts);
    const event = sdk.verifyWebhook(body, testSignatureHeaders({ body, secret: 'whsec_known', timestamp: 1_800_000_000 }), 'whsec_known', {
      now: 1_800_000_000,
    });

    // Assess
    expect(signature).toBe('3830c197ecfc32d50ebcc8982d66b5b53ed2991ec077865655ce7727782e6a47');
    expect(signature).toBe(signRequest('sk_known', parts));
    expect(event).toEqual({ event: 'esim.installed' });
  });
});
