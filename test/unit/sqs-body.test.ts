// Message bodies within SQS's character set: what the event carried reads back unchanged.
import { sqsSafeJson } from '#shared/messaging/sqs-body';

/** The characters SQS documents for a message body, as the local emulator checks them (no range outside the BMP). */
const ACCEPTED_BY_THE_EMULATOR = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD]*$/;

describe('SQS message bodies', () => {
  it.each([
    ['an emoji and a CJK character outside the BMP', 'traveler-😀-\u{20BB7}'],
    ['the noncharacters U+FFFE and U+FFFF', 'a\uFFFEb\uFFFF'],
    ['plain text, left as it is', 'Zoë Müller'],
  ])('escapes %s and reads back the same value', (_label, text) => {
    const json = JSON.stringify({ data: { external_user_id: text } });

    const body = sqsSafeJson(json);

    expect(body).toMatch(ACCEPTED_BY_THE_EMULATOR);
    expect(JSON.parse(body)).toEqual({ data: { external_user_id: text } });
  });

  it('leaves a body that needs no escape byte for byte', () => {
    const json = JSON.stringify({ event: 'booking.within_cutoff', data: { name: 'Zoë' } });

    expect(sqsSafeJson(json)).toBe(json);
  });
});
