// local runtime → the demo partner and demo catalog packages a fresh local start provisions.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogPackage } from '#shared/domain/package-specification';
import type { LocalRuntime } from '#shared/local/runtime';
import { setBrand } from '#shared/usecases/manage-brands';
import { createPartner, type PartnerView } from '#shared/usecases/manage-partners';

/** Sample packages so `package_id` can be tried locally; a deployed stage imports its catalog with the ops CLI. */
export const demoCatalog: CatalogPackage[] = [
  { id: 'pkg-fra-5gb-30d', package_type: 'data-limited', size: '5GB', package_duration: 30, destination: 'FRA', traffic_policy: null },
  { id: 'pkg-usa-unl-7d', package_type: 'unlimited', size: null, package_duration: 7, destination: 'USA', traffic_policy: 'fair-use-2gb-day' },
  { id: 'pkg-eu-starter', package_type: 'starter', size: '500MB', package_duration: 2, destination: ['FRA', 'DEU', 'ITA'], traffic_policy: null },
];

export const DEMO_BRAND = 'demo-brand';

/** Creates the demo partner on first start and remembers its credentials under the data folder. */
export const provisionDemoPartner = async (runtime: LocalRuntime, dataDir: string): Promise<PartnerView> => {
  const file = join(dataDir, 'demo-partner.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as PartnerView;
    if (await runtime.admin.partners.getProfile(saved.partner_id)) return saved;
  }
  const partner = await createPartner({ name: 'Demo Partner' }, runtime.admin);
  await setBrand(
    { partnerId: partner.partner_id, settings: { brand_id: DEMO_BRAND, name: 'Demo Air', primary_color: '#0b5cad', logo: null }, makeDefault: true },
    runtime.admin,
  );
  for (const pkg of demoCatalog) await runtime.admin.catalog.putPackage(pkg);
  writeFileSync(file, JSON.stringify(partner, null, 2), { mode: 0o600 });
  return partner;
};

export const signedCurlExample = (url: string, partner: Pick<PartnerView, 'api_key' | 'api_secret'>): string =>
  [
    `KEY='${partner.api_key}'`,
    `SECRET='${partner.api_secret ?? '<your API secret>'}'`,
    `TS=$(date +%s%3N)`,
    `SIG=$(printf '%s' "\${TS}GET/bookings?perPage=5" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -s "${url}/bookings?perPage=5" -H "x-api-key: $KEY" -H "x-timestamp: $TS" -H "x-signature: $SIG" -H 'accept: application/json'`,
  ].join('\n');
