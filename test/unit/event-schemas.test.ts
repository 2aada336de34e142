// Events as the domain builds them match the event schemas the OpenAPI document and the SDK are made from.
import * as v from 'valibot';
import { departureEvent, departureEventNames } from '#shared/domain/departure-events';
import { eventDataFields } from '#shared/domain/lifecycle-events';
import type { Booking } from '#shared/domain/booking';
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

  // The spec's Events table, as eventDataFields copies it, is the contract: exactly its members, no more, no fewer.
  const membersOf = (schema: v.GenericSchema): string[][] => {
    const inner = (node: v.GenericSchema) =>
      ('pipe' in node ? (node.pipe as v.GenericSchema[])[0]! : node) as v.ObjectSchema<v.ObjectEntries, undefined>;
    const options = schema.type === 'union' ? (schema as v.UnionSchema<v.GenericSchema[], undefined>).options : [schema];
    return options.map((option) => Object.keys(inner(option).entries).sort());
  };
  const lifecycleEvents = Object.keys(webhookEventDataSchemas).filter((event) => !(departureEventNames as readonly string[]).includes(event));

  it.each(lifecycleEvents)('%s has exactly the data members of the Events table', (event) => {
    // Arrange
    const table = event.startsWith('package.usage.')
      ? [eventDataFields['package.usage.data'], eventDataFields['package.usage.duration']]
      : [eventDataFields[event as keyof typeof eventDataFields]];

    // Act
    const members = membersOf(webhookEventDataSchemas[event as keyof typeof webhookEventDataSchemas]);

    // Assess
    expect(members).toEqual(table.map((fields) => [...fields].sort()));
  });
});
