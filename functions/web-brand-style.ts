// GET /app/brands/{partner}/{brand} → the brand's color as a stylesheet (CSP allows no inline style); versioned by ?v=,
// the brand's last change.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { BRAND_ID_PATTERN } from '#shared/domain/brand';
import { webBrandStore } from '#shared/composition/traveler-web';

const HEX = /^#[0-9a-f]{6}$/i;
const PARTNER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const headers = { 'content-type': 'text/css; charset=utf-8', 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const partnerId = event.pathParameters?.partner ?? '';
  const brandId = event.pathParameters?.brand ?? '';
  const brand = PARTNER_ID.test(partnerId) && BRAND_ID_PATTERN.test(brandId) ? await webBrandStore.get(partnerId, brandId) : undefined;
  if (!brand || !HEX.test(brand.primary_color)) {
    return { statusCode: 404, headers: { ...headers, 'cache-control': 'no-store' }, body: '' };
  }
  // Cached for a year only under the URL pages link (versioned by the brand's last change): any other URL may be
  // asked again after the brand changes, so it is cached for minutes.
  const versioned = event.queryStringParameters?.v === brand.updated_at;
  return {
    statusCode: 200,
    headers: { ...headers, 'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300' },
    body: `:root{--brand:${brand.primary_color}}`,
  };
};
