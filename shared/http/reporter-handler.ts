// http adapter → handlers for reporters' facts: signed like partner requests, with reporter credentials.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { reporterAuthenticationDeps } from '#shared/composition/authentication';
import { errorHandler, partnerAuthentication, type HttpContext } from '#shared/http/middleware';
import { observability } from '#shared/observability';
import { successResponse, type HttpResult } from '#shared/http/response';

/** Builds a handler whose `handle` only sees requests signed by a reporter; `reporter` is its name. */
export const reporterHandler = (
  handle: (request: { event: APIGatewayProxyEvent; headers: Record<string, string>; reporter: string }) => Promise<HttpResult>,
) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
    .use(observability())
    .use(errorHandler())
    .use(partnerAuthentication(reporterAuthenticationDeps))
    .handler(async (event, context) => {
      const { partner, headers } = context;
      if (!partner || !headers) throw new Error('reporter authentication did not run');
      return successResponse(await handle({ event, headers, reporter: partner.partnerId }));
    });
