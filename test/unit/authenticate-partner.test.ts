// The authentication use case with in-memory adapters, and the cursor codec.
import { authenticatePartner, type AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { canonicalPath, signRequest, signedPathCandidates } from '#shared/auth/request-signing';
import { decodeCursor, encodeCursor } from '#shared/domain/cursor';
import { AuthenticationError, ValidationError } from '#shared/errors';
import { fakeCipher } from '#test/support/fakes';

const NOW = 1_763_812_800_000;
const SECRET = 'sk_test_secret';

const makeDeps = (): AuthenticationDeps & { used: Set<string> } => {
  const used = new Set<string>();
  return {
    used,
    credentials: {
      findByApiKey: async (apiKey) =>
        apiKey === 'pk_live' ? { partnerId: 'p-1', apiKey, secretCiphertext: `enc:${SECRET}`, status: 'active' } : undefined,
    },
    replayGuard: {
      claim: async ({ signature }) => (used.has(signature) ? false : (used.add(signature), true)),
    },
    cipher: fakeCipher,
    now: () => NOW,
  };
};

const request = (overrides: { path?: string; query?: string[]; timestamp?: number; signedPath?: string; method?: string } = {}) => {
  const timestamp = String(overrides.timestamp ?? NOW);
  const path = overrides.path ?? '/bookings';
  return {
    headers: {
      'x-api-key': 'pk_live',
      'x-timestamp': timestamp,
      'x-signature': signRequest(SECRET, { timestamp, method: overrides.method ?? 'GET', path: overrides.signedPath ?? path }),
    },
    method: 'GET',
    path,
    queryCandidates: overrides.query ?? [''],
  };
};

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AuthenticationError ? error.code : String(error);
  }
};

describe('Use case: authenticatePartner', () => {
  it('authenticates a valid signature and returns the partner', async () => {
    const partner = await authenticatePartner(request(), makeDeps());
    expect(partner).toMatchObject({ partnerId: 'p-1', apiKey: 'pk_live' });
    expect(partner.cursorKey).toHaveLength(32);
  });

  it('accepts the signed path with or without /api, whichever prefix the gateway path has', async () => {
    expect(await codeOf(authenticatePartner(request({ signedPath: '/api/bookings' }), makeDeps()))).toBe('ok');
    expect(await codeOf(authenticatePartner(request({ path: '/api/bookings', signedPath: '/bookings' }), makeDeps()))).toBe('ok');
  });

  it('accepts the query string in raw or percent-encoded form', async () => {
    const query = ['?cursor=a b', '?cursor=a%20b'];
    expect(await codeOf(authenticatePartner(request({ query, signedPath: '/bookings?cursor=a%20b' }), makeDeps()))).toBe('ok');
    expect(await codeOf(authenticatePartner(request({ query, signedPath: '/bookings?cursor=a b' }), makeDeps()))).toBe('ok');
  });

  it.each([
    ['exactly 5 minutes old', -300_000, 'ok'],
    ['5 minutes and 1 ms old', -300_001, 'timestamp_out_of_range'],
    ['5 minutes and 1 ms ahead', 300_001, 'timestamp_out_of_range'],
  ])('treats a timestamp %s', async (_label, offset, expected) => {
    expect(await codeOf(authenticatePartner(request({ timestamp: NOW + offset }), makeDeps()))).toBe(expected);
  });

  it('refuses a signature for another method, and a reused one', async () => {
    const deps = makeDeps();
    expect(await codeOf(authenticatePartner(request({ method: 'DELETE' }), deps))).toBe('invalid_signature');
    const valid = request();
    expect(await codeOf(authenticatePartner(valid, deps))).toBe('ok');
    expect(await codeOf(authenticatePartner(valid, deps))).toBe('signature_reused');
  });

  it('refuses an unknown key before any signature work', async () => {
    const req = request();
    req.headers['x-api-key'] = 'pk_other';
    expect(await codeOf(authenticatePartner(req, makeDeps()))).toBe('invalid_api_key');
  });

  it('builds no query candidate for an unknown key, and none past the one that matches (decision F173)', async () => {
    // Prepare: candidates that count how many were built
    const built: string[] = [];
    const counting = (queries: string[]): Iterable<string> => ({
      *[Symbol.iterator]() {
        for (const query of queries) {
          built.push(query);
          yield query;
        }
      },
    });
    const unknownKey = { ...request({ signedPath: '/bookings?a=1' }), queryCandidates: counting(['?a=1', '?b=2']) };
    unknownKey.headers['x-api-key'] = 'pk_other';
    const firstMatches = { ...request({ signedPath: '/bookings?a=1' }), queryCandidates: counting(['?a=1', '?b=2']) };

    // Act
    const unknownOutcome = await codeOf(authenticatePartner(unknownKey, makeDeps()));
    const builtForUnknownKey = built.length;
    const matchingOutcome = await codeOf(authenticatePartner(firstMatches, makeDeps()));

    // Assess
    expect(unknownOutcome).toBe('invalid_api_key');
    expect(builtForUnknownKey).toBe(0);
    expect(matchingOutcome).toBe('ok');
    expect(built).toEqual(['?a=1']);
  });

  it('refuses a malformed signature without throwing anything but 401', async () => {
    const req = request();
    req.headers['x-signature'] = 'zz';
    expect(await codeOf(authenticatePartner(req, makeDeps()))).toBe('invalid_signature');
  });
});

describe('Request signing', () => {
  it('signs timestamp + METHOD + path as lowercase hex HMAC-SHA256 (known answer)', () => {
    // Independently computed: printf '1700000000000GET/bookings' | openssl dgst -sha256 -hmac secret
    expect(signRequest('secret', { timestamp: '1700000000000', method: 'get', path: '/bookings' })).toBe(
      '43f2ce9145e85e3e0d1bb11244e2c8cfbf2417c68d20e3e2adde32edad9723ab',
    );
  });

  it('lists both prefix forms for every query spelling', () => {
    expect(canonicalPath('/api/bookings')).toBe('/bookings');
    expect([...signedPathCandidates('/bookings', ['?a=1'])]).toEqual(['/bookings?a=1', '/api/bookings?a=1']);
  });
});

describe('Pagination cursor', () => {
  const key = Buffer.alloc(32, 7);

  it('round-trips a position', () => {
    expect(decodeCursor(encodeCursor({ direction: 'prev', id: 'abc' }, key, 'bookings'), key, 'bookings')).toEqual({ direction: 'prev', id: 'abc' });
  });

  it("rejects another listing's cursor made with the same key", () => {
    const deliveries = encodeCursor({ direction: 'next', id: 'abc' }, key, 'deliveries');

    expect(() => decodeCursor(deliveries, key, 'bookings')).toThrow(ValidationError);
  });

  it('rejects a cursor made with another key or edited', () => {
    const cursor = encodeCursor({ direction: 'next', id: 'abc' }, key, 'bookings');
    expect(() => decodeCursor(cursor, Buffer.alloc(32, 8), 'bookings')).toThrow(ValidationError);
    const forged = `${Buffer.from(JSON.stringify({ d: 'next', i: 'zzz' })).toString('base64url')}.${cursor.split('.')[1]}`;
    expect(() => decodeCursor(forged, key, 'bookings')).toThrow(ValidationError);
  });

  it('accepts only the exact text a response returned: no extra parts, no other spelling of the same bytes', () => {
    const cursor = encodeCursor({ direction: 'next', id: 'abc' }, key, 'bookings');
    const [payload, tag] = cursor.split('.') as [string, string];
    // 16 bytes take 22 base64url characters whose last 4 bits are padding: the next letter decodes to the same bytes.
    const sameBytesOtherSpelling = `${tag.slice(0, -1)}${String.fromCharCode(tag.charCodeAt(tag.length - 1) + 1)}`;
    expect(Buffer.from(sameBytesOtherSpelling, 'base64url')).toEqual(Buffer.from(tag, 'base64url'));
    for (const altered of [`${cursor}.x`, `${cursor}.`, `${cursor}=`, ` ${cursor}`, `${payload}.${sameBytesOtherSpelling}`]) {
      expect(() => decodeCursor(altered, key, 'bookings')).toThrow(ValidationError);
    }
  });
});
