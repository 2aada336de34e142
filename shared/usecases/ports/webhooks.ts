// ports → the event bus, the webhook queue, the delivery log and the HTTP poster of the delivery use cases.
import type { DomainEvent } from '#shared/events/catalog';
import type { EmailRequest } from '#shared/events/email-request';
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
  /** Records an attempt and the delivery's status; `nextAttemptAt` only for `retrying`. */
  recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus, options?: { reason?: string; nextAttemptAt?: string }): Promise<void>;
  /** Records a final status without an HTTP attempt (no endpoint, not subscribed, endpoint disabled, attempts used up). */
  recordFinal(start: DeliveryStart, status: 'skipped' | 'dead_lettered' | 'held', reason: string): Promise<void>;
  get(partnerId: string, deliveryId: string): Promise<DeliveryRecord | undefined>;
  attempts(partnerId: string, deliveryId: string): Promise<DeliveryAttempt[]>;
  /** Support only: every delivery of an event id, whoever's it is. */
  byEvent(eventId: string): Promise<DeliveryRecord[]>;
  byPartner(partnerId: string, limit: number): Promise<DeliveryRecord[]>;
  /** Support only: the recorded event of an event id, whoever's it is. */
  findEvent(eventId: string): Promise<DomainEvent | undefined>;
}

/** One page of a partner's delivery log, newest first; every field narrows it. */
export interface DeliveryLogQuery {
  limit: number;
  /** Continue after this position (`{created_at}#{delivery_id}` of the last delivery of the previous page). */
  after?: string;
  /** ISO 8601 bounds on the delivery's start, both inclusive. */
  since?: string;
  until?: string;
  event?: string;
  eventId?: string;
  statuses?: readonly DeliveryStatus[];
  /** Only deliveries whose event was not sent again yet by a recovery or replay. */
  unrecoveredOnly?: boolean;
}

export interface DeliveryLogPage {
  records: DeliveryRecord[];
  /** Where the next page starts; absent when nothing older matches. */
  nextPosition?: string;
}

/** The delivery log as partners reach it: every read and write keyed by the partner's own id. */
export interface PartnerDeliveryLog {
  page(partnerId: string, query: DeliveryLogQuery): Promise<DeliveryLogPage>;
  attempts(partnerId: string, deliveryId: string): Promise<DeliveryAttempt[]>;
  /** The partner's recorded event, or undefined (another partner's event id reads as unknown). */
  findPartnerEvent(partnerId: string, eventId: string): Promise<DomainEvent | undefined>;
  /** The event's deliveries to the partner that failed (rejected, dead-lettered, held) and were not recovered yet. */
  unrecoveredFailuresOf(partnerId: string, eventId: string): Promise<DeliveryRecord[]>;
  /**
   * Puts a replay of the event in the outbox (published like a new event, delivered with a new delivery id).
   * With `recovering`, those deliveries of the event are marked recovered in the same transaction, all or none: false
   * when one already was (another recovery took them, and sends the event). With `markOnly`, the deliveries are only
   * marked (the event is already being sent again).
   */
  requestReplay(event: DomainEvent, options: { now: string; recovering?: readonly DeliveryRecord[]; markOnly?: boolean }): Promise<boolean>;
}

/** The reads of the partner's log: what showing the endpoint's health and listing deliveries need. */
export type PartnerDeliveryLogReads = Pick<PartnerDeliveryLog, 'page' | 'attempts'>;

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
  /** The start of the receiver's answer body, as text (at most what the poster reads). */
  responseText?: string;
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

/** The endpoint-health fields of a partner's webhook settings, written only when they change (decision F97). */
export interface EndpointHealthStore {
  /** Starts the failing period unless one is running. */
  markFailing(partnerId: string, since: string): Promise<void>;
  /** Ends the failing period (and any warning sent for it). */
  markRecovered(partnerId: string): Promise<void>;
  /**
   * Records the warning once, with its email in the outbox in the same transaction; only while the failing period that
   * began at `failingSince` still runs (an attempt decides on the profile it read before posting, and a success may
   * have ended that period meanwhile).
   */
  warn(partnerId: string, failingSince: string, at: string, email: EmailRequest | undefined): Promise<void>;
  /** Disables the endpoint once, with its email in the outbox in the same transaction; as `warn`, only while that period runs. */
  disable(partnerId: string, failingSince: string, at: string, reason: string, email: EmailRequest | undefined): Promise<void>;
}

/** A portal session: one partner's webhook page, opened by a single-use link (decision F98). */
export interface PortalSession {
  partner_id: string;
  /** The partner's credentials when the link was made (PartnerStanding): a rotation or disabling ends the session. */
  credentials_fingerprint?: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** Whether a partner may still act, and with which credentials (decision F148). */
export interface PartnerStanding {
  /**
   * A fingerprint of the partner's current API credentials while it is active (rotating the secret changes it);
   * undefined when the partner is unknown or disabled.
   */
  credentialsFingerprint(partnerId: string): Promise<string | undefined>;
}

export interface PortalLinkRecord {
  partner_id: string;
  nonce: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface PortalSessionStore {
  putLink(record: PortalLinkRecord): Promise<void>;
  /** Marks the link used and creates the session in one transaction; false when the link was used or is unknown. */
  redeemLink(link: { partnerId: string; nonce: string }, usedAt: string, sessionHash: string, session: PortalSession): Promise<boolean>;
  getSession(sessionHash: string): Promise<PortalSession | undefined>;
  deleteSession(sessionHash: string): Promise<void>;
  /** Records a portal form's nonce as sent; false when it was sent before (a reload or a second click). */
  claimForm(form: { partnerId: string; nonce: string }, expiresAt: string): Promise<boolean>;
  /** Forgets a form's nonce: its action was refused or failed, so sending it again is no repeat. */
  releaseForm(form: { partnerId: string; nonce: string }): Promise<void>;
}
