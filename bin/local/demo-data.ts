// local runtime → the demo partner a fresh local start provisions (the catalog is seeded by the runtime itself).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BookingOutput } from '#shared/domain/booking-schemas';
import { serviceClock } from '#shared/clock';
import type { LocalRuntime } from '#bin/local/runtime';
import { dynamoBookingStore } from '#shared/storage/booking-store';
import { createBooking } from '#shared/usecases/create-booking';
import { setBrand } from '#shared/usecases/manage-brands';
import { createPartner, type PartnerView } from '#shared/usecases/manage-partners';
import { esimInstalledAmong } from '#shared/usecases/booking-traveler';
import { dynamoTravelerLookups } from '#shared/storage/traveler-store';

export const DEMO_BRAND = 'demo-brand';
/** A traveler with a booking, so the web app has something to show right after `npm start`. */
export const DEMO_TRAVELER = 'demo-traveler';

const demoBooking = (): BookingOutput =>
  ({
    booking_id: 'DEMO-1',
    email: 'demo.traveler@example.com',
    departure_date: new Date(serviceClock.now().getTime() + 14 * 86_400_000).toISOString(),
    locale: 'en',
    custom_branding: DEMO_BRAND,
    package_specifications: [
      { package_type: 'data-limited', size: '5GB', package_duration: 30, destination: 'FRA', external_user_id: DEMO_TRAVELER },
      { package_type: 'data-limited', size: '3GB', package_duration: 15, destination: 'ITA', external_user_id: DEMO_TRAVELER },
    ],
  }) as BookingOutput;

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
  await createBooking(
    { partnerId: partner.partner_id, request: demoBooking() },
    {
      ...runtime.admin,
      bookings: dynamoBookingStore(runtime.admin.documentClient, runtime.tableName),
      esimInstalled: esimInstalledAmong(dynamoTravelerLookups(runtime.admin.documentClient, runtime.tableName)),
    },
  );
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

/** The signed POST that creates a redirect token for the demo traveler; its `url` opens the web app. */
export const redirectTokenCurlExample = (url: string, _partner: Pick<PartnerView, 'api_key' | 'api_secret'>): string =>
  [
    `TS=$(date +%s%3N)`,
    `SIG=$(printf '%s' "\${TS}POST/redirect-tokens/create" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -s -X POST "${url}/redirect-tokens/create" -H "x-api-key: $KEY" -H "x-timestamp: $TS" -H "x-signature: $SIG" \\`,
    `  -H 'content-type: application/json' -d '{"external_user_id":"${DEMO_TRAVELER}"}'`,
  ].join('\n');
