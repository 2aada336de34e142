// test support → the providers' notices in memory, newest first as the store answers them.
import type { ProviderNotice, ProviderNotices } from '#shared/usecases/ports/provider-notices';

export const memoryProviderNotices = (): ProviderNotices & { all: ProviderNotice[] } => {
  const all: ProviderNotice[] = [];
  return {
    all,
    async record(notice) {
      all.push(notice);
    },
    async list(partnerId, iccid, limit) {
      return all
        .filter((notice) => notice.partner_id === partnerId && notice.iccid === iccid)
        .sort((a, b) => b.reported_at.localeCompare(a.reported_at))
        .slice(0, limit);
    },
  };
};
