// provider adapter helper → the order a redemption resumes: the one journalled under its key, else (for orders begun
// before grant references named their package) the one journalled under its former key, when it ordered the same.
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
