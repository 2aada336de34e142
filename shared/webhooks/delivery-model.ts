// webhooks → what a delivery is: the envelope partners receive, and the records support reads.
import type { DomainEvent } from '#shared/events/catalog';

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'rejected' | 'dead_lettered' | 'skipped';

export const finalDeliveryStatuses: ReadonlySet<DeliveryStatus> = new Set(['delivered', 'rejected', 'dead_lettered', 'skipped']);

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
  created_at: string;
  updated_at: string;
}

export interface DeliveryAttempt {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  verdict: 'delivered' | 'retry' | 'rejected';
  latency_ms: number;
  error: string | null;
  at: string;
}

/** The body partners receive, exactly the spec's envelope. */
export const webhookEnvelope = (event: DomainEvent, deliveryId: string) => ({
  event: event.event,
  timestamp: event.timestamp,
  data: event.data,
  event_id: event.event_id,
  delivery_id: deliveryId,
});
