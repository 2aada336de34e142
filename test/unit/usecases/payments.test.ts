// use cases on in-memory stores → purchases and top-ups paid by a traveler: first purchase per destination,
// later ones as top-ups, one package per payment, and the refusals (unknown eSIM, bad amount or currency).
import { makePackageSpecification } from '#test/support/factories';
import { claimClassicGrant } from '#shared/usecases/classic-grants';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { recordPurchase, recordTopup, type PaymentInput } from '#shared/usecases/payments';

const makePayment = (overrides: Partial<PaymentInput & { packageQueueUuid: string }> = {}): PaymentInput & { packageQueueUuid?: string } => ({
  partnerId: 'ptn_test',
  externalUserId: 'u-1',
  paymentId: 'pay-1',
  amount: 499,
  currency: 'eur',
  destination: 'FRA',
  ...overrides,
});

describe('Use case: recordPurchase', () => {
  it('creates the traveler, its universal eSIM and a data-limited package, and emits package.purchased', async () => {
    // Prepare
    const world = memoryLifecycle();

    // Act
    const result = await recordPurchase({ ...makePayment(), packageQueueUuid: 'q-web-1' }, world.deps);

    // Assess
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    expect(traveler?.purchased_destinations).toEqual(['FRA']);
    expect(traveler?.packages).toEqual([
      // A data-limited package: the spec's default duration for the type, 365 days, when the payment names none.
      expect.objectContaining({ payment_id: 'pay-1', source: 'purchase', package_type: 'data-limited', size: '1GB', duration_days: 365 }),
    ]);
    expect(await world.deps.travelers.findByPackageQueueUuid('ptn_test', 'q-web-1')).toMatchObject({ user_id: traveler?.user_id });
    expect(world.events()).toEqual([expect.objectContaining({ event: 'package.purchased', event_id: 'package.purchased:pay-1' })]);
    expect(world.events()[0]?.data).toMatchObject({ amount: 499, currency: 'EUR', iccid: result.pkg.iccid, package_queue_uuid: 'q-web-1' });
  });

  it("refuses a payment_id that already paid for another traveler's package with 409 payment_already_recorded, not retried", async () => {
    // Prepare
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);

    // Act
    const other = recordPurchase(makePayment({ externalUserId: 'u-2' }), world.deps);
    const again = await recordPurchase(makePayment(), world.deps);

    // Assess
    await expect(other).rejects.toMatchObject({ status: 409, code: 'payment_already_recorded' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-2')).toBeUndefined();
    expect(again.applied).toBe(false);
    expect(world.events()).toHaveLength(1);
  });

  it('names no booking for a web shop purchase of an attributed traveler, but keeps the code that attributed them', async () => {
    // Prepare: traveler u-1 came from a booking's grant, then buys in the web shop and in the app
    const world = memoryLifecycle();
    const granted = await world.activePackage({ destination: 'ITA' });

    // Act
    await recordPurchase({ ...makePayment({ paymentId: 'pay-web' }), packageQueueUuid: 'q-web-1' }, world.deps);
    await recordPurchase(makePayment({ paymentId: 'pay-app', destination: 'ESP' }), world.deps);

    // Assess
    const purchases = world.events().filter((e) => e.event === 'package.purchased');
    const byPayment = Object.fromEntries(purchases.map((e) => [e.data.payment_id, e.data]));
    expect(byPayment['pay-web']).toMatchObject({ booking_id: null, promo_code_id: granted.promo_code_id, package_queue_uuid: 'q-web-1' });
    expect(byPayment['pay-app']).toMatchObject({ booking_id: granted.booking_id, promo_code_id: granted.promo_code_id, package_queue_uuid: null });
  });

  it('reports a later purchase for the same destination as topup.completed', async () => {
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);

    const second = await recordPurchase(makePayment({ paymentId: 'pay-2' }), world.deps);

    expect(second.events.map((e) => e.event)).toEqual(['topup.completed']);
    expect(second.traveler.packages).toHaveLength(2);
    expect(second.traveler.esims).toHaveLength(1);
  });

  it('provisions one package for one payment reported twice', async () => {
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);

    const again = await recordPurchase(makePayment(), world.deps);

    expect(again).toMatchObject({ applied: false, events: [] });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
    expect(world.events()).toHaveLength(1);
  });

  it('provisions one package when the same payment arrives twice at once', async () => {
    const world = memoryLifecycle();

    const results = await Promise.all([recordPurchase(makePayment(), world.deps), recordPurchase(makePayment(), world.deps)]);

    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
  });

  it.each([
    [{ amount: 0 }, 'invalid_amount'],
    [{ amount: 4.99 }, 'invalid_amount'],
    [{ currency: 'EURO' }, 'invalid_currency'],
    [{ currency: 'XXX' }, 'invalid_currency'],
    [{ currency: 'XAU' }, 'invalid_currency'],
  ])('refuses %j with 400 %s and creates no traveler', async (overrides, code) => {
    const world = memoryLifecycle();

    await expect(recordPurchase(makePayment(overrides), world.deps)).rejects.toMatchObject({ status: 400, code });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1')).toBeUndefined();
  });
});

describe('Use case: recordPurchase with a package_queue_uuid (web app)', () => {
  const uuid = (n: number) => `0193a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2${n}`;

  it("refuses a uuid that already names a package or one of the traveler's grants, and takes a fresh one", async () => {
    // Prepare: a web purchase that used uuid 1, and a grant booked for the traveler.
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    await recordPurchase(makePayment({ packageQueueUuid: uuid(1) }), world.deps);
    const grant = booking.package_queues[0]!.uuid;

    // Act
    const reused = recordPurchase(makePayment({ paymentId: 'pay-2', packageQueueUuid: uuid(1) }), world.deps);
    const grants = recordPurchase(makePayment({ paymentId: 'pay-3', packageQueueUuid: grant }), world.deps);
    const fresh = await recordPurchase(makePayment({ paymentId: 'pay-4', destination: 'ITA', packageQueueUuid: uuid(2) }), world.deps);

    const samePaymentOtherTraveler = recordPurchase(makePayment({ externalUserId: 'u-2', packageQueueUuid: uuid(1) }), world.deps);

    // Assess
    await expect(reused).rejects.toMatchObject({ status: 409, code: 'package_queue_uuid_taken' });
    // The checkout's own payment for another traveler: what is taken is the payment.
    await expect(samePaymentOtherTraveler).rejects.toMatchObject({ status: 409, code: 'payment_already_recorded' });
    await expect(grants).rejects.toMatchObject({ status: 409, code: 'package_queue_uuid_taken' });
    expect(fresh.pkg.package_queue_uuid).toBe(uuid(2));
  });
});

describe('Use case: recordTopup', () => {
  it("adds the package to the eSIM it names, keeping that eSIM's destination", async () => {
    const world = memoryLifecycle();
    const bought = await recordPurchase(makePayment(), world.deps);

    const topup = await recordTopup({ ...makePayment({ paymentId: 'pay-2', destination: undefined }), iccid: bought.pkg.iccid }, world.deps);

    expect(topup.events.map((e) => e.event)).toEqual(['topup.completed']);
    expect(topup.pkg).toMatchObject({ iccid: bought.pkg.iccid, source: 'topup' });
  });

  it("adds data where the universal eSIM already works when the payment names no destination: its newest package's", async () => {
    // Prepare: a package for France, then one for Japan, on the universal eSIM
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);
    await recordPurchase(makePayment({ paymentId: 'pay-2', destination: 'JPN' }), world.deps);

    // Act
    const topup = await recordTopup(makePayment({ paymentId: 'pay-3', destination: undefined }), world.deps);

    // Assess: the package and its event name Japan, never null
    expect(topup.pkg.destination).toBe('JPN');
    expect(topup.events[0]?.data).toMatchObject({ destination: 'JPN' });
  });

  it('leaves the first purchase for the destination it topped up a purchase: package.purchased, not topup.completed', async () => {
    const world = memoryLifecycle();
    const bought = await recordPurchase(makePayment({ destination: 'JPN' }), world.deps);
    await recordTopup({ ...makePayment({ paymentId: 'pay-2', destination: 'FRA' }), iccid: bought.pkg.iccid }, world.deps);

    const purchase = await recordPurchase(makePayment({ paymentId: 'pay-3', destination: 'FRA' }), world.deps);

    expect(purchase.events.map((e) => e.event)).toEqual(['package.purchased']);
  });

  it('skips a newest package that is used up for the newest one still in use', async () => {
    // Prepare: France still queued, Japan newer but depleted
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);
    const japan = await recordPurchase(makePayment({ paymentId: 'pay-2', destination: 'JPN' }), world.deps);
    const traveler = await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1');
    const depleted = {
      ...traveler!,
      packages: traveler!.packages.map((p) => (p.package_id === japan.pkg.package_id ? { ...p, state: 'depleted' as const } : p)),
    };
    await world.deps.travelers.commit({ travelers: [{ before: traveler, after: { ...depleted, version: traveler!.version + 1 } }] });

    // Act
    const topup = await recordTopup(makePayment({ paymentId: 'pay-3', destination: undefined }), world.deps);

    // Assess
    expect(topup.pkg.destination).toBe('FRA');
  });

  it('refuses a top-up of an eSIM the traveler does not have with 404 esim_not_found', async () => {
    const world = memoryLifecycle();
    await recordPurchase(makePayment(), world.deps);

    const topup = recordTopup({ ...makePayment({ paymentId: 'pay-2' }), iccid: '8988200000000000999' }, world.deps);

    await expect(topup).rejects.toMatchObject({ status: 404, code: 'esim_not_found' });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
  });

  it('refuses a top-up for a traveler without an eSIM with 409 no_esim, and provisions nothing', async () => {
    // Prepare
    const world = memoryLifecycle();

    // Act
    const topup = recordTopup(makePayment({ externalUserId: 'u-new', destination: undefined }), world.deps);
    const named = recordTopup(makePayment({ externalUserId: 'u-new', paymentId: 'pay-2', destination: 'ESP' }), world.deps);

    // Assess: naming a place or not, there is nothing to top up
    await expect(topup).rejects.toMatchObject({ status: 409, code: 'no_esim' });
    await expect(named).rejects.toMatchObject({ status: 409, code: 'no_esim' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_test', 'u-new')).toBeUndefined();
    expect(world.events()).toEqual([]);
  });

  it.each([
    ['naming no place: onto the classic eSIM, for its country', undefined, 'FRA', 'the classic eSIM'],
    ['naming its country: onto the classic eSIM', 'FRA', 'FRA', 'the classic eSIM'],
    ['naming another country: onto a new universal eSIM, never the classic one', 'JPN', 'JPN', 'a new universal eSIM'],
  ])('tops up a traveler whose only eSIM is classic %s', async (_case, destination, expectedDestination, where) => {
    // Prepare: a claimed classic grant for France
    const world = memoryLifecycle();
    const booking = await world.book({
      package_specifications: [makePackageSpecification({ external_user_id: 'u-1', esim_type: 'classic', destination: 'FRA' })],
    });
    const claimed = await claimClassicGrant({ partnerId: 'ptn_test', externalUserId: 'u-1', queueId: booking.package_queues[0]!.uuid }, world.deps);

    // Act
    const topup = await recordTopup(makePayment({ paymentId: 'pay-9', destination }), world.deps);

    // Assess
    expect(topup.pkg.destination).toBe(expectedDestination);
    expect(topup.pkg.iccid === claimed.iccid ? 'the classic eSIM' : 'a new universal eSIM').toBe(where);
  });
});
