// webhooks → what a delivery is: the envelope partners receive, and the records support reads.
import type { DomainEvent } from '#shared/events/catalog';
import { inDocumentedOrder } from '#shared/events/event-members';

/** `held`: the partner's endpoint was disabled when the delivery was due; kept for recovery, never attempted. */
export const deliveryStatuses = ['pending', 'retrying', 'delivered', 'rejected', 'dead_lettered', 'skipped', 'held'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * What the delivery log's `status` filter also takes, as issue 17 names them: `failed` (failed for good: rejected or
 * dead-lettered) and `dead-lettered`.
 */
export const deliveryStatusFilters = { failed: ['rejected', 'dead_lettered'], 'dead-lettered': ['dead_lettered'] } as const satisfies Record<
  string,
  readonly DeliveryStatus[]
>;
export type DeliveryStatusFilter = DeliveryStatus | keyof typeof deliveryStatusFilters;

/** The statuses a filter value stands for. */
export const statusesOf = (filter: DeliveryStatusFilter): DeliveryStatus[] =>
  filter in deliveryStatusFilters ? [...deliveryStatusFilters[filter as keyof typeof deliveryStatusFilters]] : [filter as DeliveryStatus];

export const finalDeliveryStatuses: ReadonlySet<DeliveryStatus> = new Set(['delivered', 'rejected', 'dead_lettered', 'skipped', 'held']);

/** What "recover since" sends again: deliveries that never reached the partner and are not retried any more. */
export const recoverableDeliveryStatuses: readonly DeliveryStatus[] = ['rejected', 'dead_lettered', 'held'];

/** Delivery records and their attempts expire (table TTL) this long after the delivery started (docs/webhooks.md). */
export const DELIVERY_LOG_RETENTION_DAYS = 30;

/** The receiver's answer kept per attempt, after secrets are scrubbed. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface DeliveryRecord {
  delivery_id: string;
  event_id: string;
  event: string;
  partner_id: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  /** Why a delivery was not attempted (no URL, not subscribed) or was dead-lettered. */
  reason: string | null;
  replay: boolean;
  /** When the next attempt of a `retrying` delivery is due (the queue then makes the message visible again); null otherwise. */
  next_attempt_at?: string | null;
  /** When "recover since" or a replay sent this delivery's event again (each failed delivery is recovered once). */
  recovered_at?: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryAttempt {
  delivery_id: string;
  partner_id: string;
  attempt: number;
  status_code: number | null;
  verdict: 'delivered' | 'retry' | 'rejected';
  latency_ms: number;
  error: string | null;
  /** The first RESPONSE_EXCERPT_BYTES of the receiver's answer, secrets scrubbed; null without an answer. */
  response_excerpt: string | null;
  at: string;
}

/** The body partners receive, exactly the spec's envelope, `data` in the order the Events table lists its members. */
export const webhookEnvelope = (event: DomainEvent, deliveryId: string) => ({
  event: event.event,
  timestamp: event.timestamp,
  data: inDocumentedOrder(event.event, event.data),
  event_id: event.event_id,
  delivery_id: deliveryId,
});
