// Function: createBooking reads every header it needs before anything is stored: a malformed Idempotency-Key is
// refused with 400 without reaching the idempotency store, and the request's signature is spent once, after the
// refusal (a refused request still spends it, like every 4xx).
import { jest } from '@jest/globals';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { signRequest } from '#shared/auth/request-signing';
import { makeBookingRequest } from '#test/support/factories';
import { fakeCipher } from '#test/support/fakes';

const SECRET = 'sk_test_secret';
const steps: string[] = [];

const partnerAuthenticationDeps: AuthenticationDeps = {
  credentials: { findByApiKey: async (apiKey) => ({ partnerId: 'ptn_1', apiKey, secretCiphertext: `enc:${SECRET}`, status: 'active' }) },
  replayGuard: {
    claim: async () => {
      steps.push('signature spent');
      return true;
    },
  },
  cipher: fakeCipher,
  now: () => Date.now(),
};
jest.unstable_mockModule('#shared/composition/authentication', () => ({ partnerAuthenticationDeps }));
jest.unstable_mockModule('#shared/composition/idempotency', () => ({
  idempotency: {
    run: async () => {
      steps.push('idempotency store');
      throw new Error('The idempotency store must not be reached with a malformed key');
    },
  },
}));
process.env.TABLE_NAME = 'bookings';
process.env.AWS_REGION = 'eu-west-1';
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
const { handler } = await import('#functions/create-booking');

const signedPost = (headers: Record<string, string>): APIGatewayProxyEvent => {
  const timestamp = String(Date.now());
  return {
    httpMethod: 'POST',
    path: '/bookings',
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'pk_test',
      'x-timestamp': timestamp,
      'x-signature': signRequest(SECRET, { timestamp, method: 'POST', path: '/bookings' }),
      ...headers,
    },
    body: JSON.stringify(makeBookingRequest()),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    requestContext: {},
  } as unknown as APIGatewayProxyEvent;
};

describe('Function: createBooking', () => {
  it('refuses a malformed Idempotency-Key with 400 before the idempotency store, spending the signature once', async () => {
    // Act
    const response = (await handler(signedPost({ 'idempotency-key': 'has spaces in it' }), {
      functionName: 'createBooking',
      getRemainingTimeInMillis: () => 10_000,
    } as Context)) as APIGatewayProxyResult;

    // Assess
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error.code).toBe('invalid_idempotency_key');
    expect(steps).toEqual(['signature spent']);
  });
});
