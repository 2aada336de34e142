// ports → the event bus, the webhook queue, the delivery log and the HTTP poster of the delivery use cases.
import type { DomainEvent } from '#shared/events/catalog';
import type { DeliveryAttempt, DeliveryRecord, DeliveryStatus } from '#shared/webhooks/delivery-model';
export interface DeliveryStart {
  deliveryId: string;
  event: DomainEvent;
  replay: boolean;
  now: string;
}

export interface DeliveryLog {
  /** Counts one more attempt; `undefined` when the delivery already reached a final status. */
  beginAttempt(start: DeliveryStart): Promise<number | undefined>;
  recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus, reason?: string): Promise<void>;
  /** Records a final status without an HTTP attempt (no endpoint, not subscribed, attempts used up). */
  recordFinal(start: DeliveryStart, status: 'skipped' | 'dead_lettered', reason: string): Promise<void>;
  get(deliveryId: string): Promise<DeliveryRecord | undefined>;
  attempts(deliveryId: string): Promise<DeliveryAttempt[]>;
  byEvent(eventId: string): Promise<DeliveryRecord[]>;
  byPartner(partnerId: string, limit: number): Promise<DeliveryRecord[]>;
  findEvent(eventId: string): Promise<DomainEvent | undefined>;
}

export interface DeadLetterDetails {
  partner_id: string;
  event_id: string;
  event: string;
  delivery_id: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  reason: string;
}

export interface WebhookQueue {
  /** Makes the message visible again after `seconds` (SQS caps a single delay at 12 h). */
  postpone(receiptHandle: string, seconds: number): Promise<void>;
  /** Sends the original body to the dead-letter queue with what support needs as attributes. */
  deadLetter(body: string, details: DeadLetterDetails): Promise<void>;
  enqueue(body: string): Promise<void>;
}

export interface DeadLetteredMessage {
  body: string;
  attributes: Record<string, string>;
}

export interface DeliveryOutcome {
  /** HTTP status of the receiver's answer; absent when no answer arrived. */
  status?: number;
  /** Raw Retry-After header, for the retry policy. */
  retryAfter?: string;
  latencyMs: number;
  error?: string;
  errorKind?: 'timeout' | 'connection' | 'unsafe_url' | 'invalid_url';
}

export interface WebhookPost {
  url: string;
  /** Signature, timestamp, event/delivery ids and the partner's auth header. */
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: string;
  /** Deadline for the whole exchange: connect, send, and the answer. */
  timeoutMs: number;
  /** Local mode only: lets deliveries reach http://127.0.0.1 receivers. */
  allowPrivate: boolean;
}

export interface BusEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  Time: Date;
}
