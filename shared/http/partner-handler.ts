// http adapter → the shape of every partner-authenticated handler: auth → parse → use case → envelope.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { AuthenticatedPartner } from '#shared/auth/authenticate-partner';
import { partnerAuthenticationDeps } from '#shared/composition/authentication';
import * as config from '#shared/config';
import { errorHandler, partnerAuthentication, type HttpContext, type SignatureClaim } from '#shared/http/middleware';
import { observability } from '#shared/observability';
import { successResponse, type HttpResult } from '#shared/http/response';

export interface PartnerRequest {
  event: APIGatewayProxyEvent;
  headers: Record<string, string>;
  partner: AuthenticatedPartner;
  context: Context;
  /** Writes built with `claimInWrite` only: the signature's single-use claim, for the write's own transaction. */
  signatureClaim?: SignatureClaim;
}

/**
 * Builds a Lambda handler whose `handle` only ever sees authenticated requests. With `claimInWrite`, a write's
 * handler receives the signature's claim to put in its own transaction (SignatureClaim); otherwise a write's signature
 * is claimed before the handler runs.
 */
export const partnerHandler = (handle: (request: PartnerRequest) => Promise<HttpResult>, options: { claimInWrite?: boolean } = {}) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
    .use(observability())
    .use(errorHandler())
    .use(partnerAuthentication(partnerAuthenticationDeps, options))
    .handler(async (event, context) => {
      const { partner, headers, writeClaim } = context;
      if (!partner || !headers) throw new Error('partnerAuthentication did not run');
      return successResponse(await handle({ event, headers, partner, context, signatureClaim: writeClaim }));
    });

/** Where travelers reach public endpoints (claim URLs): configured, or this API's own address. */
export const publicBaseUrl = (event: APIGatewayProxyEvent): string => {
  const configured = config.publicBaseUrl();
  if (configured) return configured.replace(/\/$/, '');
  const host = event.headers?.Host ?? event.headers?.host ?? event.requestContext?.domainName ?? 'localhost';
  const proto = event.headers?.['X-Forwarded-Proto'] ?? event.headers?.['x-forwarded-proto'] ?? 'https';
  return `${proto}://${host}/api`;
};
