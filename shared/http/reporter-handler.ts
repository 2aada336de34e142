// http adapter → handlers for reporters' facts: signed like partner requests, with reporter credentials.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/clients/dynamodb';
import { secretCipher } from '#shared/clients/secret-cipher';
import { config } from '#shared/config';
import { errorHandler, partnerAuthentication, type HttpContext } from '#shared/http/middleware';
import { successResponse, type HttpResult } from '#shared/http/response';
import { dynamoReplayGuard } from '#shared/storage/replay-guard';
import { dynamoReporterStore } from '#shared/storage/reporter-store';

const authenticationDeps = {
  credentials: dynamoReporterStore(documentClient, config.tableName),
  replayGuard: dynamoReplayGuard(documentClient, config.tableName),
  cipher: secretCipher,
  // Real time, as for partners: the signature vouches for when the reporter really sent the request.
  now: () => wallClock.now().getTime(),
};

/** Builds a handler whose `handle` only sees requests signed by a reporter; `reporter` is its name. */
export const reporterHandler = (handle: (request: { event: APIGatewayProxyEvent; headers: Record<string, string>; reporter: string }) => Promise<HttpResult>) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
    .use(errorHandler())
    .use(partnerAuthentication(authenticationDeps))
    .handler(async (event, context) => {
      const { partner, headers } = context;
      if (!partner || !headers) throw new Error('reporter authentication did not run');
      return successResponse(await handle({ event, headers, reporter: partner.partnerId }));
    });
