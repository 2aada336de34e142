// use cases on in-memory stores → a reporter's fact applied once: duplicates by event id (also when the duplicate
// lands mid-write), facts a reporter may not state, stale facts, and facts naming nothing known.
import * as v from 'valibot';
import { FactSchema, type Fact } from '#shared/domain/lifecycle-schemas';
import { makePackageSpecification } from '#test/support/factories';
import { memoryLifecycle } from '#test/support/in-memory/lifecycle';
import { ingestFact } from '#shared/usecases/ingest-fact';

const MB = 1024 ** 2;

/** A payment reporter's purchase for traveler u-1 of ptn_test, without its event id and time. */
const purchaseMembers = {
  type: 'payment.purchase',
  partner_id: 'ptn_test',
  external_user_id: 'u-1',
  payment_id: 'pay-1',
  amount: 499,
  currency: 'EUR',
  destination: 'FRA',
};

const makeFact = (overrides: Record<string, unknown>) =>
  v.parse(FactSchema, { event_id: 'evt-1', occurred_at: '2026-06-01T00:00:00Z', ...overrides });

/** A reported usage fact with another used_bytes: the same event id, so a replay with a different body. */
const withUsedBytes = (fact: Fact, usedBytes: number): Fact => (fact.type === 'package.usage' ? { ...fact, used_bytes: usedBytes } : fact);

describe('Fact schema', () => {
  it('refuses used_bytes beyond the exact integers a number holds, so storage never sees one', () => {
    const usage = (used_bytes: number) =>
      v.safeParse(FactSchema, { event_id: 'e', occurred_at: '2026-06-01T00:00:00Z', type: 'package.usage', package_id: 'pkg_1', used_bytes });

    expect(usage(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(usage(2 ** 53).success).toBe(false);
  });
});

describe('Fact schema: what a reporter must say precisely', () => {
  const purchase = (overrides: Record<string, unknown>) => ({ event_id: 'e', occurred_at: '2026-06-01T00:00:00Z', ...purchaseMembers, ...overrides });

  it.each([
    ['a date without a time', { occurred_at: '2026-06-01' }, 'occurred_at'],
    ['a time without a zone', { occurred_at: '2026-06-01T10:00:00' }, 'occurred_at'],
    ['a size of nothing', { size: '0MB' }, 'size'],
    ['a size of nothing, in GB with decimals', { size: '0.0GB' }, 'size'],
  ])('refuses %s', (_case, overrides, path) => {
    const result = v.safeParse(FactSchema, purchase(overrides));

    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => v.getDotPath(issue))).toContain(path);
  });

  it('takes a date-time with a zone and a size of more than nothing', () => {
    expect(v.safeParse(FactSchema, purchase({ occurred_at: '2026-06-01T10:00:00+02:00', size: '500MB' })).success).toBe(true);
  });
});

describe('Use case: ingestFact', () => {
  it('applies a fact once and answers its replay as a duplicate that changes nothing', async () => {
    // Prepare
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });
    const fact = makeFact({ type: 'package.usage', package_id: pkg.package_id, used_bytes: 600 * MB });

    // Act
    const first = await ingestFact({ reporter: 'network', fact }, world.deps);
    const replay = await ingestFact({ reporter: 'network', fact: withUsedBytes(fact, 900 * MB) }, world.deps);

    // Assess
    expect(first).toEqual({ event_id: 'evt-1', duplicate: false, applied: true, events: ['package.usage.50_percent'] });
    expect(replay).toEqual({ event_id: 'evt-1', duplicate: true, applied: false, events: [] });
    expect((await world.deps.travelers.findByPackageId(pkg.package_id))?.packages[0]?.used_bytes).toBe(600 * MB);
  });

  it('answers a duplicate that lands between its check and its write as a duplicate, applied once', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });
    const fact = makeFact({ type: 'package.usage', package_id: pkg.package_id, used_bytes: 850 * MB });
    world.table.beforeNextWrite(async () => {
      await ingestFact({ reporter: 'network', fact }, world.deps);
    });

    const late = await ingestFact({ reporter: 'network', fact }, world.deps);

    expect(late).toMatchObject({ duplicate: true, applied: false });
    expect(world.events().filter((e) => e.event.startsWith('package.usage'))).toHaveLength(2);
  });

  it('refuses a fact the reporter may not state with 403 and records nothing', async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });
    const fact = makeFact({ type: 'package.usage', package_id: pkg.package_id, used_bytes: MB });

    await expect(ingestFact({ reporter: 'payments', fact }, world.deps)).rejects.toMatchObject({ status: 403, code: 'fact_not_allowed' });
    expect(await world.deps.travelers.factRecorded('payments', 'evt-1')).toBe(false);
  });

  it("records a fact older than the eSIM's state without applying it, so its replay is a duplicate", async () => {
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });
    world.clock.advance(12 * 3_600_000);
    await ingestFact(
      {
        reporter: 'esim-platform',
        fact: makeFact({ type: 'esim.installed', iccid: pkg.iccid, event_id: 'evt-new', occurred_at: '2026-06-01T10:00:00Z' }),
      },
      world.deps,
    );
    const stale = makeFact({ type: 'esim.removed', iccid: pkg.iccid, event_id: 'evt-old', occurred_at: '2026-06-01T09:00:00Z' });

    const result = await ingestFact({ reporter: 'esim-platform', fact: stale }, world.deps);
    const replay = await ingestFact({ reporter: 'esim-platform', fact: stale }, world.deps);

    expect(result).toMatchObject({ duplicate: false, applied: false, events: [] });
    expect(replay.duplicate).toBe(true);
    expect((await world.deps.travelers.findByIccid(pkg.iccid))?.esims[0]?.state).toBe('installed');
  });

  it('refuses usage of an unknown package with 404 and leaves the fact unrecorded for a corrected retry', async () => {
    const world = memoryLifecycle();
    const fact = makeFact({ type: 'package.usage', package_id: 'pkg_unknown', used_bytes: MB });

    await expect(ingestFact({ reporter: 'network', fact }, world.deps)).rejects.toMatchObject({ status: 404, code: 'package_not_found' });
    expect(await world.deps.travelers.factRecorded('network', 'evt-1')).toBe(false);
  });

  it('refuses a top-up of an eSIM the traveler does not have with 404 esim_not_found', async () => {
    const world = memoryLifecycle();
    await world.activePackage({ size: '1GB' });
    const fact = makeFact({
      type: 'payment.topup',
      partner_id: 'ptn_test',
      external_user_id: 'u-1',
      payment_id: 'pay-1',
      amount: 500,
      currency: 'EUR',
      iccid: '8988200000000000999',
    });

    await expect(ingestFact({ reporter: 'payments', fact }, world.deps)).rejects.toMatchObject({ status: 404, code: 'esim_not_found' });
    expect((await world.deps.travelers.findByExternalUserId('ptn_test', 'u-1'))?.packages).toHaveLength(1);
  });

  it('redeems a promo code at the time the platform reports, and refuses the same code under another event id', async () => {
    const world = memoryLifecycle();
    const booking = await world.book({ package_specifications: [makePackageSpecification({ external_user_id: 'u-1' })] });
    const code = booking.promo_codes[0]?.code as string;
    const redeemed = (eventId: string) =>
      makeFact({ type: 'promo_code.redeemed', partner_id: 'ptn_test', code, event_id: eventId, occurred_at: '2026-05-31T23:00:00Z' });

    const result = await ingestFact({ reporter: 'esim-platform', fact: redeemed('evt-a') }, world.deps);
    const other = ingestFact({ reporter: 'esim-platform', fact: redeemed('evt-b') }, world.deps);

    expect(result).toMatchObject({ applied: true, events: ['promo_code.redeemed'] });
    expect((await world.deps.bookings.get('ptn_test', booking.id))?.promo_codes[0]?.redeemed_at).toBe('2026-05-31T23:00:00.000Z');
    await expect(other).rejects.toMatchObject({ code: 'promo_code_already_redeemed' });
  });

  it('refuses a fact dated more than five minutes ahead of the clock, and an activation that expires before it happened', async () => {
    // Prepare: the world's clock reads 2026-06-01T00:00Z
    const world = memoryLifecycle();
    const pkg = await world.activePackage({ size: '1GB' });

    // Act
    const future = ingestFact(
      {
        reporter: 'network',
        fact: makeFact({ occurred_at: '9999-12-31T23:59:59Z', type: 'package.usage', package_id: pkg.package_id, used_bytes: MB }),
      },
      world.deps,
    );
    const withinSkew = await ingestFact(
      {
        reporter: 'network',
        fact: makeFact({ occurred_at: '2026-06-01T00:04:00Z', type: 'package.usage', package_id: pkg.package_id, used_bytes: MB }),
      },
      world.deps,
    );
    const backwards = ingestFact(
      {
        reporter: 'network',
        fact: makeFact({ event_id: 'evt-2', type: 'package.activated', package_id: pkg.package_id, expires_at: '0001-01-01T00:00:00Z' }),
      },
      world.deps,
    );

    // Assess
    await expect(future).rejects.toMatchObject({ status: 400, details: [{ path: 'occurred_at' }] });
    expect(withinSkew.applied).toBe(true);
    await expect(backwards).rejects.toMatchObject({ status: 400, details: [{ path: 'expires_at' }] });
  });

  it('refuses a payment for a partner the service does not serve, before anything is ordered (decision F150)', async () => {
    const world = memoryLifecycle();
    const payment = (partnerId: string) => makeFact({ ...purchaseMembers, partner_id: partnerId });

    const unknown = ingestFact({ reporter: 'payments', fact: payment('ptn_nobody') }, world.deps);

    await expect(unknown).rejects.toMatchObject({ status: 404, code: 'partner_not_found' });
    expect(await world.deps.travelers.findByExternalUserId('ptn_nobody', 'u-1')).toBeUndefined();
  });

  it('answers a fact it recorded as a duplicate also after its partner was disabled, so a lost answer is learned', async () => {
    // Prepare: a purchase recorded while the partner was active; then the partner is disabled.
    const partners = { active: true };
    const world = memoryLifecycle();
    const profile = await world.deps.partners.getProfile('ptn_test');
    world.deps.partners = { getProfile: async () => profile && { ...profile, status: partners.active ? 'active' : 'disabled' } };
    const fact = makeFact(purchaseMembers);
    const first = await ingestFact({ reporter: 'payments', fact }, world.deps);
    partners.active = false;

    // Act
    const resent = await ingestFact({ reporter: 'payments', fact }, world.deps);
    const fresh = ingestFact({ reporter: 'payments', fact: { ...fact, event_id: 'evt-2' } }, world.deps);

    // Assess
    expect(first.applied).toBe(true);
    expect(resent).toEqual({ event_id: 'evt-1', duplicate: true, applied: false, events: [] });
    await expect(fresh).rejects.toMatchObject({ status: 404, code: 'partner_not_found' });
  });
});
