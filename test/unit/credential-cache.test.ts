// tests → auth → the in-memory credential cache and the confirming read: rotation, disabling and expiry, on an injected clock.
import { authenticatePartner } from '#shared/auth/authenticate-partner';
import { cachedCredentials, CREDENTIALS_CACHE_TTL_MS } from '#shared/auth/credential-cache';
import { signRequest } from '#shared/auth/request-signing';
import { AuthenticationError } from '#shared/errors';
import { fakeCipher } from '#test/support/fakes';
import type { PartnerCredentials } from '#shared/usecases/ports/partners';

const START = 1_763_812_800_000;

/** A credential store that counts its reads, a clock the test moves, and unlimited fresh signatures. */
const makeSetup = () => {
  let stored: PartnerCredentials = { partnerId: 'p-1', apiKey: 'pk_live', secretCiphertext: 'enc:sk_old', status: 'active' };
  let reads = 0;
  let now = START;
  let sequence = 0;
  const credentials = cachedCredentials(
    { findByApiKey: async (apiKey) => (reads++, apiKey === stored.apiKey ? stored : undefined) },
    { clock: { now: () => new Date(now) } },
  );
  const readsBeforeClaims: number[] = [];
  const deps = {
    credentials,
    // The confirming read has begun when the claim starts: the two run side by side.
    replayGuard: { claim: async () => (readsBeforeClaims.push(reads), true) },
    cipher: fakeCipher,
    now: () => now,
  };
  const sendSignedWith = async (secret: string) => {
    const timestamp = String(now - (sequence += 1)); // a new signature each time
    const headers = {
      'x-api-key': 'pk_live',
      'x-timestamp': timestamp,
      'x-signature': signRequest(secret, { timestamp, method: 'GET', path: '/bookings' }),
    };
    try {
      await authenticatePartner({ headers, method: 'GET', path: '/bookings', queryCandidates: [''] }, deps);
      return 'ok';
    } catch (error) {
      return error instanceof AuthenticationError ? error.code : String(error);
    }
  };
  return {
    sendSignedWith,
    reads: () => reads,
    readsBeforeClaims: () => readsBeforeClaims,
    advance: (ms: number) => (now += ms),
    update: (changes: Partial<PartnerCredentials>) => (stored = { ...stored, ...changes }),
  };
};

describe('Function: cachedCredentials', () => {
  it('verifies a warm request from the cache and confirms its credentials with one read beside the claim', async () => {
    // Prepare
    const setup = makeSetup();

    // Act
    const outcomes = [await setup.sendSignedWith('sk_old'), await setup.sendSignedWith('sk_old'), await setup.sendSignedWith('sk_old')];

    // Assess: the first request reads to verify; each later one verifies from the cache and reads once to confirm.
    expect(outcomes).toEqual(['ok', 'ok', 'ok']);
    expect(setup.reads()).toBe(3);
    expect(setup.readsBeforeClaims()).toEqual([1, 2, 3]);
  });

  it('accepts a rotated secret at once, re-reading the credentials before refusing', async () => {
    // Prepare
    const setup = makeSetup();
    await setup.sendSignedWith('sk_old');
    setup.update({ secretCiphertext: 'enc:sk_new' });

    // Act
    const withNewSecret = await setup.sendSignedWith('sk_new');
    const withOldSecret = await setup.sendSignedWith('sk_old');

    // Assess
    expect(withNewSecret).toBe('ok');
    expect(withOldSecret).toBe('invalid_signature');
    expect(setup.reads()).toBe(3); // first read, the re-read for the new secret, the re-read before refusing the old one
  });

  it('refuses the old secret after rotation once the time-to-live has passed, without any new-secret request', async () => {
    // Prepare
    const setup = makeSetup();
    await setup.sendSignedWith('sk_old');
    setup.update({ secretCiphertext: 'enc:sk_new' });

    // Act
    setup.advance(CREDENTIALS_CACHE_TTL_MS);
    const outcome = await setup.sendSignedWith('sk_old');

    // Assess
    expect(outcome).toBe('invalid_signature');
  });

  it('refuses a disabled partner within the time-to-live', async () => {
    // Prepare
    const setup = makeSetup();
    await setup.sendSignedWith('sk_old');
    setup.update({ status: 'disabled' });

    // Act
    setup.advance(CREDENTIALS_CACHE_TTL_MS);
    const outcome = await setup.sendSignedWith('sk_old');

    // Assess
    expect(outcome).toBe('invalid_api_key');
  });

  it.each([
    ['the old secret after a rotation', { secretCiphertext: 'enc:sk_new' }, 'invalid_signature'],
    ['a partner after it was disabled', { status: 'disabled' as const }, 'invalid_api_key'],
  ])('refuses %s on the very next request, within the time-to-live', async (_change, change, code) => {
    // Prepare
    const setup = makeSetup();
    await setup.sendSignedWith('sk_old');
    setup.update(change);

    // Act
    const outcome = await setup.sendSignedWith('sk_old');

    // Assess
    expect(outcome).toBe(code);
  });

  it('lets a re-enabled partner in at once', async () => {
    // Prepare
    const setup = makeSetup();
    setup.update({ status: 'disabled' });
    await setup.sendSignedWith('sk_old');
    setup.update({ status: 'active' });

    // Act
    const outcome = await setup.sendSignedWith('sk_old');

    // Assess
    expect(outcome).toBe('ok');
  });

  it('does not cache an unknown key: a key created later works at once', async () => {
    // Prepare
    const setup = makeSetup();
    setup.update({ apiKey: 'pk_other' });
    const before = await setup.sendSignedWith('sk_old');
    setup.update({ apiKey: 'pk_live' });

    // Act
    const after = await setup.sendSignedWith('sk_old');

    // Assess
    expect(before).toBe('invalid_api_key');
    expect(after).toBe('ok');
  });
});
