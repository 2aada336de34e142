// The API reference the local runtime serves (as every non-production stage does): document, page and script.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { referenceAssets } from '#shared/api/reference-routes';
import { projectRoot, startTestService, type TestService } from '#test/support/test-service';

describe('API reference on the local runtime', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it('serves docs/openapi.json at /openapi.json without credentials', async () => {
    // Act
    const response = await fetch(`${service.url}/openapi.json`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.text()).toBe(readFileSync(resolve(projectRoot, referenceAssets['openapi.json']), 'utf8'));
  });

  it('serves a Redoc page at /openapi that loads only same-origin assets under a strict policy', async () => {
    // Act
    const response = await fetch(`${service.url}/openapi`);
    const html = await response.text();

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/https?:/);
    expect(html).toContain('<redoc spec-url="openapi.json"></redoc>');
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1])).toEqual(['data:,', 'openapi.json', 'openapi/redoc.standalone.js']);
  });

  it('serves the Redoc script the page loads, from the project, cacheable', async () => {
    // Act
    const response = await fetch(`${service.url}/openapi/redoc.standalone.js`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await response.text()).length).toBe(readFileSync(resolve(projectRoot, referenceAssets['redoc.standalone.js']), 'utf8').length);
  });
});
