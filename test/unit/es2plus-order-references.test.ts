// tests → the ES2+ adapter and a grant's order journalled before its reference named the package (decision F82): a
// retry after the change resumes that order for the same profile type, and orders afresh for another.
import { randomBytes } from 'node:crypto';
import type { Es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity } from '#shared/providers/es2plus/es2plus-connectivity';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { makePackagePlan } from '#test/support/factories';
import { memoryProviderOrderJournal } from '#test/support/fakes';

/** An SM-DP+ in memory that hands out a new ICCID per downloadOrder call identifier, and records each operation. */
const fakeSmdp = () => {
  const operations: string[] = [];
  const iccids = new Map<string, string>();
  const ok = { header: { functionExecutionStatus: { status: 'Executed-Success' as const } } };
  const client: Es2PlusClient = {
    downloadOrder: async (id, body) => {
      operations.push(`downloadOrder ${body.profileType}`);
      if (!iccids.has(id)) iccids.set(id, `89882470000000000${String(iccids.size + 1).padStart(2, '0')}`);
      return { ...ok, iccid: iccids.get(id) as string };
    },
    confirmOrder: async () => (operations.push('confirmOrder'), { ...ok, matchingId: `MATCH-${operations.length}`, smdpAddress: 'smdp.example.com' }),
    cancelOrder: async () => (operations.push('cancelOrder'), ok),
    releaseProfile: async () => ok,
  };
  return { client, operations };
};

const setup = () => {
  const smdp = fakeSmdp();
  const { journal, orders } = memoryProviderOrderJournal();
  const cipher = localSecretCipher(randomBytes(32).toString('base64'));
  const provider = es2PlusConnectivity({
    client: smdp.client,
    journal,
    clock: { now: () => new Date('2026-11-27T10:00:00.000Z') },
    settings: {
      smdpAddress: 'smdp.example.com',
      profileTypes: { universal: 'UNIVERSAL', FRA: 'FR-CLASSIC', ITA: 'IT-CLASSIC' },
      homeNetwork: '00101',
    },
    cipher: async () => cipher,
  });
  const allocate = (input: { key: string; former?: string; destination: string | null }) =>
    provider.allocateEsim({
      partnerId: 'p1',
      idempotencyKey: input.key,
      formerIdempotencyKey: input.former,
      destination: input.destination,
      firstPackage: makePackagePlan({ destination: input.destination }),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode: false,
    });
  return { smdp, orders, allocate };
};

describe("Provider: ES2+ connectivity, a grant's order journalled under its former reference", () => {
  it('is resumed by the retry for the same profile type: the same profile, and no second downloadOrder', async () => {
    // Prepare: the universal eSIM was ordered under the former key before the change
    const { smdp, allocate } = setup();
    const before = await allocate({ key: 'p1:universal:promo:a', destination: null });

    // Act: the retry after the change
    const after = await allocate({ key: 'p1:universal:promo:a:FRA:1GB:7d', former: 'p1:universal:promo:a', destination: null });

    // Assess
    expect(after).toEqual(before);
    expect(smdp.operations).toEqual(['downloadOrder UNIVERSAL', 'confirmOrder']);
  });

  it("is left to the sweep when the classic grant's country changed: the retry orders the new country's profile type", async () => {
    // Prepare: France's classic profile was ordered under the former key
    const { smdp, orders, allocate } = setup();
    const france = await allocate({ key: 'p1:classic:q', destination: 'FRA' });

    // Act: the grant now says Italy
    const italy = await allocate({ key: 'p1:classic:q:ITA:1GB:7d', former: 'p1:classic:q', destination: 'ITA' });

    // Assess
    expect(italy.iccid).not.toBe(france.iccid);
    expect(smdp.operations).toEqual(['downloadOrder FR-CLASSIC', 'confirmOrder', 'downloadOrder IT-CLASSIC', 'confirmOrder']);
    expect(orders.get('p1:p1:classic:q')).toMatchObject({ state: 'confirmed', iccid: france.iccid, reconcile_at: expect.any(String) });
  });
});
