// provider adapter helper → the order a redemption resumes: the one journalled under its key, else (for orders begun
// before grant references named their package) the one journalled under its former key, when it ordered the same;
// and the wait for an order another request is placing.
import type { ProviderOrder, ProviderOrderJournal } from '#shared/usecases/ports/provider-orders';

/**
 * The journalled order of `key`; else the order journalled under `formerKey`, when it is not cancelled and
 * `orderedTheSame` says it ordered what is asked now (decision F82, update of 2026-11-27). A redemption that placed its
 * order before grant references named their package, and is retried after, then resumes that order instead of paying
 * for a second one; a grant that changed meanwhile still orders what it now says.
 */
export const journalledOrder = async (
  journal: Pick<ProviderOrderJournal, 'get'>,
  partnerId: string,
  key: string,
  formerKey: string | undefined,
  orderedTheSame: (order: ProviderOrder) => boolean,
): Promise<ProviderOrder | undefined> => {
  const known = await journal.get(partnerId, key);
  if (known || formerKey === undefined || formerKey === key) return known;
  const former = await journal.get(partnerId, formerKey);
  return former && former.state !== 'cancelled' && orderedTheSame(former) ? former : undefined;
};

/** How long a request waits for the outcome of an order another request is placing: 10 looks, 300 ms apart. */
const IN_FLIGHT_POLLS = 10;
const IN_FLIGHT_POLL_MS = 300;

/**
 * The order `reference` another request is placing, once `done` says that request is through with it; else as the
 * journal last held it when the wait is over (undefined: nothing journalled).
 */
export const awaitOrder = async (
  journal: Pick<ProviderOrderJournal, 'get'>,
  partnerId: string,
  reference: string,
  done: (order: ProviderOrder) => boolean,
  sleep: (ms: number) => Promise<void>,
): Promise<ProviderOrder | undefined> => {
  let order: ProviderOrder | undefined;
  for (let poll = 0; poll < IN_FLIGHT_POLLS; poll += 1) {
    await sleep(IN_FLIGHT_POLL_MS);
    order = await journal.get(partnerId, reference);
    if (order && done(order)) return order;
  }
  return order;
};
