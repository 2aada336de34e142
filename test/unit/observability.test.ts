// observability → Lambda context on every log line, keys reset per invocation, metrics in embedded metric format.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { jest } from '@jest/globals';

// Powertools reads these when the module is first imported: write to the global console, metrics on.
process.env.POWERTOOLS_DEV = 'true';
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
const { countAuthenticationRefused, logger, metricNames, metricsNamespace, observability, recordWebhookAttempt } = await import(
  '#shared/observability'
);

const context = (requestId: string): Context =>
  ({
    functionName: 'getBooking',
    memoryLimitInMB: '512',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:getBooking',
    awsRequestId: requestId,
    functionVersion: '$LATEST',
    getRemainingTimeInMillis: () => 1000,
  }) as Context;

/** Every JSON line a spied console method printed. */
const printed = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, any>);

describe('observability', () => {
  afterEach(() => jest.restoreAllMocks());

  it('adds the Lambda context to every line and resets keys appended during an invocation', async () => {
    // Prepare
    const info = jest.spyOn(console, 'info').mockImplementation(() => {});
    const handler = middy<{ partnerId?: string }>()
      .use(observability())
      .handler(async (event) => {
        if (event.partnerId) logger.appendKeys({ partner_id: event.partnerId });
        logger.info('handled');
      });

    // Act
    await handler({ partnerId: 'ptn_a' }, context('req-1'));
    await handler({}, context('req-2'));

    // Assess
    const [first, second] = printed(info);
    expect(first).toMatchObject({ function_request_id: 'req-1', cold_start: expect.any(Boolean), function_name: 'getBooking', partner_id: 'ptn_a' });
    expect(second).toMatchObject({ function_request_id: 'req-2', cold_start: false });
    expect(second).not.toHaveProperty('partner_id');
  });

  it('writes a webhook attempt as a count by outcome and a latency, flushed when the invocation ends', async () => {
    // Prepare
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    const handler = middy()
      .use(observability())
      .handler(async () => recordWebhookAttempt('dead_lettered', 42));

    // Act
    await handler({}, context('req-3'));

    // Assess
    const lines = printed(log);
    const count = lines.find((line) => line[metricNames.webhookAttempts] !== undefined);
    const latency = lines.find((line) => line[metricNames.webhookAttemptLatency] !== undefined);
    expect(count).toMatchObject({ outcome: 'dead_lettered', [metricNames.webhookAttempts]: 1 });
    expect(count?._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: metricsNamespace, Dimensions: [['service', 'stage', 'outcome']] });
    expect(latency).toMatchObject({ [metricNames.webhookAttemptLatency]: 42 });
    expect(latency).not.toHaveProperty('outcome');
  });

  it('counts an authentication refusal under its code', () => {
    // Prepare
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});

    // Act
    countAuthenticationRefused('invalid_signature');

    // Assess
    expect(printed(log)).toEqual([expect.objectContaining({ code: 'invalid_signature', [metricNames.authenticationRefused]: 1 })]);
  });

  it('writes nothing for an invocation that stored no metric', async () => {
    // Prepare
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const handler = middy()
      .use(observability())
      .handler(async () => 'ok');

    // Act
    await handler({}, context('req-4'));

    // Assess
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
