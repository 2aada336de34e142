// http adapter → middy middlewares: the one error handler and partner authentication.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { AppError, AuthenticationError } from '#shared/errors';
import { countAuthenticationRefused, logger } from '#shared/observability';
import type { AuthenticatedPartner, AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { authenticatePartner } from '#shared/auth/authenticate-partner';
import { lowerCaseHeaders, queryStringCandidates } from '#shared/http/request';
import { errorResponse } from '#shared/http/response';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

export interface HttpContext {
  partner?: AuthenticatedPartner;
  headers?: Record<string, string>;
}

/** Maps every error to the documented body; 5xx are logged with their cause and answered generically. */
export const errorHandler = (): HttpMiddleware => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof AppError && error.expose) {
      logger.info('Request refused', { status: error.status, code: error.code });
    } else {
      logger.error('Request failed', error as Error);
    }
    request.response = errorResponse(error);
  },
});

/** Verifies the partner signature before anything touches storage; the partner lands on the context. */
export const partnerAuthentication = (deps: AuthenticationDeps): HttpMiddleware => ({
  before: async (request) => {
    const headers = lowerCaseHeaders(request.event);
    request.context.headers = headers;
    try {
      request.context.partner = await authenticatePartner(
        {
          headers,
          method: request.event.httpMethod,
          path: request.event.path,
          queryCandidates: queryStringCandidates(request.event),
        },
        deps,
      );
    } catch (error) {
      if (error instanceof AuthenticationError) countAuthenticationRefused(error.code);
      throw error;
    }
    // A warm function serves many partners: observability() resets this key when the invocation ends.
    logger.appendKeys({ partner_id: request.context.partner.partnerId });
  },
});
