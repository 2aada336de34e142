// domain → identifiers: time-ordered UUIDv7 for bookings (keyset paging follows creation), v4 elsewhere.
import { randomBytes, randomUUID } from 'node:crypto';
import { serviceClock } from '#shared/clock';

/** RFC 9562 UUID version 7: 48-bit millisecond timestamp, then random bits. Sorts by creation time. */
export const uuidv7 = (now = serviceClock.now().getTime()): string => {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const uuidv4 = (): string => randomUUID();

// No 0/O, 1/I/L: codes are read aloud and typed by travelers.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A traveler-facing promo code such as `K7QP-M2XD-9TRA` (about 59 bits of randomness). */
export const promoCodeValue = (): string => {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
};

export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');
