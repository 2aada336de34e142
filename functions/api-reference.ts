// http adapter → the API reference outside production: the OpenAPI document and a Redoc page, no third-party origin.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { referenceAssets, type ReferenceAsset } from '#shared/api/reference-routes';
import { errorResponse } from '#shared/http/response';
import { NotFoundError } from '#shared/errors';

// In Lambda the bundle (CommonJS, no import.meta) sits in the task root; locally this module's own folder.
const here = process.env.LAMBDA_TASK_ROOT ?? dirname(fileURLToPath(import.meta.url));
const cache = new Map<ReferenceAsset, string>();

/** In Lambda the assets sit beside the bundle (copied at build); locally they are read from the project. */
const asset = (name: ReferenceAsset): string => {
  let text = cache.get(name);
  if (text === undefined) {
    const besideBundle = join(here, name);
    text = readFileSync(existsSync(besideBundle) ? besideBundle : join(here, '..', referenceAssets[name]), 'utf8');
    cache.set(name, text);
  }
  return text;
};

/** Redoc renders with inline styles and a blob: worker for search; nothing else is allowed. */
const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner eSIM Booking API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
<redoc spec-url="openapi.json"></redoc>
<script src="openapi/redoc.standalone.js"></script>
</body>
</html>
`;

const securityHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  switch (event.resource) {
    case '/openapi':
      return {
        statusCode: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': contentSecurityPolicy,
          'cache-control': 'no-cache',
          ...securityHeaders,
        },
        body: page,
      };
    case '/openapi.json':
      return {
        statusCode: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
          'access-control-allow-origin': '*',
          ...securityHeaders,
        },
        body: asset('openapi.json'),
      };
    case '/openapi/redoc.standalone.js':
      return {
        statusCode: 200,
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', ...securityHeaders },
        body: asset('redoc.standalone.js'),
      };
    default:
      return errorResponse(new NotFoundError(`No reference resource at ${event.path}.`, 'route_not_found'));
  }
};
