// test → docs/cost.md shows what the cost model computes: its tables are pasted from `npm run -s bench:cost`, and a
// figure changed on one side only fails here.
import { readFileSync } from 'node:fs';
import { busEventsPerBooking, costBlocks, emailsPerBooking, monthlyCost, perBooking, trafficPerBooking } from '#test/bench/cost-model';

const page = readFileSync(new URL('../../docs/cost.md', import.meta.url), 'utf8');

describe('Cost model', () => {
  it.each(costBlocks().map((block) => [block.split('\n')[0]!, block]))('docs/cost.md holds the block starting %s', (_first, block) => {
    expect(page).toContain(block);
  });

  it('sums a booking from its traffic, and prices a month linearly beyond the fixed costs', () => {
    // Prepare
    const deliveries = trafficPerBooking.find((row) => row.what.startsWith('Webhook deliveries'))!;

    // Act
    const booking = perBooking();
    const [small, large] = [monthlyCost(1_000_000), monthlyCost(2_000_000)];

    // Assess: an invocation for each API request, webhook delivery, email and outbox record (the publisher gathers none)
    expect(booking.invocations).toBeCloseTo(booking.apiRequests + deliveries.perBooking + busEventsPerBooking + emailsPerBooking, 9);
    const line = (costs: typeof small, name: string) => costs.find((cost) => cost.line === name)!.dollars;
    expect(line(large, 'DynamoDB requests')).toBeCloseTo(2 * line(small, 'DynamoDB requests'), 6);
    expect(line(large, 'SES')).toBeCloseTo(2 * line(small, 'SES'), 6);
    expect(line(large, 'Secrets Manager')).toBe(line(small, 'Secrets Manager'));
  });
});
