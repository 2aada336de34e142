// use cases on in-memory stores over the eSIM Go adapter → two requests that each need a new traveler's first eSIM
// at the same moment (decision F168): for every pair of paths and both commit orders, one eSIM is paid for, each
// package's bundle is ordered once, every package sits on that eSIM and the events say what happened.
import { randomBytes } from 'node:crypto';
import type { Es2PlusClient } from '#shared/providers/es2plus/client';
import { es2PlusConnectivity } from '#shared/providers/es2plus/es2plus-connectivity';
import { DEFAULT_BUNDLE_TEMPLATE } from '#shared/providers/esimgo/bundle-names';
import { esimGoConnectivity } from '#shared/providers/esimgo/esimgo-connectivity';
import { localSecretCipher } from '#shared/security/local-secret-cipher';
import { claimClassicGrant } from '#shared/usecases/classic-grants';
import { recordPurchase } from '#shared/usecases/payments';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import { reconcileProviderOrders } from '#shared/usecases/reconcile-provider-orders';
import { redeemPromoCode } from '#shared/usecases/redeem-promo-code';
import { updatePackageSpecifications } from '#shared/usecases/update-package-specifications';
import { fakeEsimGo } from '#test/support/esimgo-fake';
import { makePackageSpecification } from '#test/support/factories';
import { memoryProviderOrderJournal } from '#test/support/fakes';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';

/** A lifecycle world whose connectivity is eSIM Go (in memory) behind its adapter and order journal. */
const esimGoWorld = () => {
  const world = memoryLifecycle();
  const esimGo = fakeEsimGo(() => world.clock.now());
  const journal = memoryProviderOrderJournal();
  const connectivity = esimGoConnectivity({
    client: esimGo.client,
    journal: journal.journal,
    clock: world.clock,
    settings: { bundles: { template: DEFAULT_BUNDLE_TEMPLATE, countries: {}, names: {} }, homeNetwork: '23410' },
    sleep: async () => undefined,
  });
  const deps = { ...world.deps, connectivity };
  /** Transactions that ordered a new eSIM (no ICCID on the line), and every bundle a transaction ordered. */
  const transactions = () => esimGo.calls.filter((call) => call.startsWith('transaction ')).map((call) => call.split(' ').slice(1));
  const newEsimOrders = () => transactions().filter((line) => line.length === 1);
  const bundlesOrdered = () => transactions().map(([bundle]) => bundle);
  /** The paid eSIM Go orders: a new eSIM's bundle alone, a top-up's with the eSIM it went onto. */
  const paid = () => esimGo.placed.map((order) => order.order.map((line) => (line.esims ? [line.item] : [line.item, line.iccids?.[0]]))[0]);
  /** The reconciliation sweep as its schedule runs it. */
  const sweep = () =>
    reconcileProviderOrders({ orders: journal.journal, reconciler: connectivity, travelers: world.deps.travelers, clock: world.clock });
  return { ...world, deps, esimGo, journal, transactions, newEsimOrders, bundlesOrdered, paid, sweep };
};

/** A lifecycle world whose connectivity is ES2+ against an SM-DP+ in memory that recognises repeated calls. */
const es2PlusWorld = () => {
  const world = memoryLifecycle();
  const calls: string[] = [];
  const answered = new Map<string, unknown>();
  const ok = { header: { functionExecutionStatus: { status: 'Executed-Success' as const } } };
  const once = <T>(key: string, run: () => T): T => {
    if (!answered.has(key)) answered.set(key, run());
    return answered.get(key) as T;
  };
  const client: Es2PlusClient = {
    downloadOrder: async (id) => (
      calls.push('downloadOrder'), once(id, () => ({ ...ok, iccid: `89882470000000000${String(calls.length).padStart(2, '0')}` }))
    ),
    confirmOrder: async (id) => (calls.push('confirmOrder'), once(id, () => ({ ...ok, matchingId: 'MATCH-1', smdpAddress: 'smdp.example.com' }))),
    cancelOrder: async () => (calls.push('cancelOrder'), ok),
    releaseProfile: async () => ok,
  };
  const journal = memoryProviderOrderJournal();
  const cipher = localSecretCipher(randomBytes(32).toString('base64'));
  const connectivity = es2PlusConnectivity({
    client,
    journal: journal.journal,
    clock: world.clock,
    settings: { smdpAddress: 'smdp.example.com', profileTypes: { universal: 'UNIVERSAL' }, homeNetwork: '00101' },
    cipher: async () => cipher,
    sleep: async () => undefined,
  });
  const sweep = () =>
    reconcileProviderOrders({ orders: journal.journal, reconciler: connectivity, travelers: world.deps.travelers, clock: world.clock });
  return { ...world, deps: { ...world.deps, connectivity }, calls, journal, sweep };
};

const MINUTE = 60_000;

type Commit = 'placer first' | 'other first';

/**
 * Runs `placer` so that it orders the traveler's eSIM, and `other` while it is about to commit: `other` resumes the
 * order and commits before it ('other first'), or only once `placer` has committed ('placer first').
 */
const race = async <A, B>(world: ReturnType<typeof esimGoWorld>, placer: () => Promise<A>, other: () => Promise<B>, commit: Commit) => {
  if (commit === 'other first') {
    let second: B | undefined;
    world.table.beforeNextWrite(async () => {
      second = await other();
    });
    const first = await placer();
    return { first, second: second as B };
  }
  const { promise: placerCommitted, resolve: release } = Promise.withResolvers<void>();
  const { promise: otherAtItsWrite, resolve: otherReady } = Promise.withResolvers<void>();
  let running: Promise<B> | undefined;
  world.table.beforeNextWrite(async () => {
    running = other();
    await otherAtItsWrite;
  });
  world.table.beforeNextWrite(async () => {
    otherReady();
    await placerCommitted;
  });
  const first = await placer();
  release();
  return { first, second: await (running as Promise<B>) };
};

const COMMITS: Commit[] = ['placer first', 'other first'];

describe('First eSIM races over eSIM Go (F168)', () => {
  describe.each(COMMITS)('two promo code redemptions of a new traveler, %s', (commit) => {
    it('pays for one eSIM with the first bundle and orders the other as a top-up on it', async () => {
      // Prepare: two grants of traveler u-1 (France, Italy)
      const world = esimGoWorld();
      const booking = await world.book({
        package_specifications: ['FRA', 'ITA'].map((destination) => makePackageSpecification({ external_user_id: 'u-1', destination })),
      });
      const [france, italy] = booking.promo_codes.map((promo) => promo.uuid);
      const redeem = (uuid: string | undefined) => () => redeemPromoCode({ partnerId: 'ptn_test', uuid }, world.deps);

      // Act
      await race(world, redeem(france), redeem(italy), commit);

      // Assess: one eSIM, ordered with France's bundle; Italy's bundle once, onto it; both packages on it
      const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
      const iccid = traveler?.esims[0]?.iccid;
      expect(traveler?.esims).toEqual([expect.objectContaining({ kind: 'universal', ordered_with: expect.stringMatching(`^promo:${france}:`) })]);
      expect(world.newEsimOrders()).toEqual([['esim_1GB_365D_FR_V2']]);
      expect(world.transactions()).toEqual([['esim_1GB_365D_FR_V2'], ['esim_1GB_365D_IT_V2', iccid]]);
      expect(traveler?.packages.map((pkg) => [pkg.destination, pkg.iccid]).sort()).toEqual([
        ['FRA', iccid],
        ['ITA', iccid],
      ]);
      expect(world.events().map((event) => event.event)).toEqual(['promo_code.redeemed', 'promo_code.redeemed']);
    });
  });

  describe.each(COMMITS)('a promo code redemption and a purchase of a new traveler, %s', (commit) => {
    const setup = async () => {
      const world = esimGoWorld();
      const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1', destination: 'FRA' })] });
      const redeem = () => redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, world.deps);
      const purchase = () =>
        recordPurchase(
          {
            partnerId: 'ptn_test',
            externalUserId: 'u-1',
            paymentId: 'pay-1',
            amount: 499,
            currency: 'EUR',
            destination: 'ITA',
            packageQueueUuid: 'q-web-1',
          },
          world.deps,
        );
      return { world, redeem, purchase };
    };
    const assessOneEsim = async (world: ReturnType<typeof esimGoWorld>, firstBundle: string, topUpBundle: string) => {
      const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
      const iccid = traveler?.esims[0]?.iccid;
      expect(traveler?.esims).toHaveLength(1);
      expect(world.transactions()).toEqual([[firstBundle], [topUpBundle, iccid]]);
      expect(traveler?.packages.map((pkg) => [pkg.source, pkg.iccid]).sort()).toEqual([
        ['package_queue', iccid],
        ['purchase', iccid],
      ]);
      expect(
        world
          .events()
          .map((event) => event.event)
          .sort(),
      ).toEqual(['package.purchased', 'promo_code.redeemed']);
    };

    it('the redemption ordering the eSIM: one eSIM paid, the purchase a top-up on it', async () => {
      // Prepare
      const { world, redeem, purchase } = await setup();

      // Act
      await race(world, redeem, purchase, commit);

      // Assess
      await assessOneEsim(world, 'esim_1GB_365D_FR_V2', 'esim_1GB_365D_IT_V2');
    });

    it('the purchase ordering the eSIM: one eSIM paid, the redemption a top-up on it', async () => {
      // Prepare
      const { world, redeem, purchase } = await setup();

      // Act
      await race(world, purchase, redeem, commit);

      // Assess
      await assessOneEsim(world, 'esim_1GB_365D_IT_V2', 'esim_1GB_365D_FR_V2');
    });
  });

  describe.each(COMMITS)('two classic claims of one country by a new traveler, %s', (commit) => {
    it('pays for one classic eSIM; the claim committed second says it is a top-up', async () => {
      // Prepare: two classic grants for France of traveler u-1, 1 GB and 2 GB
      const world = esimGoWorld();
      const booking = await world.book({
        package_specifications: ['1GB', '2GB'].map((size) => makePackageSpecification({ external_user_id: 'u-1', esim_type: 'classic', size })),
      });
      const [small, large] = booking.package_queues.map((queue) => queue.uuid);
      const claim = (queueId: string | undefined) => () =>
        claimClassicGrant({ partnerId: 'ptn_test', externalUserId: 'u-1', queueId: queueId as string }, world.deps);

      // Act
      const { first, second } = await race(world, claim(small), claim(large), commit);

      // Assess: one classic eSIM with the 1 GB bundle, the 2 GB bundle once onto it; one claim is a top-up
      const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
      const iccid = traveler?.esims[0]?.iccid;
      expect(traveler?.esims).toEqual([expect.objectContaining({ kind: 'classic', destination: 'FRA', iccid })]);
      expect(world.transactions()).toEqual([['esim_1GB_365D_FR_V2'], ['esim_2GB_365D_FR_V2', iccid]]);
      expect(traveler?.packages.map((pkg) => pkg.iccid)).toEqual([iccid, iccid]);
      const claimedFirst = commit === 'placer first' ? first : second;
      const claimedSecond = commit === 'placer first' ? second : first;
      expect([claimedFirst.is_top_up, claimedSecond.is_top_up]).toEqual([false, true]);
      const events = world.events();
      expect(events.map((event) => [event.event, event.data.is_top_up]).sort()).toEqual([
        ['classic_package_queue.claimed', false],
        ['classic_package_queue.claimed', true],
      ]);
    });
  });
});

describe('A grant changed while its redemption orders, beside another first request of its traveler (F168)', () => {
  it("puts the purchase's bundle on the eSIM the purchase's package is recorded on, when the changed grant commits first", async () => {
    // Prepare: a grant of 1 GB France for new traveler u-1; while its redemption commits, the partner makes it 5 GB
    // Italy, and the traveler's purchase (Spain) resumes the eSIM order the redemption placed, then waits to commit
    const world = esimGoWorld();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1', destination: 'FRA' })] });
    const purchase = () =>
      recordPurchase(
        { partnerId: 'ptn_test', externalUserId: 'u-1', paymentId: 'pay-1', amount: 499, currency: 'EUR', destination: 'ESP' },
        world.deps,
      );
    let purchased: Promise<unknown> | undefined;
    const { promise: purchaseReady, resolve: purchaseAtItsWrite } = Promise.withResolvers<void>();
    const { promise: redemptionCommitted, resolve: release } = Promise.withResolvers<void>();
    world.table.beforeNextWrite(async () => {
      await updatePackageSpecifications(
        {
          partnerId: 'ptn_test',
          reference: booking.booking_id as string,
          specification: { package_type: 'data-limited', size: '5GB', destination: 'ITA' } as never,
        },
        { ...world.deps, catalog: { findPackages: async () => new Map(), listRegions: async () => [] } },
      );
      purchased = purchase();
      await purchaseReady;
    });
    world.table.beforeNextWrite(async () => undefined);
    world.table.beforeNextWrite(async () => {
      purchaseAtItsWrite();
      await redemptionCommitted;
    });

    // Act
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: booking.promo_codes[0]?.uuid }, world.deps);
    release();
    await purchased;

    // Assess: the traveler keeps the eSIM ordered with the changed grant's bundle, and the purchase's bundle is on it
    // too (once more: its first order went onto the eSIM of the grant's old package, which nobody keeps)
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    const kept = traveler?.esims[0]?.iccid;
    const left = world.esimGo.placed[0]?.order[0]?.iccids?.[0];
    expect(traveler?.esims).toEqual([expect.objectContaining({ ordered_with: expect.stringMatching(/:ITA:5GB:365d$/) })]);
    expect(traveler?.packages.map((pkg) => [pkg.destination, pkg.iccid]).sort()).toEqual([
      ['ESP', kept],
      ['ITA', kept],
    ]);
    expect(world.transactions()).toEqual([
      ['esim_1GB_365D_FR_V2'],
      ['esim_1GB_365D_ES_V2', left],
      ['esim_5GB_365D_IT_V2'],
      ['esim_1GB_365D_ES_V2', kept],
    ]);
  });
});

describe("A new traveler's first eSIM after a lost provider answer, and the sweep (F168)", () => {
  const uuids = async (world: ReturnType<typeof esimGoWorld>) => {
    const booking = await world.book({
      package_specifications: ['FRA', 'ITA'].map((destination) => makePackageSpecification({ external_user_id: 'u-1', destination })),
    });
    return booking.promo_codes.map((promo) => promo.uuid);
  };

  it("lets the other grant settle the order whose answer was lost and top it up; the first grant's retry orders nothing more", async () => {
    // Prepare: France's order is placed, its answer lost (503)
    const world = esimGoWorld();
    const [france, italy] = await uuids(world);
    const redeem = (uuid: string | undefined) => redeemPromoCode({ partnerId: 'ptn_test', uuid }, world.deps);
    world.esimGo.faults.push('lost');
    await expect(redeem(france)).rejects.toBeInstanceOf(ProviderUnavailableError);

    // Act
    await redeem(italy);
    await redeem(france);

    // Assess
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    const iccid = traveler?.esims[0]?.iccid;
    expect(traveler?.esims).toHaveLength(1);
    expect(world.paid()).toEqual([['esim_1GB_365D_FR_V2'], ['esim_1GB_365D_IT_V2', iccid]]);
    expect(traveler?.packages.map((pkg) => [pkg.destination, pkg.iccid])).toEqual([
      ['ITA', iccid],
      ['FRA', iccid],
    ]);
  });

  it('answers the other grant 503 while an unplaced order may still appear, then orders the eSIM with its own bundle; the first grant tops it up', async () => {
    // Prepare: France's transaction was never placed (503)
    const world = esimGoWorld();
    const [france, italy] = await uuids(world);
    const redeem = (uuid: string | undefined) => redeemPromoCode({ partnerId: 'ptn_test', uuid }, world.deps);
    world.esimGo.faults.push('unplaced');
    await expect(redeem(france)).rejects.toBeInstanceOf(ProviderUnavailableError);

    // Act
    const tooSoon = await redeem(italy).catch((error: unknown) => error);
    world.clock.advance(2 * MINUTE);
    await redeem(italy);
    await redeem(france);

    // Assess
    expect(tooSoon).toBeInstanceOf(ProviderUnavailableError);
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    const iccid = traveler?.esims[0]?.iccid;
    expect(traveler?.esims).toEqual([expect.objectContaining({ ordered_with: expect.stringMatching(`^promo:${italy}:`) })]);
    expect(world.paid()).toEqual([['esim_1GB_365D_IT_V2'], ['esim_1GB_365D_FR_V2', iccid]]);
  });

  it('lets the sweep settle an order under the traveler key that nobody retried; the next grant resumes it as a top-up', async () => {
    // Prepare: France's order placed, answer lost, no retry for 16 minutes
    const world = esimGoWorld();
    const [france, italy] = await uuids(world);
    const redeem = (uuid: string | undefined) => redeemPromoCode({ partnerId: 'ptn_test', uuid }, world.deps);
    world.esimGo.faults.push('lost');
    await expect(redeem(france)).rejects.toBeInstanceOf(ProviderUnavailableError);
    world.clock.advance(16 * MINUTE);

    // Act
    const swept = await world.sweep();
    await redeem(italy);
    await redeem(france);

    // Assess
    expect(swept).toEqual({ settled: 1, deferred: 0 });
    expect([...world.journal.orders.values()].filter((order) => order.reconcile_at !== null)).toEqual([]);
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(world.paid()).toEqual([['esim_1GB_365D_FR_V2'], ['esim_1GB_365D_IT_V2', traveler?.esims[0]?.iccid]]);
  });

  it("resumes an order journalled before F168 under the grant's key (its answer lost then), without a second eSIM", async () => {
    // Prepare: France's eSIM was ordered under the key of its package before the change; its redemption never committed
    const world = esimGoWorld();
    const [france] = await uuids(world);
    const formerKey = `ptn_test:universal:promo:${france}:FRA:1GB:365d`;
    const before = await world.deps.connectivity.allocateEsim({
      partnerId: 'ptn_test',
      idempotencyKey: formerKey,
      destination: null,
      firstPackage: { size: '1GB', sizeBytes: 1024 ** 3, durationDays: 365, destination: 'FRA' },
      firstPackageReference: `promo:${france}:FRA:1GB:365d`,
      confirmationCode: false,
    });
    const { package_reference: _recordedSince, ...journalled } = world.journal.orders.get(`ptn_test:${formerKey}`) ?? ({} as never);
    world.journal.orders.set(`ptn_test:${formerKey}`, journalled);

    // Act
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: france }, world.deps);

    // Assess
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.esims.map((esim) => esim.iccid)).toEqual([before.iccid]);
    expect(world.paid()).toEqual([['esim_1GB_365D_FR_V2']]);
  });

  it('keeps, over ES2+, the order two grants shared once the traveler carries it: the sweep finds it attached', async () => {
    // Prepare: a new traveler's two grants redeemed at once over ES2+
    const world = es2PlusWorld();
    const booking = await world.book({
      package_specifications: ['FRA', 'ITA'].map((destination) => makePackageSpecification({ external_user_id: 'u-1', destination })),
    });
    const [france, italy] = booking.promo_codes.map((promo) => promo.uuid);
    world.table.beforeNextWrite(async () => {
      await redeemPromoCode({ partnerId: 'ptn_test', uuid: italy }, world.deps);
    });
    await redeemPromoCode({ partnerId: 'ptn_test', uuid: france }, world.deps);
    world.clock.advance(16 * MINUTE);

    // Act
    const swept = await world.sweep();

    // Assess
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.esims).toHaveLength(1);
    expect(traveler?.packages.map((pkg) => pkg.iccid)).toEqual([traveler?.esims[0]?.iccid, traveler?.esims[0]?.iccid]);
    expect(swept).toEqual({ settled: 1, deferred: 0 });
    expect(world.calls).toEqual(['downloadOrder', 'confirmOrder']);
    expect([...world.journal.orders.values()].map((order) => [order.state, order.iccid, order.reconcile_at])).toEqual([
      ['confirmed', traveler?.esims[0]?.iccid, null],
    ]);
  });
});

describe('A classic grant changed while it is claimed (F82, F168)', () => {
  it.each([
    ['its size', { size: '5GB', destination: 'FRA' }, 'esim_5GB_365D_FR_V2'],
    ['its country', { size: '1GB', destination: 'ITA' }, 'esim_1GB_365D_IT_V2'],
  ])('gets an eSIM ordered with what the grant now says when %s changed', async (_what, change, bundle) => {
    // Prepare: a classic grant of 1 GB France for new traveler u-1, updated by the partner while its claim commits
    const world = esimGoWorld();
    const booking = await world.book({
      package_specifications: [makePackageSpecification({ external_user_id: 'u-1', esim_type: 'classic', destination: 'FRA', size: '1GB' })],
    });
    world.table.beforeNextWrite(async () => {
      await updatePackageSpecifications(
        { partnerId: 'ptn_test', reference: booking.booking_id as string, specification: { package_type: 'data-limited', ...change } as never },
        { ...world.deps, catalog: { findPackages: async () => new Map(), listRegions: async () => [] } },
      );
    });

    // Act
    const claimed = await claimClassicGrant(
      { partnerId: 'ptn_test', externalUserId: 'u-1', queueId: booking.package_queues[0]?.uuid as string },
      world.deps,
    );

    // Assess: the traveler's one classic eSIM came with the new bundle; the old one's order is left unattached
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(claimed.is_top_up).toBe(false);
    expect(traveler?.esims).toEqual([expect.objectContaining({ iccid: claimed.iccid, destination: change.destination })]);
    expect(traveler?.packages).toEqual([expect.objectContaining({ iccid: claimed.iccid, size: change.size, destination: change.destination })]);
    expect(world.paid()).toEqual([['esim_1GB_365D_FR_V2'], [bundle]]);
  });
});
