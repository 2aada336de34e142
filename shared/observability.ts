// observability → one logger and one metrics instance per function instance, and the middy middlewares that
// scope them to one invocation. Request bodies and headers are never logged (secrets).
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import * as config from '#shared/config';

const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'esim-booking-service';

/** CloudWatch namespace of the custom metrics; the alarms and the dashboard read the same names. */
export const metricsNamespace = 'EsimBooking';

/** Names and dimensions of the custom metrics (embedded metric format). */
export const metricNames = {
  bookingsCreated: 'BookingsCreated',
  /** Dimension `code`: the error code of the 401 (invalid_signature, invalid_api_key, ...). */
  authenticationRefused: 'AuthenticationRefused',
  /** Dimension `outcome`: delivered, retried, rejected or dead_lettered. */
  webhookAttempts: 'WebhookAttempts',
  webhookAttemptLatency: 'WebhookAttemptLatency',
  outboxPublishFailures: 'OutboxPublishFailures',
  /** Dimension `outcome`: success, unreachable, refused or protocol (shared/providers/provider-errors.ts). */
  providerCalls: 'ProviderCalls',
  /** Dimension `provider`: milliseconds per call to the connectivity provider. */
  providerCallLatency: 'ProviderCallLatency',
} as const;

export type WebhookAttemptOutcome = 'delivered' | 'retried' | 'rejected' | 'dead_lettered';

export const logger = new Logger({ serviceName });

/** Dimensions `service` and `stage` on every metric: stages that share an account stay apart. */
export const metrics = new Metrics({ namespace: metricsNamespace, serviceName, defaultDimensions: { stage: config.stage() } });

/** A metric with its own dimension is written alone, so that dimension never sticks to other metrics. */
const single = (dimension: [string, string], name: string, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number): void => {
  const metric = metrics.singleMetric();
  metric.addDimension(...dimension);
  metric.addMetric(name, unit, value);
};

export const countBookingCreated = (): void => {
  metrics.addMetric(metricNames.bookingsCreated, MetricUnit.Count, 1);
};

export const countAuthenticationRefused = (code: string): void => single(['code', code], metricNames.authenticationRefused, MetricUnit.Count, 1);

export const recordWebhookAttempt = (outcome: WebhookAttemptOutcome, latencyMs: number): void => {
  single(['outcome', outcome], metricNames.webhookAttempts, MetricUnit.Count, 1);
  metrics.addMetric(metricNames.webhookAttemptLatency, MetricUnit.Milliseconds, latencyMs);
};

/** One call to a connectivity provider: the provider error-rate and latency alarms read these. */
export const recordProviderCall = (record: { provider: string; operation: string; outcome: string; latencyMs: number }): void => {
  single(['outcome', record.outcome], metricNames.providerCalls, MetricUnit.Count, 1);
  single(['provider', record.provider], metricNames.providerCallLatency, MetricUnit.Milliseconds, record.latencyMs);
};

export const countOutboxPublishFailures = (count: number): void => {
  if (count > 0) metrics.addMetric(metricNames.outboxPublishFailures, MetricUnit.Count, count);
};

/** Writes the invocation's stored metrics; an invocation that stored none writes nothing (and warns of nothing). */
const flushMetrics = (): MiddlewareObj => {
  const flush = async () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: flush, onError: flush };
};

/**
 * The first middlewares of every handler: the Lambda context on every log line (request id, cold start,
 * function), keys appended during the invocation (partner_id) reset by the library when it ends, and the
 * invocation's metrics flushed.
 */
export const observability = (): MiddlewareObj[] => [injectLambdaContext(logger, { resetKeys: true }), flushMetrics()];
