// tests → ops → the CLI's plain-text output: a field per line, and a list of records one record a line.
import { human } from '#bin/ops/cli';

describe('Function: human', () => {
  it('prints each field on its own line, and each record of a listed field on its own indented line', () => {
    // Prepare: a dead-letter listing of two messages
    const listing = {
      approximate_count: 2,
      messages: [
        { partner_id: 'ptn_1', event_id: 'booking.within_cutoff:b-1' },
        { partner_id: 'ptn_2', event_id: 'booking.within_cutoff:b-2' },
      ],
    };

    // Act
    const text = human(listing);

    // Assess
    expect(text.split('\n')).toEqual([
      `${'approximate_count'.padEnd(22)} 2`,
      'messages',
      '  {"partner_id":"ptn_1","event_id":"booking.within_cutoff:b-1"}',
      '  {"partner_id":"ptn_2","event_id":"booking.within_cutoff:b-2"}',
    ]);
  });

  it('keeps an empty list, a list of plain values and an object on the line of their field', () => {
    // Act
    const text = human({ messages: [], event_ids: ['a', 'b'], webhook: { enabled: true } });

    // Assess
    expect(text.split('\n')).toEqual([
      `${'messages'.padEnd(22)} []`,
      `${'event_ids'.padEnd(22)} ["a","b"]`,
      `${'webhook'.padEnd(22)} {"enabled":true}`,
    ]);
  });

  it('separates the records of a top-level list by a blank line', () => {
    expect(human([{ id: 'a' }, { id: 'b' }])).toBe(`${'id'.padEnd(22)} a\n\n${'id'.padEnd(22)} b`);
  });
});
