// use case → what the traveler's home page shows; the data comes through the TravelerHomeSource port.
import type { Brand } from '#shared/domain/brand';
import type { BrandDirectory } from '#shared/usecases/ports/partners';
import type { TravelerSession, TravelerHomeView, TravelerHomeSource } from '#shared/usecases/ports/travelers';

/** Input: the session (partner + traveler, nothing else). Output: that traveler's view and the brand to style it. */
export const showTravelerHome = async (
  input: { session: TravelerSession },
  deps: { home: TravelerHomeSource; brands: Pick<BrandDirectory, 'resolve'> },
): Promise<{ view: TravelerHomeView; brand: Brand | undefined }> => {
  const { partner_id: partnerId, external_user_id: externalUserId } = input.session;
  const view = await deps.home.load(partnerId, externalUserId);
  const brand = await deps.brands.resolve(partnerId, view.brandId);
  return { view, brand };
};
