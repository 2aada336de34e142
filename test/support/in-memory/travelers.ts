// test support → TravelerStore in memory, with the DynamoDB adapter's semantics: a commit is one all-or-nothing
// write; a known fact id fails it with DuplicateFactError; a traveler or booking changed since it was read, or an
// external_user_id or email another traveler holds, fails it with ConcurrentChangeError; look-ups and package
// schedules follow the aggregate as the adapter derives them.
import { nextDueAt, type Traveler } from '#shared/domain/traveler';
import { shardOf } from '#shared/storage/keys';
import {
  ConcurrentChangeError,
  DuplicateFactError,
  PaymentAlreadyRecordedError,
  QueueUuidTakenError,
  type LifecycleChange,
  MAX_TRAVELER_GRANTS,
  type PackageSchedule,
  type PackageScheduleIndex,
  type TravelerStore,
  type TravelerWrite,
} from '#shared/usecases/ports/lifecycle';
import { bookingReplaceWrite, eventWrite } from '#test/support/in-memory/bookings';
import { memoryKeys } from '#test/support/in-memory/keys';
import { absent, atVersion, TransactionCanceled, type Item, type MemoryTable, type Write } from '#test/support/in-memory/table';

/** The adapter reads at most MAX_TRAVELER_GRANTS queue look-ups of a traveler key and booked-email entries. */
const QUERY_LIMIT = MAX_TRAVELER_GRANTS;

const refTo = (traveler: Traveler): Item => ({ partner_id: traveler.partner_id, user_id: traveler.user_id });

/** Writes a traveler write brings: the aggregate (version-checked), new look-ups, changed schedules. */
const travelerWrites = ({ before, after }: TravelerWrite): Write[] => {
  const writes: Write[] = [
    {
      key: memoryKeys.traveler(after.partner_id, after.user_id),
      put: after as unknown as Item,
      condition: before ? atVersion(before.version) : absent,
    },
  ];
  // Identity look-ups are unique per partner: a second traveler cannot take the same external_user_id or email.
  const identity = (key: string): Write => ({
    key,
    put: refTo(after),
    condition: (stored) => stored === undefined || stored.user_id === after.user_id,
  });
  if (after.external_user_id && after.external_user_id !== before?.external_user_id) {
    writes.push(identity(memoryKeys.travelerByExternalId(after.partner_id, after.external_user_id)));
  }
  if (after.email && after.email !== before?.email) writes.push(identity(memoryKeys.travelerByEmail(after.partner_id, after.email)));
  const knownEsims = new Set(before?.esims.map((e) => e.iccid));
  for (const esim of after.esims.filter((e) => !knownEsims.has(e.iccid))) writes.push({ key: memoryKeys.esimRef(esim.iccid), put: refTo(after) });
  const previous = new Map(before?.packages.map((p) => [p.package_id, p]));
  for (const pkg of after.packages) {
    const old = previous.get(pkg.package_id);
    if (!old) writes.push({ key: memoryKeys.packageRef(pkg.package_id), put: refTo(after) });
    if (!old && pkg.package_queue_uuid) {
      const paid = pkg.source === 'purchase' || pkg.source === 'topup';
      writes.push({
        key: memoryKeys.packageByQueueEntry(after.partner_id, pkg.package_queue_uuid),
        put: refTo(after),
        ...(paid && { condition: absent }),
      });
    }
    if (!old && pkg.payment_id) {
      writes.push({
        key: memoryKeys.packageByPayment(after.partner_id, pkg.payment_id),
        put: refTo(after),
        condition: (stored) => stored === undefined || stored.user_id === after.user_id,
      });
    }
    const due = nextDueAt(pkg)?.toISOString() ?? null;
    const dueBefore = old ? (nextDueAt(old)?.toISOString() ?? null) : null;
    if (due === dueBefore) continue;
    const key = memoryKeys.packageSchedule(after.partner_id, after.user_id, pkg.package_id);
    const schedule: PackageSchedule = { partner_id: after.partner_id, user_id: after.user_id, package_id: pkg.package_id, due_at: due ?? '' };
    writes.push(due === null ? { key, remove: true } : { key, put: schedule as unknown as Item });
  }
  return writes;
};

export const memoryTravelerStore = (table: MemoryTable): TravelerStore => {
  const get = async (partnerId: string, userId: string) => table.get(memoryKeys.traveler(partnerId, userId)) as Traveler | undefined;
  const viaRef = async (key: string) => {
    const ref = table.get(key);
    return ref ? get(String(ref.partner_id), String(ref.user_id)) : undefined;
  };

  return {
    get,
    findByExternalUserId: (partnerId, externalUserId) => viaRef(memoryKeys.travelerByExternalId(partnerId, externalUserId)),
    findByEmail: (partnerId, email) => viaRef(memoryKeys.travelerByEmail(partnerId, email)),
    findByIccid: (iccid) => viaRef(memoryKeys.esimRef(iccid)),
    findByPackageId: (packageId) => viaRef(memoryKeys.packageRef(packageId)),
    findByPackageQueueUuid: (partnerId, queueUuid) => viaRef(memoryKeys.packageByQueueEntry(partnerId, queueUuid)),

    async findPromoCodeUuid(partnerId, code) {
      const ref = table.get(memoryKeys.promoCodeValue(partnerId, code));
      return ref ? String(ref.promo_code_uuid) : undefined;
    },

    async queueRefs(partnerId, travelerKey) {
      return table
        .query(memoryKeys.prefix('queue', partnerId, travelerKey))
        .slice(0, QUERY_LIMIT)
        .map((ref) => ({ bookingId: String(ref.booking), queueUuid: String(ref.queue_uuid) }));
    },

    async externalUserIdsBookedWithEmail(partnerId, email) {
      const entries = table.query(memoryKeys.prefix('queue', partnerId)).filter((ref) => ref.booked_email === email.toLowerCase());
      return [...new Set(entries.slice(0, QUERY_LIMIT).map((ref) => String(ref.external_user_id)))];
    },

    async factRecorded(reporter, eventId) {
      return table.get(memoryKeys.fact(reporter, eventId)) !== undefined;
    },

    async commit(change: LifecycleChange) {
      const factWrites: Write[] = change.fact
        ? [{ key: memoryKeys.fact(change.fact.reporter, change.fact.eventId), put: { occurred_at: change.fact.occurredAt }, condition: absent }]
        : [];
      const writes = [
        ...factWrites,
        ...(change.travelers ?? []).flatMap(travelerWrites),
        ...(change.bookings ?? []).map(bookingReplaceWrite),
        ...(change.events ?? []).map(eventWrite),
      ];
      if (writes.length === 0) return;
      try {
        await table.transact(writes);
      } catch (error) {
        if (!(error instanceof TransactionCanceled)) throw error;
        if (factWrites.length > 0 && error.failed[0] === 0) throw new DuplicateFactError();
        // Only the payment's look-up (and the event named after the payment) failed: another traveler holds the
        // payment. With anything else, a concurrent change: retry.
        const ofPayment = (index: number) => ['payment-package', 'event'].some((kind) => writes[index]?.key.startsWith(memoryKeys.prefix(kind)));
        if (error.failed.some((index) => writes[index]?.key.startsWith(memoryKeys.prefix('payment-package'))) && error.failed.every(ofPayment)) {
          throw new PaymentAlreadyRecordedError();
        }
        if (error.failed.every((index) => writes[index]?.key.startsWith(memoryKeys.prefix('queue-package')))) throw new QueueUuidTakenError();
        throw new ConcurrentChangeError();
      }
    },
  };
};

/** The package schedules the store above writes, read as the sweeper's index: at most `limit` per shard, as the adapter. */
export const memoryPackageScheduleIndex = (table: MemoryTable): PackageScheduleIndex => ({
  async due(now, limit) {
    const due = (table.query(memoryKeys.prefix('package-schedule')) as unknown as PackageSchedule[])
      .filter((schedule) => new Date(schedule.due_at).getTime() <= now.getTime())
      .sort((a, b) => a.due_at.localeCompare(b.due_at));
    const taken = new Map<number, number>();
    return due.filter((schedule) => {
      const shard = shardOf(schedule.user_id);
      taken.set(shard, (taken.get(shard) ?? 0) + 1);
      return (taken.get(shard) ?? 0) <= limit;
    });
  },

  async drop(schedule) {
    await table.transact([{ key: memoryKeys.packageSchedule(schedule.partner_id, schedule.user_id, schedule.package_id), remove: true }]);
  },
});
