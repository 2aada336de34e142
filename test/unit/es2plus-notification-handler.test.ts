// The SM-DP+'s notification endpoint: an answer with a body is JSON the receiver reads as nothing else.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { es2PlusNotificationHandler } from '#shared/http/es2plus-notification-handler';

describe('ES2+ notification handler', () => {
  it('answers a caller whose certificate is not allowed with a Failed body, JSON and never sniffed', async () => {
    // Prepare: no client certificate at all
    const handler = es2PlusNotificationHandler({ allowList: async () => [], record: async () => ({ kind: 'duplicate' }) });
    const event = { body: '{}', headers: {}, requestContext: { identity: {} } } as unknown as APIGatewayProxyEvent;

    // Act
    const result = await handler(event, { functionName: 'handleDownloadProgressInfo' } as Context);

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).header.functionExecutionStatus.status).toBe('Failed');
    expect(result.headers).toMatchObject({ 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
  });
});
