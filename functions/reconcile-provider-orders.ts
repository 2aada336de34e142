// schedule adapter → every minute, settles provider orders left mid-way (docs/providers.md, Reconciliation).
import middy from '@middy/core';
import { reconciliationDependencies } from '#shared/composition/schedules';
import { logger, observability } from '#shared/observability';
import { reconcileProviderOrders } from '#shared/usecases/reconcile-provider-orders';

export const handler = middy()
  .use(observability())
  .handler(async (): Promise<void> => {
    const { reconciler, ...deps } = reconciliationDependencies;
    // A stage provisioning in process (simulated) places no provider orders.
    if (!reconciler) return;
    const outcome = await reconcileProviderOrders({ ...deps, reconciler });
    if (outcome.settled > 0 || outcome.deferred > 0) logger.info('Provider orders reconciled', { ...outcome });
  });
