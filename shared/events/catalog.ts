// domain events → the event names of the interface spec and who receives them by default.
import type { WebhookEventName } from '#shared/events/event-names';
import type { WebhookEventData } from '#shared/events/event-schemas';

export { webhookEventNames, type WebhookEventName } from '#shared/events/event-names';

/**
 * Opt-in setting of each event under `webhook_settings.events`. Only classic_package_queue.claimed is
 * off unless the partner turns it on (the spec names it opt-in); every other event is on by default.
 */
export const eventSettingKey = (event: WebhookEventName): string => event.replaceAll('.', '_');

export const optInOnlyEvents: ReadonlySet<WebhookEventName> = new Set(['classic_package_queue.claimed']);

/** A fact the service recorded; the webhook envelope is derived from it. */
export interface DomainEvent {
  partner_id: string;
  event: WebhookEventName;
  /** `{event}:{entity_id}`: the same for every retry and replay of this fact. */
  event_id: string;
  /** ISO 8601 UTC time the fact occurred. */
  timestamp: string;
  data: Record<string, unknown>;
}

export const eventIdOf = (event: WebhookEventName, entityId: string): string => `${event}:${entityId}`;

/**
 * Builds a domain event whose `data` is checked against the event's schema (shared/events/event-schemas.ts) at
 * compile time. Here rather than beside the schemas, so producers do not load the schemas at run time.
 */
export const domainEvent = <E extends WebhookEventName>(event: {
  partner_id: string;
  event: E;
  event_id: string;
  timestamp: string;
  data: WebhookEventData[E];
}): DomainEvent => event;
