// http adapter → middy middlewares: the one error handler and partner authentication.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { AppError, AuthenticationError } from '#shared/errors';
import { countAuthenticationRefused, logger } from '#shared/observability';
import type { AuthenticatedPartner, AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { verifyPartnerRequest } from '#shared/auth/authenticate-partner';
import { lowerCaseHeaders, queryStringCandidates } from '#shared/http/request';
import { errorResponse } from '#shared/http/response';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

export interface HttpContext {
  partner?: AuthenticatedPartner;
  headers?: Record<string, string>;
  /** The single-use claim of the request's signature, while it runs beside a read. */
  signatureClaim?: Promise<void>;
}

/** Methods that change nothing: their storage read may run while the signature is claimed. */
const READ_METHODS = new Set(['GET', 'HEAD']);

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

/**
 * Verifies the partner signature before anything touches storage; the partner lands on the context. Then the
 * signature is claimed as used: before the handler for a write (nothing may change under a reused signature, which
 * does not cover the body), and beside the handler for a read, whose answer waits for the claim and is replaced by
 * the refusal when the signature turns out reused. A warm read is then one storage round trip.
 */
export const partnerAuthentication = (deps: AuthenticationDeps): HttpMiddleware => {
  /** Counts every authentication refusal by its code, whichever step refused. */
  const counted = async <T>(step: Promise<T>): Promise<T> => {
    try {
      return await step;
    } catch (error) {
      if (error instanceof AuthenticationError) countAuthenticationRefused(error.code);
      throw error;
    }
  };
  const settleClaim = async (context: HttpContext) => {
    const claim = context.signatureClaim;
    context.signatureClaim = undefined;
    if (claim) await counted(claim);
  };
  return {
    before: async (request) => {
      const headers = lowerCaseHeaders(request.event);
      request.context.headers = headers;
      request.context.signatureClaim = undefined;
      const verified = await counted(
        verifyPartnerRequest(
          {
            headers,
            method: request.event.httpMethod,
            path: request.event.path,
            queryCandidates: queryStringCandidates(request.event),
          },
          deps,
        ),
      );
      request.context.partner = verified.partner;
      // A warm function serves many partners: observability() resets this key when the invocation ends.
      logger.appendKeys({ partner_id: verified.partner.partnerId });
      if (!READ_METHODS.has(request.event.httpMethod)) {
        await counted(verified.claimSignature());
        return;
      }
      const claim = verified.claimSignature();
      claim.catch(() => {}); // awaited in after/onError; this only keeps an early rejection from counting as unhandled
      request.context.signatureClaim = claim;
    },
    after: async (request) => {
      await settleClaim(request.context);
    },
    onError: async (request) => {
      try {
        await settleClaim(request.context);
      } catch (claimError) {
        request.error = claimError as Error; // a reused signature is the answer, whatever the read found
      }
    },
  };
};
