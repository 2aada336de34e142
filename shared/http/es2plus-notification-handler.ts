// http adapter (SM-DP+) → an ES2+ notification endpoint: the caller's client certificate on the allow-list →
// the SGP.22 schema → the use case → the ES2+ answer (204 when done; HTTP 200 with a Failed header when refused,
// as SGP.22 6.5.1.4 has it). Partners never call it, so it answers in ES2+, not in the partner API's shape.
import { createHash, X509Certificate } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as v from 'valibot';
import { jsonAnswerHeaders } from '#shared/http/response';
import { logger, observability } from '#shared/observability';
import { ADMIN_PROTOCOL, executed, failedAnswer, HandleDownloadProgressInfoSchema } from '#shared/providers/es2plus/messages';
import type { DownloadProgress, DownloadProgressOutcome } from '#shared/usecases/download-progress';

/** A notification is a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;

const answer = (status: 200 | 204, body?: object): APIGatewayProxyResult => ({
  statusCode: status,
  headers: {
    'x-admin-protocol': ADMIN_PROTOCOL,
    ...(body ? { 'content-type': 'application/json', 'x-content-type-options': jsonAnswerHeaders['x-content-type-options'] } : {}),
  },
  body: body ? JSON.stringify(body) : '',
});

/** The SHA-256 fingerprint (lowercase hex) of the caller's certificate, as API Gateway's mutual TLS passes it. */
const callerFingerprint = (event: APIGatewayProxyEvent): string | undefined => {
  const pem = event.requestContext.identity.clientCert?.clientCertPem;
  if (!pem) return undefined;
  try {
    return createHash('sha256').update(new X509Certificate(pem).raw).digest('hex');
  } catch {
    return undefined;
  }
};

const parseBody = (body: string | null): unknown => {
  if (!body || Buffer.byteLength(body) > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

export const es2PlusNotificationHandler = (deps: {
  allowList: () => Promise<readonly string[]>;
  record: (notification: DownloadProgress) => Promise<DownloadProgressOutcome>;
}) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(observability())
    .handler(async (event) => {
      const fingerprint = callerFingerprint(event);
      if (!fingerprint || !(await deps.allowList()).includes(fingerprint)) {
        logger.warn('ES2+ notification from a certificate not on the allow-list', { fingerprint: fingerprint ?? 'none' });
        return answer(200, failedAnswer('1.1', '1.2', 'The client certificate is not allowed to notify this operator.'));
      }
      const parsed = v.safeParse(HandleDownloadProgressInfoSchema, parseBody(event.body));
      if (!parsed.success) {
        const fields = [...new Set(parsed.issues.map((issue) => v.getDotPath(issue) ?? 'body'))];
        return answer(200, failedAnswer('1.3.1', '2.1', `Invalid or missing: ${fields.join(', ')}`));
      }
      const notification = parsed.output;
      const status = notification.notificationPointStatus;
      const outcome = await deps.record({
        iccid: notification.iccid,
        notificationPointId: notification.notificationPointId,
        status: status.status,
        succeeded: executed(status),
        ...(status.statusCodeData && {
          codes: {
            subjectCode: status.statusCodeData.subjectCode,
            reasonCode: status.statusCodeData.reasonCode,
            ...(status.statusCodeData.message !== undefined && { message: status.statusCodeData.message }),
          },
        }),
        timestamp: notification.timestamp,
      });
      // Failures are support's to see (docs/providers.md, Notifications): a warning, searchable by ICCID, and a notice.
      logger[executed(status) ? 'info' : 'warn']('ES2+ download progress', {
        iccid: notification.iccid,
        notificationPointId: notification.notificationPointId,
        status: status.status,
        statusCodeData: status.statusCodeData,
        outcome: outcome.kind,
      });
      if (outcome.kind === 'unknown_iccid') return answer(200, failedAnswer('8.2.1', '3.9', 'No eSIM with this ICCID was ordered here.'));
      return answer(204);
    });
