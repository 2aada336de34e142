// http adapter (SM-DP+) → POST /gsma/rsp2/es2plus/handleDownloadProgressInfo (SGP.22 5.3.5): an SM-DP+ reports
// the progress of a download order; installations become esim.installed, deletions esim.removed (docs/providers.md,
// Notifications).
import { notificationAllowList } from '#shared/composition/providers';
import { lifecycleStores, providerNotices } from '#shared/composition/repositories';
import { es2PlusNotificationHandler } from '#shared/http/es2plus-notification-handler';
import { recordDownloadProgress } from '#shared/usecases/download-progress';

export const handler = es2PlusNotificationHandler({
  allowList: notificationAllowList,
  record: (notification) => recordDownloadProgress(notification, { ...lifecycleStores, notices: providerNotices }),
});
