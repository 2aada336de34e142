// Use case: publishOutbox — batches of 10 in stream order; a failure retries itself and everything after it.
import { eventSource } from '#shared/events/pipeline';
import { publishOutbox } from '#shared/usecases/publish-outbox';
import type { BusEntry } from '#shared/usecases/ports/webhooks';

const item = (index: number) => ({
  sequenceNumber: `seq-${String(index).padStart(3, '0')}`,
  image: {
    partner_id: 'ptn_1',
    event: 'booking.within_cutoff',
    event_id: `evt-${index}`,
    timestamp: '2026-11-22T12:00:00.000Z',
    data: { n: index },
  },
});
const items = (count: number) => Array.from({ length: count }, (_, index) => item(index));

/** A bus that answers each call with the given success flags (or throws), recording what it was sent. */
const bus = (answers: Array<boolean[] | Error>) => {
  const calls: BusEntry[][] = [];
  return {
    calls,
    putEvents: async (entries: BusEntry[]) => {
      const answer = answers[calls.length] ?? entries.map(() => true);
      calls.push(entries);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
};

describe('Use case: publishOutbox', () => {
  it('publishes every item in order, ten per call, and reports nothing to retry', async () => {
    // Prepare
    const { calls, putEvents } = bus([]);

    // Act
    const retry = await publishOutbox(items(23), { putEvents });

    // Assess
    expect(retry).toEqual([]);
    expect(calls.map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(calls.flat().map((entry) => JSON.parse(entry.Detail).event_id)).toEqual(items(23).map((i) => i.image.event_id));
    expect(calls[0]![0]).toMatchObject({ Source: eventSource, DetailType: 'booking.within_cutoff', Time: new Date('2026-11-22T12:00:00.000Z') });
  });

  it('retries the first refused entry and everything after it, and stops calling the bus', async () => {
    // Prepare: the second call refuses its fourth entry (item 13).
    const secondCall = Array.from({ length: 10 }, (_, index) => index !== 3);
    const { calls, putEvents } = bus([Array(10).fill(true), secondCall]);

    // Act
    const retry = await publishOutbox(items(25), { putEvents });

    // Assess
    expect(retry).toEqual(
      items(25)
        .slice(13)
        .map((i) => i.sequenceNumber),
    );
    expect(calls).toHaveLength(2);
  });

  it('retries the whole batch from the failed call on when PutEvents throws', async () => {
    // Prepare
    const { calls, putEvents } = bus([Array(10).fill(true), new Error('ThrottlingException')]);

    // Act
    const retry = await publishOutbox(items(15), { putEvents });

    // Assess
    expect(retry).toEqual(
      items(15)
        .slice(10)
        .map((i) => i.sequenceNumber),
    );
    expect(calls).toHaveLength(2);
  });

  it('publishes an email request as one email.requested entry per message, and retries the request from a refused one', async () => {
    // Prepare: item 0 an event, item 1 an email request of 12 messages, item 2 an event; the second call refuses entry 11.
    const messages = Array.from({ length: 12 }, (_, index) => ({ to: `t${index}@example.com`, subject: 's', text: `code ${index}` }));
    const request = {
      sequenceNumber: 'seq-email',
      image: {
        partner_id: 'ptn_1',
        event: 'email.requested',
        event_id: 'email.requested:r-1',
        timestamp: '2026-11-22T12:00:00.000Z',
        data: { messages },
      },
    };
    const stream = [item(0), request, item(2)];
    const { calls, putEvents } = bus([Array(10).fill(true), [true, true, false, true]]);

    // Act
    const retry = await publishOutbox(stream, { putEvents });

    // Assess
    const sent = calls.flat();
    expect(sent).toHaveLength(14);
    expect(sent.slice(1, 13).map((entry) => entry.DetailType)).toEqual(Array(12).fill('email.requested'));
    expect(sent.slice(1, 13).map((entry) => JSON.parse(entry.Detail))).toEqual(
      messages.map((message, index) => ({
        partner_id: 'ptn_1',
        event: 'email.requested',
        event_id: `email.requested:r-1:${index}`,
        timestamp: '2026-11-22T12:00:00.000Z',
        data: message,
      })),
    );
    expect(retry).toEqual(['seq-email', 'seq-002']);
  });

  it('sends what an email request is about with each of its messages, so a dead-lettered one names its promo code', async () => {
    // Prepare
    const about = { kind: 'promo_code_claim', booking_id: 'b-1', promo_code_uuid: 'p-1' };
    const request = {
      sequenceNumber: 'seq-claim',
      image: {
        partner_id: 'ptn_1',
        event: 'email.requested',
        event_id: 'email.requested:r-2',
        timestamp: '2026-11-22T12:00:00.000Z',
        about,
        data: { messages: [{ to: 't@example.com', subject: 's', text: 'code' }] },
      },
    };
    const { calls, putEvents } = bus([[true]]);

    // Act
    await publishOutbox([request], { putEvents });

    // Assess
    expect(calls.flat().map((entry) => JSON.parse(entry.Detail).about)).toEqual([about]);
  });
});
