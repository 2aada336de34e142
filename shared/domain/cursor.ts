// domain → opaque, tamper-proof pagination cursors: a position and a direction, MAC'd with the partner's key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '#shared/errors';

export interface CursorPosition {
  /** `next` reads older bookings than `id`; `prev` reads newer ones. */
  direction: 'next' | 'prev';
  id: string;
  /** The page starts at `id` itself (used to lead back from a page whose rows were deleted meanwhile). */
  inclusive?: boolean;
}

/** The listing a cursor pages: each MACs its own name in, so one listing's cursor is refused by the other. */
export type CursorListing = 'bookings' | 'deliveries';

const mac = (payload: string, key: Buffer, listing: CursorListing) =>
  createHmac('sha256', key).update(`${listing}:${payload}`).digest().subarray(0, 16);

/** The cursor of a direction without a page: the spec types cursors as strings (decision 10). */
export const NO_CURSOR = '';

export const encodeCursor = (position: CursorPosition, key: Buffer, listing: CursorListing): string => {
  const payload = Buffer.from(JSON.stringify({ d: position.direction, i: position.id, ...(position.inclusive ? { x: 1 } : {}) })).toString(
    'base64url',
  );
  return `${payload}.${mac(payload, key, listing).toString('base64url')}`;
};

const invalidCursor = () =>
  new ValidationError('cursor is not valid: pass nextCursor or prevCursor exactly as a previous response returned it.', [
    { path: 'cursor', message: 'Unknown or altered cursor.' },
  ]);

/** Exactly what `encodeCursor` writes: base64url payload, one dot, the 22-character tag. */
const CURSOR_SHAPE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

export const decodeCursor = (cursor: string, key: Buffer, listing: CursorListing): CursorPosition => {
  const [, payload, tag] = CURSOR_SHAPE.exec(cursor) ?? [];
  if (!payload || !tag) throw invalidCursor();
  // Compared as text, not decoded bytes: base64url decoding forgives padding bits, and a cursor is only what a response returned.
  const expected = Buffer.from(mac(payload, key, listing).toString('base64url'));
  const received = Buffer.from(tag);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw invalidCursor();
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { d?: unknown; i?: unknown; x?: unknown };
    if ((parsed.d === 'next' || parsed.d === 'prev') && typeof parsed.i === 'string') {
      return { direction: parsed.d, id: parsed.i, ...(parsed.x === 1 ? { inclusive: true } : {}) };
    }
  } catch {
    // falls through to the same answer as a forged cursor
  }
  throw invalidCursor();
};
