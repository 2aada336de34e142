// The traveler aggregate's state machines, usage thresholds and event payloads, without storage.
import { hasValidLuhn } from '#shared/domain/luhn';
import { isIso4217 } from '#shared/domain/currency';
import { esimInstalled, packageActivated, packageUsage } from '#shared/domain/lifecycle-events';
import { eventDataFields } from '#shared/events/event-members';
import {
  activatePackage,
  addProvisionedEsim,
  dueThresholds,
  type Esim,
  installEsim,
  markThresholds,
  newPackageState,
  newTraveler,
  nextDueAt,
  nextTravelerVersion,
  recordUsage,
  removeEsim,
  sizeInBytes,
  type Traveler,
  type TravelerPackage,
} from '#shared/domain/traveler';
import { simulatedConnectivity } from '#shared/providers/simulated-connectivity';
import { sandboxAvailable, sandboxRouteNotFound } from '#shared/usecases/sandbox';
import { passTime } from '#shared/usecases/sweep-package-schedules';
import { makeEsim, makePackagePlan } from '#test/support/factories';

const T0 = new Date('2026-06-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;

const makePackage = (overrides: Partial<TravelerPackage> = {}): TravelerPackage => ({
  package_id: 'pkg_1',
  iccid: '8988200000000000001',
  source: 'promo_code',
  payment_id: null,
  package_queue_uuid: 'q-1',
  promo_code_id: 'p-1',
  booking_id: 'b-1',
  destination: 'FRA',
  package_type: 'data-limited',
  size: '1GB',
  size_bytes: 1024 ** 3,
  duration_days: 10,
  ...newPackageState(),
  created_at: T0.toISOString(),
  ...overrides,
});

const makeTraveler = (pkg: Partial<TravelerPackage> = {}, esim: Partial<Esim> = {}): Traveler => ({
  ...newTraveler({ partnerId: 'partner-1', externalUserId: 'traveler-1', email: null, now: T0 }),
  esims: [makeEsim(esim)],
  packages: [makePackage(pkg)],
});

const expectSpecFields = (data: Record<string, unknown>, fields: readonly string[]) => expect(Object.keys(data).sort()).toEqual([...fields].sort());

describe('eSIM state machine', () => {
  it('starts a new eSIM from a provider profile as provisioned, never installed, and keeps the eSIMs the traveler had', () => {
    // Prepare
    const traveler = makeTraveler();
    const profile = { iccid: '8988200000000000002', imsi: null, activation_code: 'LPA:1$smdp.example.com$MATCH-1' };

    // Act
    const added = addProvisionedEsim(traveler, profile, { kind: 'classic', destination: 'FRA', bookingId: 'b-1' }, at(1));

    // Assess
    expect(added.esim).toMatchObject({ ...profile, kind: 'classic', destination: 'FRA', state: 'provisioned', installs: 0, removals: 0 });
    expect(added.esim.state_changed_at).toBe(at(1).toISOString());
    expect(added.traveler.esims.map((e) => e.iccid)).toEqual(['8988200000000000001', '8988200000000000002']);
    expect(installEsim(added.traveler, profile.iccid, at(2)).esim.installs).toBe(1);
  });

  it('makes every write of a traveler one version after the stored one', () => {
    const stored = { ...makeTraveler(), version: 4 };

    expect(nextTravelerVersion(stored, stored, at(5))).toMatchObject({ version: 5, updated_at: at(5).toISOString() });
    expect(nextTravelerVersion(stored, undefined, at(5)).version).toBe(1);
  });

  it('goes provisioned → installed → removed → installed, counting each occurrence', () => {
    const installed = installEsim(makeTraveler(), '8988200000000000001', at(1));
    const removed = removeEsim(installed.traveler, '8988200000000000001', at(2));
    const again = installEsim(removed.traveler, '8988200000000000001', at(3));

    expect([installed.esim.state, removed.esim.state, again.esim.state]).toEqual(['installed', 'removed', 'installed']);
    expect(again.esim).toMatchObject({ installs: 2, removals: 1 });
    expect(esimInstalled(again.traveler, again.esim, at(3)).event_id).toBe('esim.installed:8988200000000000001:2');
  });

  it('refuses installing an installed eSIM and removing one that is not installed, with 409', () => {
    const installed = installEsim(makeTraveler(), '8988200000000000001', at(1)).traveler;

    expect(() => installEsim(installed, '8988200000000000001', at(2))).toThrow(
      expect.objectContaining({ status: 409, code: 'esim_already_installed' }),
    );
    expect(() => removeEsim(makeTraveler(), '8988200000000000001', at(2))).toThrow(
      expect.objectContaining({ status: 409, code: 'esim_not_installed' }),
    );
  });
});

describe('Package state machine', () => {
  it('activates a queued package once, with expires_at from its duration', () => {
    const { pkg, traveler } = activatePackage(makeTraveler(), 'pkg_1', at(0));

    expect(pkg).toMatchObject({ state: 'active', activated_at: T0.toISOString(), expires_at: at(10 * DAY).toISOString() });
    expect(() => activatePackage(traveler, 'pkg_1', at(1))).toThrow(expect.objectContaining({ status: 409, code: 'package_not_queued' }));
  });

  it('refuses usage for a queued package and ignores older or smaller reports', () => {
    expect(() => recordUsage(makeTraveler(), 'pkg_1', 10, at(1))).toThrow(expect.objectContaining({ code: 'package_not_active' }));
    const active = activatePackage(makeTraveler(), 'pkg_1', at(0)).traveler;
    const first = recordUsage(active, 'pkg_1', 500, at(2000));

    expect(recordUsage(first.traveler, 'pkg_1', 600, at(1000)).changed).toBe(false);
    expect(recordUsage(first.traveler, 'pkg_1', 400, at(3000)).changed).toBe(false);
    expect(recordUsage(first.traveler, 'pkg_1', 700, at(3000)).pkg.used_bytes).toBe(700);
  });

  it('depletes a data package at 100 % and takes no usage after that', () => {
    const active = activatePackage(makeTraveler(), 'pkg_1', at(0)).traveler;
    const full = recordUsage(active, 'pkg_1', 1024 ** 3, at(1));

    expect(full.pkg.state).toBe('depleted');
    expect(recordUsage(full.traveler, 'pkg_1', 1024 ** 3 + 5, at(2)).changed).toBe(false);
  });

  it('expires an active package when its time is up, through passTime', () => {
    const active = activatePackage(makeTraveler(), 'pkg_1', at(0)).traveler;

    expect(passTime(active, at(10 * DAY - 1)).traveler.packages[0]?.state).toBe('active');
    expect(passTime(active, at(10 * DAY)).traveler.packages[0]?.state).toBe('expired');
  });
});

describe('Usage thresholds', () => {
  const usedAt = (percentOfSize: number, traveler = activatePackage(makeTraveler(), 'pkg_1', at(0)).traveler) =>
    recordUsage(traveler, 'pkg_1', Math.round((1024 ** 3 * percentOfSize) / 100), at(1000)).pkg;

  it('fires 50 at exactly 50 % and nothing at 49.99 %', () => {
    expect(dueThresholds(usedAt(50), at(1000))).toEqual([50]);
    expect(dueThresholds(usedAt(49.99), at(1000))).toEqual([]);
  });

  it('fires all three on a jump from 40 % to 100 %, each once', () => {
    const at40 = recordUsage(activatePackage(makeTraveler(), 'pkg_1', at(0)).traveler, 'pkg_1', Math.round(1024 ** 3 * 0.4), at(1)).traveler;
    const full = recordUsage(at40, 'pkg_1', 1024 ** 3, at(2));

    const fired = dueThresholds(full.pkg, at(2));
    const marked = markThresholds(full.traveler, full.pkg, fired);

    expect(fired).toEqual([50, 80, 100]);
    expect(dueThresholds(marked.pkg, at(3))).toEqual([]);
  });

  it('counts a zero-size package as fully used by its first report', () => {
    const zero = activatePackage(makeTraveler({ size: '0MB', size_bytes: 0 }), 'pkg_1', at(0)).traveler;
    const reported = recordUsage(zero, 'pkg_1', 0, at(1));

    expect(dueThresholds(reported.pkg, at(1))).toEqual([50, 80, 100]);
    expect(reported.pkg.state).toBe('depleted');
  });

  it('fires duration thresholds of an unlimited package as time passes, not on data', () => {
    const unlimited = activatePackage(makeTraveler({ package_type: 'unlimited', size: null, size_bytes: null }), 'pkg_1', at(0)).traveler;

    const half = passTime(unlimited, at(5 * DAY));
    const end = passTime(half.traveler, at(10 * DAY));

    expect(half.events.map((e) => e.event)).toEqual(['package.usage.50_percent']);
    expect(half.events[0]?.data).toMatchObject({ duration_days: 10, elapsed_days: 5, remaining_days: 5, usage_percent: 50 });
    expect(end.events.map((e) => e.event)).toEqual(['package.usage.80_percent', 'package.usage.100_percent']);
    expect(end.traveler.packages[0]?.state).toBe('expired');
    expect(nextDueAt(end.traveler.packages[0] as TravelerPackage)).toBeNull();
  });

  it('schedules the next duration threshold, then the expiry', () => {
    const unlimited = activatePackage(makeTraveler({ package_type: 'time-limited' }), 'pkg_1', at(0));

    expect(nextDueAt(unlimited.pkg)?.toISOString()).toBe(at(5 * DAY).toISOString());
    expect(nextDueAt(activatePackage(makeTraveler(), 'pkg_1', at(0)).pkg)?.toISOString()).toBe(at(10 * DAY).toISOString());
  });
});

describe('Event payloads carry exactly the spec fields', () => {
  const active = activatePackage(makeTraveler(), 'pkg_1', at(0));

  it('package.activated', () => {
    expectSpecFields(packageActivated(active.traveler, active.pkg, at(0)).data, eventDataFields['package.activated']);
  });

  it('data-based and duration-based usage events', () => {
    const used = recordUsage(active.traveler, 'pkg_1', 1024 ** 3 / 2, at(1)).pkg;
    const data = packageUsage(active.traveler, used, 50, at(1));
    const unlimited = activatePackage(makeTraveler({ package_type: 'unlimited', size_bytes: null, size: null }), 'pkg_1', at(0)).pkg;

    expectSpecFields(data.data, eventDataFields['package.usage.data']);
    expect(data.data).toMatchObject({ used_bytes: 1024 ** 3 / 2, remaining_bytes: 1024 ** 3 / 2, size: '1GB', usage_percent: 50 });
    expectSpecFields(packageUsage(active.traveler, unlimited, 80, at(8 * DAY)).data, eventDataFields['package.usage.duration']);
  });
});

describe('Simulated connectivity provider', () => {
  it('issues ICCIDs with a valid Luhn digit, an LPA activation code and a 15-digit IMSI on the destination network', async () => {
    const provider = simulatedConnectivity();

    const profile = await provider.allocateEsim({
      partnerId: 'p',
      idempotencyKey: 'p:u:universal',
      destination: 'FRA',
      firstPackage: makePackagePlan({ destination: 'FRA' }),
      firstPackageReference: 'promo:a:FRA:1GB:365d',
      confirmationCode: false,
    });

    expect(hasValidLuhn(profile.iccid)).toBe(true);
    expect(profile.iccid).toMatch(/^89\d{17}$/);
    expect(profile.activation_code).toBe(`LPA:1$${profile.smdp_address}$${profile.matching_id}`);
    expect(profile.imsi).toMatch(/^\d{15}$/);
    expect(profile.imsi?.startsWith(await provider.networkFor('FRA'))).toBe(true);
    expect(
      (
        await provider.allocateEsim({
          partnerId: 'p',
          idempotencyKey: 'p:u:universal',
          destination: 'FRA',
          firstPackage: makePackagePlan({ destination: 'FRA' }),
          firstPackageReference: 'promo:a:FRA:1GB:365d',
          confirmationCode: false,
        })
      ).iccid,
    ).toBe(profile.iccid);
  });
});

describe('Reference data', () => {
  it('parses sizes in binary units and validates ISO 4217 codes from the maintained list', () => {
    expect(sizeInBytes('500MB')).toBe(500 * 1024 ** 2);
    expect(sizeInBytes('1.5GB')).toBe(1.5 * 1024 ** 3);
    expect(isIso4217('EUR')).toBe(true);
    expect(isIso4217('XYZ')).toBe(false);
  });
});

describe('Sandbox availability', () => {
  it('exists in every stage except production, where its routes answer route_not_found', () => {
    expect(['local', 'dev', 'staging'].map(sandboxAvailable)).toEqual([true, true, true]);
    expect(sandboxAvailable('production')).toBe(false);
    expect(sandboxRouteNotFound()).toMatchObject({ status: 404, code: 'route_not_found' });
  });
});
