// Function: sweepBookingEvents runs both sweeps every minute: one that fails neither skips nor hides the other, and
// the invocation still fails (so its error metric and alarm see it) after both have run.
import { jest } from '@jest/globals';
import type { Context } from 'aws-lambda';

const ran: string[] = [];
let failing: 'departures' | 'packages' | undefined;
const sweep = (name: 'departures' | 'packages', done: number) => async () => {
  ran.push(name);
  if (failing === name) throw new Error(`${name} store unavailable`);
  return done;
};
jest.unstable_mockModule('#shared/composition/schedules', () => ({ sweeperDependencies: {} }));
jest.unstable_mockModule('#shared/usecases/sweep-departure-events', () => ({ sweepDepartureEvents: sweep('departures', 1) }));
jest.unstable_mockModule('#shared/usecases/sweep-package-schedules', () => ({ sweepPackageSchedules: sweep('packages', 2) }));
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const { handler } = await import('#functions/sweep-booking-events');
const { logger } = await import('#shared/observability');

const context = { functionName: 'sweepBookingEvents', awsRequestId: 'req-1' } as Context;

describe('Function: sweepBookingEvents', () => {
  afterEach(() => {
    ran.length = 0;
    jest.restoreAllMocks();
  });

  it.each(['departures', 'packages'] as const)('still runs the other sweep when the %s sweep fails, then fails the invocation', async (name) => {
    // Prepare
    failing = name;
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => {});

    // Act
    const invocation = handler({}, context);

    // Assess
    await expect(invocation).rejects.toThrow(`Sweep failed: ${name}`);
    expect([...ran].sort()).toEqual(['departures', 'packages']);
    expect(errors).toHaveBeenCalledWith('Sweep failed', expect.objectContaining({ sweep: name }));
  });

  it('succeeds when both sweeps succeed', async () => {
    // Prepare
    failing = undefined;
    jest.spyOn(logger, 'info').mockImplementation(() => {});

    // Act
    await handler({}, context);

    // Assess
    expect([...ran].sort()).toEqual(['departures', 'packages']);
  });
});
