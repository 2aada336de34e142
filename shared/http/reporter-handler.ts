// http adapter → handlers for reporters' facts: signed like partner requests, with reporter credentials.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/clients/dynamodb';
import { secretCipher } from '#shared/clients/secret-cipher';
import { config } from '#shared/config';
import { cachedCredentials } from '#shared/auth/credential-cache';
import { errorHandler, partnerAuthentication, type HttpContext } from '#shared/http/middleware';
import { observability } from '#shared/observability';
import { successResponse, type HttpResult } from '#shared/http/response';
import { dynamoReplayGuard } from '#shared/storage/replay-guard';
import { dynamoReporterStore } from '#shared/storage/reporter-store';
import { systemClock } from '#shared/usecases/ports';

const authenticationDeps = {
  credentials: cachedCredentials(dynamoReporterStore(documentClient, config.tableName), { clock: systemClock }),
  replayGuard: dynamoReplayGuard(documentClient, config.tableName),
  cipher: secretCipher,
  // Real time, as for partners: the signature vouches for when the reporter really sent the request.
  now: () => wallClock.now().getTime(),
};

/** Builds a handler whose `handle` only sees requests signed by a reporter; `reporter` is its name. */
export const reporterHandler = (
  handle: (request: { event: APIGatewayProxyEvent; headers: Record<string, string>; reporter: string }) => Promise<HttpResult>,
) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
    .use(observability())
    .use(errorHandler())
    .use(partnerAuthentication(authenticationDeps))
    .handler(async (event, context) => {
      const { partner, headers } = context;
      if (!partner || !headers) throw new Error('reporter authentication did not run');
      return successResponse(await handle({ event, headers, reporter: partner.partnerId }));
    });
