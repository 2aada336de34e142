// GET /app/assets/{file} → the content-hashed stylesheet, cacheable for a year (same origin, no CDN needed).
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { stylesheet } from '#shared/web/assets.generated';

const common = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  if (event.pathParameters?.file !== stylesheet.file) {
    return { statusCode: 404, headers: { ...common, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found' };
  }
  return {
    statusCode: 200,
    headers: { ...common, 'content-type': stylesheet.contentType, 'cache-control': 'public, max-age=31536000, immutable' },
    body: stylesheet.body,
  };
};
