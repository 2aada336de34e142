// storage → items of the outbox/event log and of departure schedules, written inside other transactions.
import type { DomainEvent } from '#shared/events/catalog';
import type { EmailRequest } from '#shared/events/email-request';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import { outboxEntityType } from '#shared/events/outbox-entity';
import type { PlannedDepartureEvent } from '#shared/domain/departure-events';
import * as keys from '#shared/storage/keys';
import { shardOf } from '#shared/storage/keys';

/**
 * The event record doubles as the outbox: its INSERT on the table stream is what gets published.
 * It is kept (no TTL) so support can replay it; the condition makes every event_id happen once.
 */
export const eventPut = (tableName: string, event: DomainEvent) => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.event(event.partner_id, event.event_id),
      entity: outboxEntityType,
      version: 1,
      gsi1pk: keys.eventLookup(event.event_id),
      gsi1sk: 'EVENT',
      ...event,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Email requests hold message bodies (traveler data): kept 30 days for support, then expired by TTL. */
const EMAIL_REQUEST_RETENTION_SECONDS = 30 * 86_400;

/** An email request in the outbox: its INSERT is published like an event, to the email queue only. */
export const emailRequestPut = (tableName: string, request: EmailRequest) => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.emailRequest(request.partner_id, request.event_id),
      entity: outboxEntityType,
      version: 1,
      ...request,
      [timeToLiveAttribute]: Math.floor(new Date(request.timestamp).getTime() / 1000) + EMAIL_REQUEST_RETENTION_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const schedulePut = (tableName: string, partnerId: string, bookingId: string, planned: PlannedDepartureEvent) => {
  const due = planned.dueAt.toISOString();
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.departureSchedule(partnerId, bookingId, planned.event),
        entity: 'departure_schedule',
        version: 1,
        gsi2pk: keys.dueShard(shardOf(bookingId)),
        gsi2sk: `${due}#${partnerId}#${bookingId}#${planned.event}`,
        partner_id: partnerId,
        booking_id: bookingId,
        event: planned.event,
        due_at: due,
      },
    },
  };
};
