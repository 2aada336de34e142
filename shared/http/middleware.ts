// http adapter → middy middlewares: the one error handler and partner authentication.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { AppError, AuthenticationError } from '#shared/errors';
import { countAuthenticationRefused, logger } from '#shared/observability';
import type { AuthenticatedPartner, AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { verifyPartnerRequest } from '#shared/auth/authenticate-partner';
import { lowerCaseHeaders, repeatedHeaders, signedQueryCandidates } from '#shared/http/request';

/** The headers that carry a partner's or reporter's credentials. */
const CREDENTIAL_HEADERS = ['x-api-key', 'x-timestamp', 'x-signature'] as const;
import { errorResponse } from '#shared/http/response';
import type { UsedSignature } from '#shared/usecases/ports/partners';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

export interface HttpContext {
  partner?: AuthenticatedPartner;
  headers?: Record<string, string>;
  /** The single-use claim of the request's signature, while it runs beside a read. */
  signatureClaim?: Promise<void>;
  /** A write's claim, handed to the handler to put in its own transaction (see SignatureClaim). */
  writeClaim?: SignatureClaim;
}

/**
 * The signature's single-use claim, handed to a write that can carry it: `intoWrite()` gives the record for the
 * write's own transaction (a conditional put; the store refuses the whole write with `signature_reused`), `now()`
 * claims it alone, for a handler about to write something that cannot carry it. Whatever the handler did not take
 * is claimed when it returns, and when it fails with a 4xx (nothing was written), so a reused signature is always
 * answered `signature_reused`.
 */
export interface SignatureClaim {
  /** Resolves once the credentials are confirmed as still stored (decision F63); then the write may carry the record. */
  intoWrite(): Promise<UsedSignature>;
  now(): Promise<void>;
}

/**
 * Runs `work` while the request's signature is claimed, for a write (built with `claimInWrite`) whose reads may
 * overlap the claim: `work` awaits `claimed` before it changes anything, here or at a provider. A reused signature's
 * refusal wins over whatever `work` answered, so a replayed request is always answered signature_reused.
 */
export const besideSignatureClaim = async <T>(claim: SignatureClaim | undefined, work: (claimed: Promise<void>) => Promise<T>): Promise<T> => {
  const claimed = claim ? claim.now() : Promise.resolve();
  claimed.catch(() => {}); // awaited below; this only keeps an early refusal from counting as unhandled
  const [outcome] = await Promise.allSettled([work(claimed)]);
  await claimed;
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
};

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
 * the refusal when the signature turns out reused. A warm read is then one storage round trip. With `claimInWrite`
 * a write's handler gets the claim (SignatureClaim) to put in its own transaction: one round trip for a write too.
 */
export const partnerAuthentication = (deps: AuthenticationDeps, options: { claimInWrite?: boolean } = {}): HttpMiddleware => {
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
  /** A write's claim: taken into its transaction, claimed alone on demand, or (neither) claimed when settled. */
  const writeClaim = (verified: { usedSignature: UsedSignature; confirmCredentials(): Promise<void>; claimSignature(): Promise<void> }) => {
    let state: 'open' | 'in_write' | 'claimed' = 'open';
    const take = (next: typeof state) => {
      if (state !== 'open') throw new Error('The signature claim was already used');
      state = next;
    };
    return {
      async intoWrite() {
        take('in_write');
        await verified.confirmCredentials(); // a refusal is counted when the claim settles
        return verified.usedSignature;
      },
      async now() {
        take('claimed');
        await counted(verified.claimSignature());
      },
      /** Runs when the handler returned or failed with `error`. */
      async settle(error?: Error) {
        if (state === 'claimed') return;
        if (error instanceof AuthenticationError) {
          // The credentials were revoked before the write, or the write's store found the signature reused.
          if (state === 'in_write') countAuthenticationRefused(error.code);
          return;
        }
        if (state === 'in_write' && error === undefined) return; // committed with the write
        // A 4xx refused the request before or by the write (a cancelled transaction writes nothing): the signature
        // is consumed all the same, as when it is claimed first. After a 5xx the write may have committed.
        if (error === undefined || (error instanceof AppError && error.status < 500)) {
          state = 'claimed';
          await counted(verified.claimSignature());
        }
      },
    };
  };
  const settleWriteClaim = async (context: HttpContext, error?: Error) => {
    const claim = context.writeClaim as ReturnType<typeof writeClaim> | undefined;
    context.writeClaim = undefined;
    await claim?.settle(error);
  };
  return {
    before: async (request) => {
      // One value each: a proxy, a firewall rule and this check could otherwise each read a different one.
      const repeated = repeatedHeaders(request.event, CREDENTIAL_HEADERS);
      if (repeated.length > 0) {
        throw new AuthenticationError('repeated_credentials', `Send ${repeated.join(', ')} once: the request carries it more than once.`);
      }
      const headers = lowerCaseHeaders(request.event);
      request.context.headers = headers;
      request.context.signatureClaim = undefined;
      request.context.writeClaim = undefined;
      const verified = await counted(
        verifyPartnerRequest(
          {
            headers,
            method: request.event.httpMethod,
            path: request.event.path,
            queryCandidates: signedQueryCandidates(request.event),
          },
          deps,
        ),
      );
      request.context.partner = verified.partner;
      // A warm function serves many partners: observability() resets this key when the invocation ends.
      logger.appendKeys({ partner_id: verified.partner.partnerId });
      if (!READ_METHODS.has(request.event.httpMethod)) {
        if (options.claimInWrite) request.context.writeClaim = writeClaim(verified);
        else await counted(verified.claimSignature());
        return;
      }
      const claim = verified.claimSignature();
      claim.catch(() => {}); // awaited in after/onError; this only keeps an early rejection from counting as unhandled
      request.context.signatureClaim = claim;
    },
    after: async (request) => {
      await settleClaim(request.context);
      await settleWriteClaim(request.context);
    },
    onError: async (request) => {
      try {
        await settleClaim(request.context);
        await settleWriteClaim(request.context, request.error ?? undefined);
      } catch (claimError) {
        request.error = claimError as Error; // a reused signature is the answer, whatever the read found
      }
    },
  };
};
