// use case → what the traveler's home page shows; the data comes through the TravelerHomeSource port.
import type { EsimType, PackageQueueEntry, PackageSpecification } from '#shared/domain/booking';
import type { Brand } from '#shared/domain/brand';
import type { BrandDirectory } from '#shared/storage/brand-store';
import type { TravelerSession } from '#shared/usecases/traveler-sessions';

export interface QueuedPackageView {
  uuid: string;
  esim_type: EsimType;
  status: PackageQueueEntry['status'];
  expires_at: string | null;
  package: Pick<PackageSpecification, 'package_type' | 'size' | 'package_duration' | 'destination'>;
}

/**
 * Everything the home page can show of one traveler. Today the interim adapter
 * (shared/storage/interim-traveler-directory.ts) fills it from the bookings' package queues; the traveler
 * lifecycle fills `currentEsim` (eSIM, packages, data meter) when it lands.
 */
export interface TravelerHomeView {
  externalUserId: string;
  /** The newest booking's `locale` and `custom_branding`, for the page language and brand. */
  locale: string | null;
  brandId: string | null;
  packageQueues: QueuedPackageView[];
  currentEsim: null;
}

export interface TravelerHomeSource {
  load(partnerId: string, externalUserId: string): Promise<TravelerHomeView>;
}

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
