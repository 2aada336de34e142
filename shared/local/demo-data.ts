// local runtime → the demo partner a fresh local start provisions (the catalog is seeded by the runtime itself).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalRuntime } from '#shared/local/runtime';
import { createPartner, updatePartnerProfile, type PartnerView } from '#shared/usecases/manage-partners';

export const DEMO_BRAND = 'demo-brand';

/** Creates the demo partner on first start and remembers its credentials under the data folder. */
export const provisionDemoPartner = async (runtime: LocalRuntime, dataDir: string): Promise<PartnerView> => {
  const file = join(dataDir, 'demo-partner.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as PartnerView;
    if (await runtime.admin.partners.getProfile(saved.partner_id)) return saved;
  }
  const partner = await createPartner({ name: 'Demo Partner' }, runtime.admin);
  await updatePartnerProfile(partner.partner_id, (p) => ({ ...p, brands: [DEMO_BRAND] }), runtime.admin);
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
