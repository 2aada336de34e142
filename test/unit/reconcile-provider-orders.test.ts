import { parseEs2PlusSecret } from '#shared/providers/es2plus/es2plus-secret';
import { ProviderUnavailableError } from '#shared/usecases/ports/provider-errors';
import type { ProviderOrder } from '#shared/usecases/ports/provider-orders';
import { reconcileProviderOrders } from '#shared/usecases/reconcile-provider-orders';
import type { Traveler } from '#shared/domain/traveler';
import { memoryProviderOrderJournal } from '#test/support/fakes';

const order = (overrides: Partial<ProviderOrder>): ProviderOrder => ({
  partner_id: 'p1',
  reference: 'p1:universal:promo:a',
  provider: 'es2plus',
  attempt: 1,
  profile_type: 'TRAVEL',
  state: 'confirmed',
  iccid: '8988200000000000001',
  matching_id: 'AB-CD',
  smdp_address: 'smdp.example.com',
  confirmation_code_required: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  reconcile_at: '2026-11-25T10:15:00.000Z',
  ...overrides,
});

describe('Use case: reconcileProviderOrders', () => {
  it('keeps an order whose ICCID a traveler of the same partner carries, cancels one another partner carries, and defers on a provider failure', async () => {
    // Prepare
    const { journal } = memoryProviderOrderJournal();
    await journal.save(order({ reference: 'attached', iccid: '1' }));
    await journal.save(order({ reference: 'foreign', iccid: '2' }));
    await journal.save(order({ reference: 'down', iccid: '3' }));
    await journal.save(order({ reference: 'later', iccid: '4', reconcile_at: '2026-11-25T11:00:00.000Z' }));
    const holders: Record<string, string> = { '1': 'p1', '2': 'p2' };
    const seen: Array<[string, boolean]> = [];

    // Act
    const outcome = await reconcileProviderOrders({
      orders: journal,
      travelers: { findByIccid: async (iccid) => (holders[iccid] ? ({ partner_id: holders[iccid] } as Traveler) : undefined) },
      reconciler: {
        reconcile: async (o, attached) => {
          if (o.reference === 'down')
            throw new ProviderUnavailableError({ kind: 'unreachable', provider: 'es2plus', operation: 'cancelOrder', detail: 'HTTP 503' });
          seen.push([o.reference, attached]);
          return o;
        },
      },
      clock: { now: () => new Date('2026-11-25T10:30:00.000Z') },
    });

    // Assess
    expect(seen).toEqual([
      ['attached', true],
      ['foreign', false],
    ]);
    expect(outcome).toEqual({ settled: 2, deferred: 1 });
  });
});

describe('Provider secret: ES2+', () => {
  it('names the fields that are wrong and never echoes a value', () => {
    const secret = JSON.stringify({ endpoint: 'http://insecure.example', privateKey: 'top-secret-key-material' });

    const error = (() => {
      try {
        parseEs2PlusSecret(secret);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();

    expect(error?.message).toMatch(/invalid at: .*endpoint.*privateKey/);
    expect(error?.message).not.toContain('top-secret');
    expect(error?.message).not.toContain('insecure.example');
  });
});
