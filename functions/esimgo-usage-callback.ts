// http adapter (eSIM Go) → POST /providers/esimgo/usage: eSIM Go's signed usage callback (V3) becomes usage facts,
// so package.activated and package.usage.* fire from the network's own counts (docs/providers.md, eSIM Go v2.5).
import { serviceClock } from '#shared/clock';
import { esimGoBundleOf, esimGoCallbackKey } from '#shared/composition/providers';
import { lifecycle } from '#shared/composition/repositories';
import { esimGoCallbackHandler } from '#shared/http/esimgo-callback-handler';
import { recordBundleUsage } from '#shared/usecases/provider-usage';

export const handler = esimGoCallbackHandler({
  apiKey: esimGoCallbackKey,
  record: async (report) => recordBundleUsage(report, { ...lifecycle, bundleOf: await esimGoBundleOf() }),
  now: () => serviceClock.now(),
});
