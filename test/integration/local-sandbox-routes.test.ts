// The local HTTP server serves the routes of its stage: sandbox routes everywhere except production.
import type { Server } from 'node:http';
import { startHttpServer } from '#bin/local/http-server';
import { routes } from '#shared/routes';
import { makeSandboxRoute } from '#test/support/factories';
import { projectRoot } from '#test/support/test-service';

// Handlers log refusals at INFO; keep the test output to warnings.
process.env.POWERTOOLS_LOG_LEVEL = 'WARN';

describe('Local runtime: sandbox routes by stage', () => {
  // Public, so no signature is needed to see whether the server routes to the handler (its own plain-text 404).
  const sandboxRoute = makeSandboxRoute({ auth: 'public' });
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) await new Promise((done) => server.close(done));
  });

  const serve = async (stage: string) => {
    const { server, url } = await startHttpServer({ port: 0, projectRoot, stage, routes: [...routes, sandboxRoute] });
    servers.push(server);
    return (path: string) => fetch(`${url}${path}`, { method: 'POST' });
  };

  it('answers 404 route_not_found for a sandbox route when STAGE is production', async () => {
    // Prepare
    const post = await serve('production');

    // Act
    const response = await post('/sandbox/check-only');

    // Assess
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'route_not_found' } });
  });

  it.each(['local', 'dev', 'staging'])('routes a sandbox route to its handler when STAGE is %s', async (stage) => {
    // Prepare
    const post = await serve(stage);

    // Act
    const response = await post('/sandbox/check-only');

    // Assess
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('Not found');
  });

  it('offers no control endpoint unless the runtime passes one', async () => {
    const { server, url } = await startHttpServer({ port: 0, projectRoot, stage: 'local' });
    servers.push(server);

    const response = await fetch(`${new URL(url).origin}/__local/clock`);

    expect(response.status).toBe(404);
  });
});
