// tests → the ES2+ adapter when two requests need one order at once (a traveler's first eSIM, decision F168): one of
// them sends downloadOrder and confirmOrder, the other waits for its outcome, so the SM-DP+ reserves one profile and
// both answer the confirmation code the SM-DP+ took; an order a failed request left is resumed by its retry.
import { randomBytes } from 'node:crypto';
import { confirmationCodeContext } from '#shared/domain/install/confirmation-code';
import type { Es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity, ES2PLUS_IN_FLIGHT_MS, functionCallIdentifier } from '#shared/providers/es2plus/es2plus-connectivity';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import { makePackagePlan } from '#test/support/factories';
import { makeProviderOrder, memoryProviderOrderJournal } from '#test/support/fakes';

/**
 * An SM-DP+ in memory. `honoursCallIds`: a repeated functionCallIdentifier gets the first answer again (SGP.22 lets an
 * SM-DP+ do so; F82 asks it at onboarding), else every downloadOrder reserves another profile. `beforeAnswer` runs
 * before an operation answers (once), as another request would meanwhile; `lose` loses the next answer of one.
 */
const fakeSmdp = (options: { honoursCallIds: boolean }) => {
  const calls: Array<{ operation: string; id: string; confirmationCode?: string }> = [];
  const answered = new Map<string, unknown>();
  const taken = new Map<string, string | undefined>();
  const hooks: { beforeAnswer?: { operation: string; run: () => Promise<void> }; lose?: string } = {};
  let reserved = 0;
  const ok = { header: { functionExecutionStatus: { status: 'Executed-Success' as const } } };
  const answer = async <T>(operation: string, id: string, run: () => T): Promise<T> => {
    const hook = hooks.beforeAnswer;
    if (hook?.operation === operation) {
      hooks.beforeAnswer = undefined;
      await hook.run();
    }
    const key = `${operation}:${id}`;
    const result = (options.honoursCallIds && answered.has(key) ? answered.get(key) : run()) as T;
    answered.set(key, result);
    if (hooks.lose === operation) {
      hooks.lose = undefined;
      throw new ProviderUnavailableError({ kind: 'unreachable', provider: 'es2plus', operation, detail: 'lost' });
    }
    return result;
  };
  const client: Es2PlusClient = {
    downloadOrder: (id) => {
      calls.push({ operation: 'downloadOrder', id });
      return answer('downloadOrder', id, () => ({ ...ok, iccid: `89882470000000000${String(++reserved).padStart(2, '0')}` }));
    },
    confirmOrder: (id, body) => {
      calls.push({ operation: 'confirmOrder', id, ...(body.confirmationCode === undefined ? {} : { confirmationCode: body.confirmationCode }) });
      return answer('confirmOrder', id, () => {
        taken.set(body.iccid, body.confirmationCode);
        return { ...ok, matchingId: `MATCH-${body.iccid.slice(-2)}`, smdpAddress: 'smdp.example.com' };
      });
    },
    cancelOrder: async (id) => (calls.push({ operation: 'cancelOrder', id }), ok),
    releaseProfile: async () => ok,
  };
  return { client, calls, taken, hooks, reservedProfiles: () => reserved };
};

const setup = (options: { honoursCallIds?: boolean } = {}) => {
  const smdp = fakeSmdp({ honoursCallIds: options.honoursCallIds ?? true });
  const { journal, orders } = memoryProviderOrderJournal();
  const cipher = localSecretCipher(randomBytes(32).toString('base64'));
  let now = new Date('2026-11-28T10:00:00.000Z');
  let made = 0;
  const provider = es2PlusConnectivity({
    client: smdp.client,
    journal,
    clock: { now: () => now },
    settings: { smdpAddress: 'smdp.example.com', profileTypes: { universal: 'UNIVERSAL' }, homeNetwork: '00101' },
    cipher: async () => cipher,
    // Every request makes a code of its own: only the journal can make two of them send one.
    newCode: () => String(10_000_000 + ++made),
    // A wait lets the other request's calls run, without a timer.
    sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
  });
  /** A request for the traveler's eSIM, ordered with its own first package. */
  const allocate = (firstPackageReference: string) =>
    provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: 'p1:esim:universal:traveler:t1',
      destination: null,
      firstPackage: makePackagePlan(),
      firstPackageReference,
      confirmationCode: true,
    });
  const codeOf = async (ciphertext: string | null, iccid: string) => cipher.decrypt(ciphertext as string, confirmationCodeContext('p1', iccid));
  const operations = () => smdp.calls.map((call) => call.operation);
  return { smdp, orders, provider, allocate, codeOf, operations, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

describe('Provider: ES2+ connectivity, one order two requests need at once (F168)', () => {
  it('reserves one profile and gives both the confirmation code the SM-DP+ took, when both find nothing journalled', async () => {
    // Prepare
    const { smdp, allocate, codeOf, operations } = setup();

    // Act
    const [first, second] = await Promise.all([allocate('promo:a:FRA:1GB:7d'), allocate('payment:p1')]);

    // Assess
    expect(operations()).toEqual(['downloadOrder', 'confirmOrder']);
    expect(second.iccid).toBe(first.iccid);
    const taken = smdp.taken.get(first.iccid);
    expect([await codeOf(first.confirmation_code_ciphertext, first.iccid), await codeOf(second.confirmation_code_ciphertext, second.iccid)]).toEqual([
      taken,
      taken,
    ]);
  });

  it('lets a request that finds the order begun by another wait for it, instead of confirming it with a code of its own', async () => {
    // Prepare: the second request arrives while the SM-DP+ is answering the first one's downloadOrder
    const { smdp, allocate, codeOf, operations } = setup();
    let second: Promise<Awaited<ReturnType<typeof allocate>>> | undefined;
    smdp.hooks.beforeAnswer = {
      operation: 'downloadOrder',
      run: async () => {
        second = allocate('payment:p1');
      },
    };

    // Act
    const first = await allocate('promo:a:FRA:1GB:7d');
    const other = await (second as Promise<Awaited<ReturnType<typeof allocate>>>);

    // Assess
    expect(operations()).toEqual(['downloadOrder', 'confirmOrder']);
    expect(other.iccid).toBe(first.iccid);
    expect(await codeOf(other.confirmation_code_ciphertext, other.iccid)).toBe(smdp.taken.get(first.iccid));
  });

  it('reserves one profile even at an SM-DP+ that does not recognise repeated call identifiers', async () => {
    // Prepare
    const { smdp, allocate } = setup({ honoursCallIds: false });

    // Act
    const [first, second] = await Promise.all([allocate('promo:a:FRA:1GB:7d'), allocate('payment:p1')]);

    // Assess: one profile, which both hold; none left reserved that the journal does not know
    expect(smdp.reservedProfiles()).toBe(1);
    expect(second.iccid).toBe(first.iccid);
  });

  it('lets a retry right after a call without an answer resume the order at once: the same call id and code', async () => {
    // Prepare: the first request's confirmOrder answer is lost
    const { smdp, orders, allocate, codeOf } = setup();
    smdp.hooks.lose = 'confirmOrder';
    await expect(allocate('promo:a:FRA:1GB:7d')).rejects.toBeInstanceOf(ProviderUnavailableError);

    // Act
    const retried = await allocate('promo:a:FRA:1GB:7d');

    // Assess
    const confirms = smdp.calls.filter((call) => call.operation === 'confirmOrder');
    expect(smdp.calls.map((call) => call.operation)).toEqual(['downloadOrder', 'confirmOrder', 'confirmOrder']);
    expect(confirms[1]).toEqual(confirms[0]);
    expect(await codeOf(retried.confirmation_code_ciphertext, retried.iccid)).toBe(confirms[0]?.confirmationCode);
    expect([...orders.values()].map((order) => [order.state, order.in_flight_until])).toEqual([['confirmed', null]]);
  });

  it('lets one of two requests resuming an order a lost answer left send its calls: one code, the one the SM-DP+ took', async () => {
    // Prepare: the first request's downloadOrder answer is lost, so the order is journalled `ordering` and released
    const { smdp, allocate, codeOf, operations } = setup();
    smdp.hooks.lose = 'downloadOrder';
    await expect(allocate('promo:a:FRA:1GB:7d')).rejects.toBeInstanceOf(ProviderUnavailableError);

    // Act: its retry and the traveler's purchase resume it at once
    const [retried, purchase] = await Promise.all([allocate('promo:a:FRA:1GB:7d'), allocate('payment:p1')]);

    // Assess: the order's calls went out once more, not twice, and both hold the code the SM-DP+ took
    expect(operations()).toEqual(['downloadOrder', 'downloadOrder', 'confirmOrder']);
    expect(purchase.iccid).toBe(retried.iccid);
    const taken = smdp.taken.get(retried.iccid);
    expect([
      await codeOf(retried.confirmation_code_ciphertext, retried.iccid),
      await codeOf(purchase.confirmation_code_ciphertext, purchase.iccid),
    ]).toEqual([taken, taken]);
  });

  it('keeps the sweep off an order a request resumes after its reconcile time: not due while held, left alone if read before', async () => {
    // Prepare: confirmOrder's answer was lost long ago; the order is `ordered` and due for the sweep
    const { smdp, orders, provider, allocate, operations } = setup();
    const reference = 'p1:esim:universal:traveler:t1';
    orders.set(
      `p1:${reference}`,
      makeProviderOrder({
        provider: 'es2plus',
        reference,
        profile_type: 'UNIVERSAL',
        state: 'ordered',
        iccid: '8988247000000000001',
        updated_at: '2026-11-28T09:00:00.000Z',
        reconcile_at: '2026-11-28T09:15:00.000Z',
        in_flight_until: null,
      }),
    );
    const seenBySweep: Array<string | null> = [];
    smdp.hooks.beforeAnswer = {
      operation: 'confirmOrder',
      run: async () => {
        // The sweep runs while the request's confirmOrder is under way, with the order as its index read it before the hold
        const held = orders.get(`p1:${reference}`)!;
        seenBySweep.push(held.reconcile_at);
        await provider.reconcile(
          { ...held, updated_at: '2026-11-28T09:00:00.000Z', reconcile_at: '2026-11-28T09:15:00.000Z', in_flight_until: null },
          false,
        );
      },
    };

    // Act
    const profile = await allocate('promo:a:FRA:1GB:7d');

    // Assess: not due while held, nothing cancelled, and the order ends confirmed with the profile answered
    expect(Date.parse(seenBySweep[0] ?? '')).toBeGreaterThan(Date.parse('2026-11-28T10:00:00.000Z'));
    expect(operations()).toEqual(['confirmOrder']);
    expect(orders.get(`p1:${reference}`)).toMatchObject({ state: 'confirmed', iccid: profile.iccid, in_flight_until: null });
  });

  it('answers 503, sending nothing, to a request whose wait ends before the other request has its answer', async () => {
    // Prepare: the SM-DP+ answers the first request's downloadOrder only after the second request gave up waiting
    const { smdp, allocate, operations } = setup();
    let second: Promise<unknown> | undefined;
    smdp.hooks.beforeAnswer = {
      operation: 'downloadOrder',
      run: async () => {
        second = allocate('payment:p1').catch((error: unknown) => error);
        await second;
      },
    };

    // Act
    const first = await allocate('promo:a:FRA:1GB:7d');

    // Assess
    expect(await second).toBeInstanceOf(ProviderUnavailableError);
    expect(operations()).toEqual(['downloadOrder', 'confirmOrder']);
    expect(first.activation_code).toMatch(/\$\$1$/);
  });

  it('resumes an order whose request stopped without a word (its hold over) with the same call, and not before', async () => {
    // Prepare: a request journalled the order and went away before downloadOrder answered
    const { smdp, orders, allocate, advance } = setup();
    const held = makeProviderOrder({
      provider: 'es2plus',
      reference: 'p1:esim:universal:traveler:t1',
      profile_type: 'UNIVERSAL',
      confirmation_code_required: true,
      updated_at: '2026-11-28T10:00:00.000Z',
      in_flight_until: new Date(Date.parse('2026-11-28T10:00:00.000Z') + ES2PLUS_IN_FLIGHT_MS).toISOString(),
    });
    orders.set('p1:p1:esim:universal:traveler:t1', held);

    // Act
    const early = await allocate('promo:a:FRA:1GB:7d').catch((error: unknown) => error);
    advance(ES2PLUS_IN_FLIGHT_MS);
    const later = await allocate('promo:a:FRA:1GB:7d');

    // Assess
    expect(early).toBeInstanceOf(ProviderUnavailableError);
    expect(smdp.calls.map((call) => [call.operation, call.id])).toEqual([
      ['downloadOrder', functionCallIdentifier(held, 'downloadOrder')],
      ['confirmOrder', functionCallIdentifier(held, 'confirmOrder')],
    ]);
    expect(later.iccid).toBe('8988247000000000001');
  });
});
