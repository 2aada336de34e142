// The service clock, the wall clock, and the local control endpoint that moves service time.
import { advanceLocalClock, localClockState, serviceClock, wallClock } from '#shared/clock';
import { LOCAL_CLOCK_PATH, localControl } from '#bin/local/clock-control';
import { routes } from '#shared/routes';

const DAY_MS = 86_400_000;
const initialStage = process.env.STAGE;
const restoreStage = () => {
  if (initialStage === undefined) delete process.env.STAGE;
  else process.env.STAGE = initialStage;
};

describe('Clock: service time', () => {
  afterEach(() => {
    process.env.STAGE = 'local';
    advanceLocalClock(-localClockState().offset_ms);
    restoreStage();
  });

  it('moves service time, and only service time, in the local runtime', () => {
    // Prepare
    process.env.STAGE = 'local';

    // Act
    const state = advanceLocalClock(2 * DAY_MS);
    const moved = serviceClock.now().getTime() - wallClock.now().getTime();

    // Assess
    expect(state.offset_ms).toBe(2 * DAY_MS);
    expect(moved).toBeGreaterThan(2 * DAY_MS - 1_000);
    expect(moved).toBeLessThanOrEqual(2 * DAY_MS);
  });

  it.each(['dev', 'production', undefined])('refuses to move in stage %s', (name) => {
    // Prepare
    if (name === undefined) delete process.env.STAGE;
    else process.env.STAGE = name;

    // Act + Assess
    expect(() => advanceLocalClock(DAY_MS)).toThrow('only be moved in the local runtime');
    expect(localClockState().offset_ms).toBe(0);
  });
});

describe('Local control: the clock endpoint', () => {
  beforeEach(() => {
    process.env.STAGE = 'local';
  });
  afterEach(() => {
    advanceLocalClock(-localClockState().offset_ms);
    restoreStage();
  });

  const makeControl = () => {
    const seen: number[] = [];
    const control = localControl({ runScheduledNow: async () => void seen.push(localClockState().offset_ms) });
    return { control, seen };
  };

  it('moves the clock, runs the scheduled work at the new time, then answers with the new time', async () => {
    // Prepare
    const { control, seen } = makeControl();

    // Act
    const answer = await control({ method: 'POST', path: LOCAL_CLOCK_PATH, contentType: 'application/json', body: JSON.stringify({ ms: -DAY_MS }) });

    // Assess
    expect(seen).toEqual([-DAY_MS]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { offset_ms: -DAY_MS, now: expect.any(String) } });
  });

  it('reads the clock with GET without running anything', async () => {
    const { control, seen } = makeControl();

    const answer = await control({ method: 'GET', path: LOCAL_CLOCK_PATH, body: '' });

    expect(answer.body).toMatchObject({ data: { offset_ms: 0 } });
    expect(seen).toEqual([]);
  });

  it.each([
    ['not json', 'invalid_json'],
    [JSON.stringify({ ms: 1.5 }), 'validation_error'],
    [JSON.stringify({ ms: '60000' }), 'validation_error'],
    [JSON.stringify({ ms: 1, extra: true }), 'validation_error'],
    [JSON.stringify({ ms: 11 * 366 * DAY_MS }), 'validation_error'],
  ])('answers 400 to the body %s and leaves the clock alone', async (body, code) => {
    const { control, seen } = makeControl();

    const answer = await control({ method: 'POST', path: LOCAL_CLOCK_PATH, contentType: 'application/json', body });

    expect(answer).toMatchObject({ status: 400, body: { success: false, error: { code } } });
    expect(localClockState().offset_ms).toBe(0);
    expect(seen).toEqual([]);
  });

  it.each([
    ['a form', 'application/x-www-form-urlencoded'],
    ['text/plain, as a cross-site fetch sends it without a preflight', 'text/plain;charset=UTF-8'],
    ['no content type', undefined],
  ])('answers 415 to a move sent as %s and leaves the clock alone', async (_, contentType) => {
    // Prepare
    const { control, seen } = makeControl();

    // Act
    const answer = await control({ method: 'POST', path: LOCAL_CLOCK_PATH, contentType, body: JSON.stringify({ ms: DAY_MS }) });

    // Assess
    expect(answer).toMatchObject({ status: 415, body: { success: false, error: { code: 'unsupported_media_type' } } });
    expect(localClockState().offset_ms).toBe(0);
    expect(seen).toEqual([]);
  });

  it('is not a route of the route table, so no deployed stage serves it', () => {
    expect(routes.filter((route) => route.path.startsWith('/__local'))).toEqual([]);
  });
});
