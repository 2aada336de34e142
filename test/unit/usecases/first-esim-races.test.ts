// use cases on in-memory stores over the eSIM Go adapter → two requests that each need a new traveler's first eSIM
// at the same moment (decision F168): for every pair of paths and both commit orders, one eSIM is paid for, each
// package's bundle is ordered once, every package sits on that eSIM and the events say what happened.
import { DEFAULT_BUNDLE_TEMPLATE } from '#shared/providers/esimgo/bundle-names';
import { esimGoConnectivity } from '#shared/providers/esimgo/esimgo-connectivity';
import { claimClassicGrant } from '#shared/usecases/classic-grants';
import { recordPurchase } from '#shared/usecases/payments';
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
  return { ...world, deps, esimGo, journal, transactions, newEsimOrders, bundlesOrdered };
};

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
  let release = () => {};
  const placerCommitted = new Promise<void>((resolve) => {
    release = resolve;
  });
  let otherReady = () => {};
  const otherAtItsWrite = new Promise<void>((resolve) => {
    otherReady = resolve;
  });
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
    let purchaseAtItsWrite = () => {};
    const purchaseReady = new Promise<void>((resolve) => {
      purchaseAtItsWrite = resolve;
    });
    let release = () => {};
    const redemptionCommitted = new Promise<void>((resolve) => {
      release = resolve;
    });
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
