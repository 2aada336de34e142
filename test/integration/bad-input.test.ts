// Inputs that used to break the service, through the local HTTP server: each gets a 4xx in the error shape.
import { MAX_JSON_DEPTH } from '#shared/http/request';
import { useTestService } from '#test/support/test-service';

const errorShape = (code: string) => ({ success: false, data: {}, error: { code, details: expect.any(Array) } });

/** `{"a":{"a":…}}` nested `levels` deep: about 10 KB for 2,000 levels. */
const nestedJson = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('Bad input through the local runtime', () => {
  const service = useTestService();


  it('refuses a body nested 2,000 levels deep with 400 before anything recurses', async () => {
    // Act
    const response = await service.client.send('POST', '/bookings', { rawBody: nestedJson(2000), headers: { 'idempotency-key': 'deep-1' } });

    // Assess
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(errorShape('validation_error'));
    expect(response.body.message).toContain(`${MAX_JSON_DEPTH} levels`);
  });

  it('refuses an array nested one level deeper than the limit', async () => {
    // Act
    const response = await service.client.send('POST', '/bookings', { rawBody: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}` });

    // Assess
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(errorShape('validation_error'));
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty', 'toString'])('treats a query parameter named %s like any other name', async (name) => {
    // Act
    const response = await service.client.send('GET', `/bookings?${name}=1`);

    // Assess: an unknown parameter is ignored, like any other unknown name.
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty', 'toString'])('treats a header named %s like any other name', async (name) => {
    // Act
    const response = await service.client.send('GET', '/bookings', { headers: { [name]: 'x' } });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('answers oversize headers with 431 in the error shape', async () => {
    // Act
    const response = await fetch(`${service.url}/bookings`, { headers: { 'x-padding': 'a'.repeat(20 * 1024) } });

    // Assess
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject(errorShape('request_header_fields_too_large'));
  });
});
