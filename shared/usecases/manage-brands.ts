// use cases → operators manage a partner's brands (ops CLI): set, list, remove, choose the default.
import { BrandSettingsSchema, describeLogoProblem, MAX_BRANDS_PER_PARTNER, type Brand, type BrandSettingsInput } from '#shared/domain/brand';
import { validate } from '#shared/domain/validate';
import { BadRequestError, NotFoundError } from '#shared/errors';
import type { BrandAdminStore, PartnerDirectory } from '#shared/usecases/ports/partners';
import type { Clock } from '#shared/usecases/ports/services';

export interface BrandAdminDeps {
  brands: BrandAdminStore;
  partners: PartnerDirectory;
  clock: Clock;
}

export interface BrandView extends Brand {
  is_default: boolean;
}

const requirePartner = async (partnerId: string, deps: BrandAdminDeps) => {
  if (!(await deps.partners.getProfile(partnerId))) throw new NotFoundError(`No partner "${partnerId}".`, 'partner_not_found');
};

/**
 * Creates or replaces a brand. Input: brand id, name, primary color, logo (validated: hex color with AA contrast
 * against white text, https or small data URL logo). `makeDefault` also makes it the partner's default brand.
 */
export const setBrand = async (
  input: { partnerId: string; settings: BrandSettingsInput; makeDefault?: boolean },
  deps: BrandAdminDeps,
): Promise<BrandView> => {
  await requirePartner(input.partnerId, deps);
  const logoProblem = input.settings.logo ? describeLogoProblem(input.settings.logo) : undefined;
  if (logoProblem) throw new BadRequestError('invalid_logo', logoProblem, [{ path: 'logo', message: logoProblem }]);
  const settings = validate(BrandSettingsSchema, input.settings);
  const existing = await deps.brands.get(input.partnerId, settings.brand_id);
  if (!existing && (await deps.brands.list(input.partnerId)).length >= MAX_BRANDS_PER_PARTNER) {
    throw new BadRequestError('too_many_brands', `A partner has at most ${MAX_BRANDS_PER_PARTNER} brands; remove one first.`);
  }
  const now = deps.clock.now().toISOString();
  const brand: Brand = { partner_id: input.partnerId, ...settings, created_at: existing?.created_at ?? now, updated_at: now };
  await deps.brands.put(brand);
  if (input.makeDefault) await deps.brands.setDefault(input.partnerId, brand.brand_id);
  return { ...brand, is_default: input.makeDefault === true || (await deps.brands.defaultBrandId(input.partnerId)) === brand.brand_id };
};

export const listBrands = async (partnerId: string, deps: BrandAdminDeps): Promise<BrandView[]> => {
  await requirePartner(partnerId, deps);
  const [brands, defaultId] = await Promise.all([deps.brands.list(partnerId), deps.brands.defaultBrandId(partnerId)]);
  return brands.map((brand) => ({ ...brand, is_default: brand.brand_id === defaultId }));
};

export const removeBrand = async (input: { partnerId: string; brandId: string }, deps: BrandAdminDeps) => {
  await requirePartner(input.partnerId, deps);
  if (!(await deps.brands.remove(input.partnerId, input.brandId))) {
    throw new NotFoundError(`Partner ${input.partnerId} has no brand "${input.brandId}".`, 'brand_not_found');
  }
  return { removed: input.brandId };
};

/** Chooses the brand pages use when a booking names none; null clears it (pages use the service's own look). */
export const setDefaultBrand = async (input: { partnerId: string; brandId: string | null }, deps: BrandAdminDeps) => {
  await requirePartner(input.partnerId, deps);
  if (input.brandId !== null && !(await deps.brands.get(input.partnerId, input.brandId))) {
    throw new NotFoundError(`Partner ${input.partnerId} has no brand "${input.brandId}".`, 'brand_not_found');
  }
  await deps.brands.setDefault(input.partnerId, input.brandId);
  return { partner_id: input.partnerId, default_brand: input.brandId };
};
