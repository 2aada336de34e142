// Events as the domain builds them match the event schemas the OpenAPI document and the SDK are made from.
import * as v from 'valibot';
import { departureEvent, departureEventNames } from '#shared/domain/departure-events';
import { eventDataFields } from '#shared/events/event-members';
import type { Booking } from '#shared/domain/booking';
import type { DomainEvent } from '#shared/events/catalog';
import { webhookEventDataSchemas } from '#shared/events/event-schemas';
import { webhookEnvelope } from '#shared/webhooks/delivery-model';
import { assertWebhookMatchesContract } from '#test/support/contract';
import { makeBookingRecord } from '#test/support/factories';

const NOW = new Date('2026-11-22T12:00:00.000Z');

const makeBooking = (departure_date: string): Booking => makeBookingRecord({ departure_date }, NOW.toISOString());

describe('Event schemas', () => {
  it.each(
    departureEventNames.flatMap(
      (event) =>
        [
          [event, '2026-11-25T10:00:00+01:00'],
          [event, '2026-11-25'],
        ] as const,
    ),
  )('%s for a departure of %s matches its data schema and the document', (event, departure) => {
    // Act
    const built = departureEvent(makeBooking(departure), event, NOW, false);

    // Assess
    expect(v.safeParse(webhookEventDataSchemas[event], built.data).issues).toBeUndefined();
    expect(() => assertWebhookMatchesContract(webhookEnvelope(built, 'dlv_1'))).not.toThrow();
  });

  // The spec's Events table, as eventDataFields copies it, is the contract: exactly its members, no more, no fewer, in
  // its order, which the dispatcher gives every delivery's data.
  const membersOf = (schema: v.GenericSchema): string[][] => {
    const inner = (node: v.GenericSchema) =>
      ('pipe' in node ? (node.pipe as v.GenericSchema[])[0]! : node) as v.ObjectSchema<v.ObjectEntries, undefined>;
    const options = schema.type === 'union' ? (schema as v.UnionSchema<v.GenericSchema[], undefined>).options : [schema];
    return options.map((option) => Object.keys(inner(option).entries));
  };

  it.each(Object.keys(webhookEventDataSchemas))('%s has exactly the data members of the Events table, in its order', (event) => {
    // Arrange
    const table = event.startsWith('package.usage.')
      ? [eventDataFields['package.usage.data'], eventDataFields['package.usage.duration']]
      : [eventDataFields[event as keyof typeof eventDataFields]];

    // Act
    const members = membersOf(webhookEventDataSchemas[event as keyof typeof webhookEventDataSchemas]);

    // Assess
    expect(members).toEqual(table.map((fields) => [...fields]));
  });

  it.each([
    ['package.usage.80_percent', eventDataFields['package.usage.data']],
    ['package.usage.80_percent', eventDataFields['package.usage.duration']],
    ['booking.about_to_depart', eventDataFields['booking.about_to_depart']],
    ['classic_package_queue.claimed', eventDataFields['classic_package_queue.claimed']],
  ] as const)('a %s delivery lists its data members in the table order, whatever order the stored event holds', (name, fields) => {
    // Prepare: the members in reverse, as a stored event may come back from the table
    const data = Object.fromEntries([...fields].reverse().map((field) => [field, `${field} value`]));
    const event: DomainEvent = { partner_id: 'ptn_1', event: name, event_id: `${name}:x`, timestamp: NOW.toISOString(), data };

    // Act
    const envelope = webhookEnvelope(event, 'dlv_1');

    // Assess
    expect(Object.keys(envelope)).toEqual(['event', 'timestamp', 'data', 'event_id', 'delivery_id']);
    expect(Object.keys(envelope.data)).toEqual([...fields]);
    expect(envelope.data).toEqual(data);
  });

  it('keeps a data member the table does not name, after the named ones', () => {
    // Prepare
    const data = { extra: 1, queue_id: 'q', is_top_up: false };
    const event: DomainEvent = { partner_id: 'ptn_1', event: 'classic_package_queue.claimed', event_id: 'e', timestamp: NOW.toISOString(), data };

    // Act
    const envelope = webhookEnvelope(event, 'dlv_1');

    // Assess
    expect(Object.keys(envelope.data)).toEqual(['queue_id', 'is_top_up', 'extra']);
  });
});
