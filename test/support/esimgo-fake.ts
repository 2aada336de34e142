// test support → eSIM Go in memory, behind the adapter's client: places orders, lists them, hands out install details;
// `faults` plays one failure per transaction, `calls` records what was asked.
import { EsimGoRefusal, type EsimGoClient, type OrderLine } from '#shared/providers/esimgo/client';
import type { TransactionAnswer } from '#shared/providers/esimgo/schemas';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';

export type Fault = 'lost' | 'unplaced' | 'refused';

/** eSIM Go in memory: places orders, lists them, hands out install details; `faults` plays one failure per transaction. */
export const fakeEsimGo = (now: () => Date, options: { esimsInAnswer?: boolean } = {}) => {
  const placed: TransactionAnswer[] = [];
  const faults: Fault[] = [];
  const calls: string[] = [];
  const unavailable = (operation: string) => new ProviderUnavailableError({ kind: 'unreachable', provider: 'esimgo', operation, detail: 'timeout' });
  const client: EsimGoClient = {
    async validateOrder(line) {
      calls.push(`validate ${line.item}${line.iccid ? ` ${line.iccid}` : ''}`);
      return { order: [], total: 1, valid: true, currency: 'USD' };
    },
    async placeOrder(line: OrderLine) {
      calls.push(`transaction ${line.item}${line.iccid ? ` ${line.iccid}` : ''}`);
      const fault = faults.shift();
      if (fault === 'unplaced') throw unavailable('placeOrder');
      if (fault === 'refused') throw new EsimGoRefusal('placeOrder', 400, 'Insufficient balance');
      const n = placed.length + 1;
      const iccid = line.iccid ?? `89440000000000${String(n).padStart(5, '0')}`;
      const esims =
        line.iccid || options.esimsInAnswer === false ? undefined : [{ iccid, matchingId: `MATCH-${n}`, smdpAddress: 'http://rsp.esim-go.test' }];
      const answer: TransactionAnswer = {
        order: [{ type: 'bundle', item: line.item, quantity: 1, iccids: [iccid], ...(esims ? { esims } : {}) }],
        total: 2.28,
        currency: 'USD',
        status: 'completed',
        orderReference: `ref-${n}`,
        createdDate: now().toISOString(),
      };
      placed.push(answer);
      if (fault === 'lost') throw unavailable('placeOrder');
      return answer;
    },
    async listOrders({ from, to }) {
      calls.push('list orders');
      return placed.filter((o) => Date.parse(o.createdDate) >= from.getTime() && Date.parse(o.createdDate) <= to.getTime());
    },
    async assignments(reference) {
      calls.push(`assignments ${reference}`);
      const order = placed.find((o) => o.orderReference === reference);
      const iccid = order?.order[0]?.iccids?.[0] as string;
      return [{ iccid, matchingId: `MATCH-${reference.slice(4)}`, smdpAddress: 'rsp.esim-go.test' }];
    },
    async bundles() {
      calls.push('bundles');
      return {
        bundles: [
          {
            name: 'esim_1GB_7D_FR_V2',
            assignments: [{ id: 'a', initialQuantity: 1_000_000_000, remainingQuantity: 250_000_000, bundleState: 'active' as const }],
          },
        ],
      };
    },
  };
  return { client, placed, faults, calls };
};
