// http adapter (eSIM Go) → the usage callback endpoint: `X-Signature-SHA256` checked against the raw body (HMAC-SHA256
// with the API key, hex or base64, constant time) → the V3 callback schema → the use case → 200. A missing or wrong
// signature answers 401 and a body off the schema 400, both in the documented error shape; nothing is recorded then.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as v from 'valibot';
import { AuthenticationError, BadRequestError } from '#shared/errors';
import { logger, observability } from '#shared/observability';
import { UsageCallbackSchema } from '#shared/providers/esimgo/schemas';
import { verifyCallbackSignature } from '#shared/providers/esimgo/signature';
import { errorResponse, successResponse } from '#shared/http/response';
import type { BundleUsage, BundleUsageOutcome } from '#shared/usecases/provider-usage';

/** A callback is well under a kilobyte; anything far larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

const headerOf = (event: APIGatewayProxyEvent, name: string): string | undefined =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? undefined;

export const esimGoCallbackHandler = (deps: {
  apiKey: () => Promise<string>;
  record: (report: BundleUsage) => Promise<BundleUsageOutcome>;
  now: () => Date;
}) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(observability())
    .handler(async (event) => {
      try {
        const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
        const signature = headerOf(event, 'x-signature-sha256');
        if (!signature)
          throw new AuthenticationError('missing_credentials', 'X-Signature-SHA256 is missing: enable callback V3 in the eSIM Go portal.');
        if (raw.length > MAX_BODY_BYTES || !verifyCallbackSignature(raw, signature, await deps.apiKey())) {
          logger.warn('eSIM Go callback with a signature that does not match');
          throw new AuthenticationError('invalid_signature', 'X-Signature-SHA256 is not the HMAC-SHA256 of the raw body with the API key.');
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new BadRequestError('invalid_json', 'The callback body is not JSON.');
        }
        const parsed = v.safeParse(UsageCallbackSchema, body);
        if (!parsed.success) {
          const details = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? 'body', message: issue.message }));
          throw new BadRequestError('validation_error', 'The callback does not match the eSIM Go V3 usage callback.', details);
        }
        const { iccid, alertType, bundle } = parsed.output;
        const outcome = await deps.record({
          iccid,
          bundleName: bundle.name,
          assignmentId: bundle.id ?? null,
          reference: bundle.reference ?? null,
          initialQuantity: bundle.initialQuantity,
          remainingQuantity: bundle.remainingQuantity,
          startTime: bundle.startTime || null,
          endTime: bundle.endTime || null,
          receivedAt: deps.now().toISOString(),
        });
        // An unknown eSIM or bundle is answered 200 as well: eSIM Go would only send it again.
        if (outcome.kind === 'unknown_iccid' || outcome.kind === 'unknown_package') {
          logger.warn('eSIM Go usage callback for nothing we provisioned', { iccid, bundle: bundle.name, alertType, outcome: outcome.kind });
        }
        return successResponse({ message: 'Usage callback recorded.', data: outcome });
      } catch (error) {
        return errorResponse(error);
      }
    });
