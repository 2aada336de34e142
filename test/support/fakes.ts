// test support → in-memory adapters for use-case unit tests (no network).
import type { ProviderOrder, ProviderOrderJournal } from '#shared/usecases/ports/provider-orders';
import { defaultDepartureEventSettings } from '#shared/domain/departure-events';
import { defaultWebhookSettings, type PartnerProfile } from '#shared/domain/partner';
import type { Brand } from '#shared/domain/brand';
import type { DomainEvent } from '#shared/events/catalog';
import type { EmailRequest } from '#shared/events/email-request';
import type { CreateBookingDeps } from '#shared/usecases/create-booking';
import { finalDeliveryStatuses, type DeliveryAttempt, type DeliveryRecord } from '#shared/webhooks/delivery-model';
import type { DeliverWebhookDeps } from '#shared/usecases/deliver-webhook';
import type { SecretCipher } from '#shared/usecases/ports/partners';
import type { DeliveryLog, DeliveryStart, DeadLetterDetails, EndpointHealthStore, WebhookQueue } from '#shared/usecases/ports/webhooks';

export const makePartnerProfile = (overrides: Partial<PartnerProfile> = {}): PartnerProfile => ({
  partner_id: 'ptn_test',
  name: 'Test Partner',
  api_key: 'pk_test',
  status: 'active',
  departure_events: defaultDepartureEventSettings,
  webhook: { ...defaultWebhookSettings(), url: 'https://hooks.example.com/esim' },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

export const makeDomainEvent = (overrides: Partial<DomainEvent> = {}): DomainEvent => ({
  partner_id: 'ptn_test',
  event: 'booking.within_cutoff',
  event_id: 'booking.within_cutoff:b-1',
  timestamp: '2026-11-20T10:00:00.000Z',
  data: { external_user_id: 'u-1', booking_id: 'b-1', departure_date: '2026-11-27T10:00:00Z', days_until_departure: 7, esim_installed: false },
  ...overrides,
});

export const makeDeliveryAttempt = (overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  delivery_id: 'dlv_1',
  partner_id: 'ptn_test',
  attempt: 1,
  status_code: 503,
  verdict: 'retry',
  latency_ms: 40,
  error: null,
  response_excerpt: '{}',
  at: '2026-11-20T10:00:01.000Z',
  ...overrides,
});

/** Ciphertext is the plaintext with a prefix: enough to prove the right secret was used. */
export const fakeCipher: SecretCipher = {
  encrypt: async (plaintext) => `enc:${plaintext}`,
  decrypt: async (ciphertext) => ciphertext.replace(/^enc:/, ''),
};

/** A delivery of partner ptn_test's booking.within_cutoff event, delivered at its first attempt; override what a test is about. */
export const makeDeliveryRecord = (overrides: Partial<DeliveryRecord> = {}): DeliveryRecord => ({
  delivery_id: 'dlv_1',
  event_id: 'booking.within_cutoff:b-1',
  event: 'booking.within_cutoff',
  partner_id: 'ptn_test',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  reason: null,
  replay: false,
  recovered_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:01.000Z',
  ...overrides,
});

export const memoryDeliveryLog = () => {
  const records = new Map<string, DeliveryRecord>();
  const attemptLog: DeliveryAttempt[] = [];
  const events = new Map<string, DomainEvent>();
  const log: DeliveryLog = {
    async beginAttempt(start: DeliveryStart) {
      const existing = records.get(start.deliveryId);
      if (existing && finalDeliveryStatuses.has(existing.status)) return undefined;
      const record: DeliveryRecord = existing ?? {
        delivery_id: start.deliveryId,
        event_id: start.event.event_id,
        event: start.event.event,
        partner_id: start.event.partner_id,
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        reason: null,
        replay: start.replay,
        created_at: start.now,
        updated_at: start.now,
      };
      record.attempts += 1;
      records.set(start.deliveryId, record);
      return record.attempts;
    },
    async recordAttempt(attempt, status, options = {}) {
      attemptLog.push(attempt);
      const record = records.get(attempt.delivery_id);
      if (record) {
        Object.assign(record, {
          status,
          last_status_code: attempt.status_code,
          last_error: attempt.error,
          reason: options.reason ?? null,
          next_attempt_at: options.nextAttemptAt ?? null,
        });
      }
    },
    async recordFinal(start, status, reason) {
      const existing = records.get(start.deliveryId);
      records.set(start.deliveryId, {
        delivery_id: start.deliveryId,
        event_id: start.event.event_id,
        event: start.event.event,
        partner_id: start.event.partner_id,
        attempts: 0,
        last_status_code: null,
        last_error: null,
        replay: start.replay,
        created_at: start.now,
        ...existing,
        status,
        reason,
        next_attempt_at: null,
        updated_at: start.now,
      });
    },
    get: async (_partnerId, id) => records.get(id),
    attempts: async (_partnerId, id) => attemptLog.filter((a) => a.delivery_id === id),
    byEvent: async (eventId) => [...records.values()].filter((r) => r.event_id === eventId),
    byPartner: async (partnerId) => [...records.values()].filter((r) => r.partner_id === partnerId),
    findEvent: async (eventId) => events.get(eventId),
  };
  return { log, records, attemptLog, events };
};

export const memoryQueue = () => {
  const postponed: Array<{ receiptHandle: string; seconds: number }> = [];
  const deadLettered: Array<{ body: string; details: DeadLetterDetails }> = [];
  const enqueued: string[] = [];
  const queue: WebhookQueue = {
    postpone: async (receiptHandle, seconds) => void postponed.push({ receiptHandle, seconds }),
    deadLetter: async (body, details) => void deadLettered.push({ body, details }),
    enqueue: async (body) => void enqueued.push(body),
  };
  return { queue, postponed, deadLettered, enqueued };
};

/** An order of the journal: eSIM Go, first attempt, ordering; override what a test is about. */
export const makeProviderOrder = (overrides: Partial<ProviderOrder> = {}): ProviderOrder => ({
  partner_id: 'p1',
  reference: 'p1:universal:promo:a',
  provider: 'esimgo',
  attempt: 1,
  profile_type: 'esim_1GB_7D_FR_V2',
  state: 'ordering',
  iccid: null,
  matching_id: null,
  smdp_address: null,
  confirmation_code_required: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  reconcile_at: null,
  ...overrides,
});

/** The provider order journal in memory, for adapter tests that need no table. */
export const memoryProviderOrderJournal = () => {
  const orders = new Map<string, ProviderOrder>();
  const claims = new Map<string, { partner_id: string; reference: string }>();
  const journal: ProviderOrderJournal = {
    get: async (partnerId, reference) => orders.get(`${partnerId}:${reference}`),
    save: async (order) => void orders.set(`${order.partner_id}:${order.reference}`, order),
    begin: async (order, after) => {
      const current = orders.get(`${order.partner_id}:${order.reference}`);
      const expected = after ? current?.state === 'cancelled' && current.attempt === after.attempt : current === undefined;
      if (expected) orders.set(`${order.partner_id}:${order.reference}`, order);
      return expected;
    },
    hold: async (order, seen) => {
      const current = orders.get(`${order.partner_id}:${order.reference}`);
      const free = !current?.in_flight_until || current.in_flight_until <= order.updated_at;
      const expected = current !== undefined && current.updated_at === seen.updated_at && free;
      if (expected) orders.set(`${order.partner_id}:${order.reference}`, order);
      return expected;
    },
    dueForReconciliation: async (now) => [...orders.values()].filter((o) => o.reconcile_at !== null && o.reconcile_at <= now.toISOString()),
    claimProviderReference: async (provider, reference, owner) => {
      const key = `${provider}#${reference}`;
      if (!claims.has(key)) claims.set(key, owner);
      return claims.get(key) as { partner_id: string; reference: string };
    },
  };
  return { journal, orders, claims };
};

/** Records every endpoint-health write, in order, as the store would receive it. */
export const memoryEndpointHealth = () => {
  const writes: Array<{
    change: keyof EndpointHealthStore;
    since?: string;
    at?: string;
    reason?: string;
    emailTo?: string;
    emailSubject?: string;
  }> = [];
  const health: EndpointHealthStore = {
    markFailing: async (_partnerId, at) => void writes.push({ change: 'markFailing', at }),
    markRecovered: async () => void writes.push({ change: 'markRecovered' }),
    warn: async (_partnerId, since, at, email) =>
      void writes.push({ change: 'warn', since, at, emailTo: email?.data.messages[0]?.to, emailSubject: email?.data.messages[0]?.subject }),
    disable: async (_partnerId, since, at, reason, email) =>
      void writes.push({
        change: 'disable',
        since,
        at,
        reason,
        emailTo: email?.data.messages[0]?.to,
        emailSubject: email?.data.messages[0]?.subject,
      }),
  };
  return { health, writes };
};

/** Thresholds far enough apart that a test names exactly which one it crosses. */
export const testHealthThresholds = { warnAfterMs: 24 * 3_600_000, disableAfterMs: 72 * 3_600_000 };

/**
 * The dispatcher's dependencies, all in memory: the profile as the only partner, `post` as the receiver, the clock
 * fixed at `now`. Returns the adapters too, so a test reads what was recorded.
 */
export const dispatcherDeps = (input: { profile: PartnerProfile; post: DeliverWebhookDeps['post']; now: Date }) => {
  const deliveries = memoryDeliveryLog();
  const queue = memoryQueue();
  const health = memoryEndpointHealth();
  const deps: DeliverWebhookDeps = {
    partners: { getProfile: async (id) => (id === input.profile.partner_id ? input.profile : undefined) },
    deliveries: deliveries.log,
    queue: queue.queue,
    cipher: fakeCipher,
    post: input.post,
    clock: { now: () => input.now },
    settings: { timeoutMs: 1000, backoffScale: 1, allowPrivateUrls: false },
    health: health.health,
    thresholds: testHealthThresholds,
  };
  return { deps, deliveries, queue, health };
};

/**
 * createBooking's ports on fakes: what it stores (with its email requests), one partner, brands by id with an
 * optional default brand, an empty catalog, and a clock standing at `now`.
 */
export const fakeCreateBookingDeps = (
  options: { now?: string; partner?: Partial<PartnerProfile>; brands?: Record<string, string>; defaultBrand?: string } = {},
) => {
  const stored: Array<{ emails?: EmailRequest[] }> = [];
  const names = options.brands ?? {};
  const deps = {
    bookings: { create: async (input: { emails?: EmailRequest[] }) => void stored.push(input) },
    partners: { getProfile: async () => makePartnerProfile(options.partner) },
    brands: {
      nameOf: async (_partnerId: string, brandId: string) => names[brandId],
      resolve: async (_partnerId: string, brandId: string | null) => {
        const id = brandId ?? options.defaultBrand;
        return id && names[id] ? ({ name: names[id] } as Brand) : undefined;
      },
    },
    catalog: { findPackages: async () => new Map(), listRegions: async () => [] },
    clock: { now: () => new Date(options.now ?? '2030-01-15T09:00:00Z') },
    esimInstalled: async () => false,
  } as unknown as CreateBookingDeps;
  return { deps, stored };
};
