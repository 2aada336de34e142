// use case → the web app's button on a waiting grant: the native calls' use cases, for the session's traveler. A
// universal grant is redeemed onto the eSIM; a classic one is claimed, after its destination when the traveler chose it.
import type { EsimType } from '#shared/domain/booking';
import { claimClassicGrant, setClassicGrantDestination } from '#shared/usecases/classic-grants';
import type { LifecycleDeps } from '#shared/usecases/ports/lifecycle';
import type { TravelerSession } from '#shared/usecases/ports/travelers';
import { redeemPackageQueueEntry } from '#shared/usecases/redeem-package-queue-entry';

/**
 * Input: the session, the entry and its kind, the country chosen for an entry that names none. Output: nothing (the
 * home page shows the result). Refusals are the native calls' own: 404 package_queue_not_found, 409
 * package_queue_not_pending / package_queue_expired, 409 destination_required.
 */
export const takeWaitingGrant = async (
  input: { session: TravelerSession; packageQueueId: string; esimType: EsimType; destination?: string },
  deps: LifecycleDeps,
): Promise<void> => {
  const traveler = { partnerId: input.session.partner_id, externalUserId: input.session.external_user_id };
  if (input.esimType === 'universal') {
    await redeemPackageQueueEntry({ ...traveler, packageQueueId: input.packageQueueId, destination: input.destination }, deps);
    return;
  }
  if (input.destination) await setClassicGrantDestination({ ...traveler, queueId: input.packageQueueId, destination: input.destination }, deps);
  await claimClassicGrant({ ...traveler, queueId: input.packageQueueId }, deps);
};
