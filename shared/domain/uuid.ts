// domain → reading UUIDs that clients send (booking ids, promo code uuids, queue entry ids): any case, one spelling.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** A UUID in the form stored (lower case; RFC 9562 reads them case-insensitively); any other value as given. */
export const canonicalUuid = (value: string): string => (isUuid(value) ? value.toLowerCase() : value);
