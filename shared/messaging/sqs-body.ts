// messaging → a JSON message body within the characters every SQS accepts, whatever text the event carries.

/**
 * SQS takes #x9, #xA, #xD, #x20–#xD7FF, #xE000–#xFFFD and #x10000–#x10FFFF in a body; the local emulator also refuses
 * the last range. Without the `u` flag each half of a surrogate pair is matched on its own, so characters outside the
 * BMP are escaped too. JSON text holds such characters only inside strings, where a \u escape reads back the same.
 */
const OUTSIDE_SQS_CHARACTERS = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD]/g;

export const sqsSafeJson = (json: string): string =>
  json.replace(OUTSIDE_SQS_CHARACTERS, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
