// http adapter → the /countries endpoints removed in 2.1.0: 410 Gone pointing to /destinations.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { GoneError } from '#shared/errors';
import { errorHandler } from '#shared/http/middleware';

export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(errorHandler())
  .handler(async (event) => {
    throw new GoneError(
      `${event.path} was removed in version 2.1.0. Use GET /destinations to list destinations and GET /destinations/{id} for one destination with its bundles.`,
    );
  });
