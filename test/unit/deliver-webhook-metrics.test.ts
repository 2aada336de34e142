// The delivery use case reports each HTTP attempt's outcome and latency to its observer (metrics in Lambda).
import { eventSource } from '#shared/events/pipeline';
import { deliverWebhook, DeliveryPostponed, type DeliverWebhookDeps } from '#shared/usecases/deliver-webhook';
import { MAX_ATTEMPTS } from '#shared/webhooks/retry-policy';
import { dispatcherDeps, makeDomainEvent, makePartnerProfile } from '#test/support/fakes';
import type { DeliveryOutcome } from '#shared/usecases/ports/webhooks';

const setup = (outcome: DeliveryOutcome) => {
  const observed: Array<[string, number]> = [];
  const { deps } = dispatcherDeps({ profile: makePartnerProfile(), post: async () => outcome, now: new Date('2026-11-22T12:00:00.000Z') });
  deps.observeAttempt = (result, latencyMs) => void observed.push([result, latencyMs]);
  return { deps, observed };
};

const event = makeDomainEvent();
const message = {
  messageId: 'm-1',
  receiptHandle: 'r-1',
  firstReceivedAt: '1700000000000',
  body: JSON.stringify({ version: '0', source: eventSource, 'detail-type': event.event, detail: event }),
};

const deliverOnce = async (deps: DeliverWebhookDeps) =>
  deliverWebhook(message, deps).catch((error: unknown) => {
    if (!(error instanceof DeliveryPostponed)) throw error;
  });

describe('Use case: deliverWebhook, attempt metrics', () => {
  it.each([
    ['delivered', { status: 204, latencyMs: 12.4 }, 12],
    ['rejected', { status: 410, latencyMs: 30 }, 30],
    ['retried', { status: 503, latencyMs: 7 }, 7],
  ] as const)('reports %s with the attempt latency', async (expected, outcome, latency) => {
    // Prepare
    const { deps, observed } = setup(outcome);

    // Act
    await deliverOnce(deps);

    // Assess
    expect(observed).toEqual([[expected, latency]]);
  });

  it('reports dead_lettered for the last failing attempt, retried for every one before it', async () => {
    // Prepare
    const { deps, observed } = setup({ status: 500, latencyMs: 3 });

    // Act
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) await deliverOnce(deps);

    // Assess
    expect(observed.map(([outcome]) => outcome)).toEqual([...Array<string>(MAX_ATTEMPTS - 1).fill('retried'), 'dead_lettered']);
  });
});
