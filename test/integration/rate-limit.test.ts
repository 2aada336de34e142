// Per-partner rate limit through the local runtime: a token bucket per API key and client address, like the deployed rule.
import { envNames } from '#shared/config';
import { startTestService, type TestService } from '#test/support/test-service';

describe('Per-partner rate limit', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ [envNames.partnerRequestsPerWindow]: '3' });
  });
  afterAll(() => service.stop());

  it('answers 429 in the error shape once a partner used its requests, and keeps serving another partner', async () => {
    // Prepare
    const { client: busy } = await service.newPartner();
    const { client: quiet } = await service.newPartner();

    // Act
    const allowed = [];
    for (let i = 0; i < 3; i += 1) allowed.push(await busy.send('GET', '/bookings'));
    const refused = await busy.send('GET', '/bookings');
    const other = await quiet.send('GET', '/bookings');

    // Assess
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringContaining('Too many requests'),
      data: {},
      error: { code: 'rate_limited', details: [] },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(other.status).toBe(200);
  });

  it("does not spend a partner's count on requests that fail authentication with its public key", async () => {
    // Prepare
    const { client } = await service.newPartner();

    // Act
    const forged = [];
    for (let i = 0; i < 5; i += 1) forged.push(await client.send('GET', '/bookings', { omit: ['x-signature'] }));
    const signed = [];
    for (let i = 0; i < 4; i += 1) signed.push(await client.send('GET', '/bookings'));

    // Assess
    expect(forged.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
    expect(signed.map((response) => response.status)).toEqual([200, 200, 200, 429]);
  });
});
