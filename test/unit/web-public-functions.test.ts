// Functions deployed without table access ('public' routes) must load and answer with no TABLE_NAME set.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { envNames } from '#shared/config';
import { stylesheet } from '#shared/web/assets.generated';

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

const event = (path: string, pathParameters: Record<string, string>): APIGatewayProxyEvent =>
  ({
    path,
    httpMethod: 'GET',
    headers: { 'Accept-Language': 'fr' },
    pathParameters,
    requestContext: { path: `/api${path}` },
  }) as unknown as APIGatewayProxyEvent;

describe('Function: public web app functions without storage', () => {
  const saved = process.env[envNames.tableName];
  beforeAll(() => {
    delete process.env[envNames.tableName];
  });
  afterAll(() => {
    if (saved !== undefined) process.env[envNames.tableName] = saved;
  });

  it('serves the 404 page with no table configured', async () => {
    const { handler } = (await import('#functions/web-not-found')) as { handler: Handler };

    const response = await handler(event('/app/x', { proxy: 'x' }));

    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain(`href="/api/app/assets/${stylesheet.file}"`);
  });

  it('serves the stylesheet with no table configured', async () => {
    const { handler } = (await import('#functions/web-asset')) as { handler: Handler };

    const response = await handler(event(`/app/assets/${stylesheet.file}`, { file: stylesheet.file }));

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(stylesheet.body);
  });
});
