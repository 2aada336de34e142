// event pipeline → the one description of how events flow: outbox stream → bus → rule → queue → dispatcher, and
// email requests: outbox stream → bus → rule → email queue → email sender.
// The CDK stack declares these resources and the local runtime routes events in-process with the same patterns.
import { webhookEventNames } from '#shared/events/catalog';
import { emailRequestedEvent } from '#shared/events/email-request';
import { outboxEntityType } from '#shared/events/outbox-entity';

/** EventBridge `source` of every event the service publishes. */
export const eventSource = 'esim.booking-service';

/** EventBridge `detail-type` is the event name; `detail` is the DomainEvent. */
export interface EventPattern {
  source: string[];
  'detail-type': string[];
}

export interface EventRuleDefinition {
  name: string;
  description: string;
  pattern: EventPattern;
  target: 'webhookQueue' | 'emailQueue';
}

export const eventRules: readonly EventRuleDefinition[] = [
  {
    name: 'WebhookDelivery',
    description: 'Every partner-facing event goes to the webhook delivery queue.',
    pattern: { source: [eventSource], 'detail-type': [...webhookEventNames] },
    target: 'webhookQueue',
  },
  {
    // Internal: its detail-type is no webhook event name, so the webhook rule above never matches it.
    name: 'EmailDelivery',
    description: 'Email requests written with a change (booking confirmation, promo-code claim) go to the email queue.',
    pattern: { source: [eventSource], 'detail-type': [emailRequestedEvent] },
    target: 'emailQueue',
  },
];

/** True when an EventBridge event matches the pattern (the subset of pattern syntax we declare). */
export const matchesPattern = (pattern: EventPattern, event: { source: string; 'detail-type': string }): boolean =>
  pattern.source.includes(event.source) && pattern['detail-type'].includes(event['detail-type']);

export { outboxEntityType };

/** Lambda event-source filter on the table stream: only newly inserted outbox items reach the publisher. */
export const outboxStreamFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { entity: { S: [outboxEntityType] } } },
} as const;

/** The same filter applied to one stream record, for the local runtime. */
export const passesOutboxFilter = (record: { eventName?: string; dynamodb?: { NewImage?: Record<string, { S?: string } | undefined> } }): boolean =>
  record.eventName === 'INSERT' && record.dynamodb?.NewImage?.entity?.S === outboxEntityType;

export interface BackgroundFunctionDefinition {
  operation: string;
  entry: string;
  trigger: 'tableStream' | 'webhookQueue' | 'emailQueue' | 'schedule';
  description: string;
  /** Reaches the connectivity provider, so it is given the provider's secret (lib/function-with-log-group.ts). */
  provisions?: boolean;
}

export const backgroundFunctions: readonly BackgroundFunctionDefinition[] = [
  {
    operation: 'publishOutbox',
    entry: 'functions/publish-outbox.ts',
    trigger: 'tableStream',
    description: 'Publishes outbox items from the table stream to the event bus.',
  },
  {
    operation: 'dispatchWebhooks',
    entry: 'functions/dispatch-webhooks.ts',
    trigger: 'webhookQueue',
    description: 'Signs and delivers webhook events to partners, with retries and a dead-letter queue.',
  },
  {
    operation: 'sendEmails',
    entry: 'functions/send-emails.ts',
    trigger: 'emailQueue',
    description: 'Sends requested emails (SES v2), with retries and a dead-letter queue.',
  },
  {
    operation: 'sweepBookingEvents',
    entry: 'functions/sweep-booking-events.ts',
    trigger: 'schedule',
    description: 'Every minute, fires booking.within_cutoff and booking.about_to_depart that have come due.',
  },
  {
    operation: 'reconcileProviderOrders',
    entry: 'functions/reconcile-provider-orders.ts',
    trigger: 'schedule',
    description: 'Every minute, finishes or cancels connectivity provider orders that a redemption left mid-way.',
    provisions: true,
  },
];

/** Queue sizing so 12 attempts with hours of backoff fit (docs/webhooks.md). */
export const webhookQueueSettings = {
  /** Dispatcher Lambda timeout; a batch of 10 deliveries runs in parallel within it. */
  dispatcherTimeoutSeconds: 60,
  /** AWS recommends at least 6 × the function timeout for SQS event sources. */
  visibilityTimeoutSeconds: 360,
  /** Backoff is done with ChangeMessageVisibility; receives beyond 12 only happen when the dispatcher crashes. */
  maxReceiveCount: 20,
  retentionDays: 4,
  deadLetterRetentionDays: 14,
  batchSize: 10,
  /** Concurrent dispatcher invocations at most (SQS event source maximum concurrency): 10 × 10 deliveries in flight. */
  maxConcurrency: 10,
} as const;

/**
 * Retention of the stream mapping's on-failure queue and the bus rules' dead-letter queue: the longest SQS allows,
 * as what lands there waits for an operator (`npm run ops -- dlq list --queue stream-failures|bus-targets`).
 */
export const failureQueueRetentionDays = 14;

/** Email queue: a refused send is retried after the visibility timeout, then dead-lettered (docs/operations.md). */
export const emailQueueSettings = {
  senderTimeoutSeconds: 30,
  /** AWS recommends at least 6 × the function timeout for SQS event sources: 3 minutes between attempts. */
  visibilityTimeoutSeconds: 180,
  /** 8 attempts over about 25 minutes ride out SES throttling and short outages. */
  maxReceiveCount: 8,
  retentionDays: 4,
  deadLetterRetentionDays: 14,
  batchSize: 10,
  /** Keeps a backlog within SES's sending rate. */
  maxConcurrency: 2,
} as const;
