// tests → http → partner authentication middleware: a read overlaps the signature claim, a write waits for it,
// and a reused signature is refused whatever the handler found.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { signatureReused } from '#shared/errors';
import { signRequest } from '#shared/auth/request-signing';
import { BadRequestError, NotFoundError } from '#shared/errors';
import { besideSignatureClaim, errorHandler, partnerAuthentication, type HttpContext } from '#shared/http/middleware';
import { successResponse } from '#shared/http/response';
import { lambdaContext } from '#bin/local/api-gateway';
import { fakeCipher } from '#test/support/fakes';

const NOW = 1_763_812_800_000;
const SECRET = 'sk_test_secret';

/** A replay guard whose answer the test releases, recording what happened in which order. */
const makeDeps = ({ firstUse }: { firstUse: boolean }) => {
  const steps: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const deps: AuthenticationDeps = {
    credentials: { findByApiKey: async (apiKey) => ({ partnerId: 'p-1', apiKey, secretCiphertext: `enc:${SECRET}`, status: 'active' }) },
    replayGuard: {
      claim: async () => {
        steps.push('claim started');
        await released;
        steps.push('claim answered');
        return firstUse;
      },
    },
    cipher: fakeCipher,
    now: () => NOW,
  };
  return { deps, steps, release };
};

const makeEvent = (method: string): APIGatewayProxyEvent => {
  const timestamp = String(NOW);
  return {
    httpMethod: method,
    path: '/bookings/b-1',
    headers: { 'x-api-key': 'pk_live', 'x-timestamp': timestamp, 'x-signature': signRequest(SECRET, { timestamp, method, path: '/bookings/b-1' }) },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
  } as unknown as APIGatewayProxyEvent;
};

/** A handler that records when it runs and answers `outcome` (data, or a thrown error). */
const makeHandler = (setup: ReturnType<typeof makeDeps>, outcome: 'data' | 'not found') =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
    .use(errorHandler())
    .use(partnerAuthentication(setup.deps))
    .handler(async () => {
      setup.steps.push('handler ran');
      setup.release();
      if (outcome === 'not found') throw new NotFoundError('Booking not found.', 'booking_not_found');
      return successResponse({ message: 'Booking retrieved successfully.', data: { secret_field: 'booking data' } });
    });

describe('Middleware: partnerAuthentication', () => {
  it('runs a read while its signature is claimed, and answers once the claim succeeded', async () => {
    // Prepare
    const setup = makeDeps({ firstUse: true });

    // Act
    const response = await makeHandler(setup, 'data')(makeEvent('GET'), lambdaContext('get-booking'));

    // Assess
    expect(setup.steps).toEqual(['claim started', 'handler ran', 'claim answered']);
    expect(response.statusCode).toBe(200);
  });

  it('never returns what a read found when the signature turns out reused', async () => {
    // Prepare
    const setup = makeDeps({ firstUse: false });

    // Act
    const response = await makeHandler(setup, 'data')(makeEvent('GET'), lambdaContext('get-booking'));

    // Assess
    expect(setup.steps).toContain('handler ran');
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).error.code).toBe('signature_reused');
    expect(response.body).not.toContain('booking data');
  });

  it('answers a reused signature with the refusal even when the read failed', async () => {
    // Prepare
    const setup = makeDeps({ firstUse: false });

    // Act
    const response = await makeHandler(setup, 'not found')(makeEvent('GET'), lambdaContext('get-booking'));

    // Assess
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).error.code).toBe('signature_reused');
  });

  it.each(['POST', 'PUT', 'DELETE'])('claims the signature of a %s before the handler runs', async (method) => {
    // Prepare
    const setup = makeDeps({ firstUse: true });
    setup.release();

    // Act
    const response = await makeHandler(setup, 'data')(makeEvent(method), lambdaContext('write'));

    // Assess
    expect(setup.steps).toEqual(['claim started', 'claim answered', 'handler ran']);
    expect(response.statusCode).toBe(200);
  });

  it('never runs a write under a reused signature', async () => {
    // Prepare
    const setup = makeDeps({ firstUse: false });
    setup.release();

    // Act
    const response = await makeHandler(setup, 'data')(makeEvent('POST'), lambdaContext('create-booking'));

    // Assess
    expect(setup.steps).not.toContain('handler ran');
    expect(JSON.parse(response.body).error.code).toBe('signature_reused');
  });

  describe('with claimInWrite', () => {
    /** A write handler that puts the claim in its "transaction" (a set of used signatures), or fails with a 400. */
    const makeWrite = (setup: ReturnType<typeof makeDeps>, used: Set<string>, outcome: 'write' | 'bad request' | 'no write') =>
      middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
        .use(errorHandler())
        .use(partnerAuthentication(setup.deps, { claimInWrite: true }))
        .handler(async (_event, context) => {
          setup.steps.push('handler ran');
          if (outcome === 'bad request') throw new BadRequestError('bad_request', 'Invalid body.');
          if (outcome === 'write') {
            const record = await context.writeClaim!.intoWrite();
            if (used.has(record.signature)) throw signatureReused();
            used.add(record.signature);
            setup.steps.push('written with claim');
          }
          return successResponse({ status: 201, message: 'Created.', data: {} });
        });

    it('hands the claim to the write instead of claiming it before', async () => {
      // Prepare
      const setup = makeDeps({ firstUse: true });
      setup.release();
      const used = new Set<string>();

      // Act
      const response = await makeWrite(setup, used, 'write')(makeEvent('POST'), lambdaContext('create-booking'));

      // Assess
      expect(setup.steps).toEqual(['handler ran', 'written with claim']);
      expect(response.statusCode).toBe(201);
      expect(used.size).toBe(1);
    });

    it('claims the signature when the handler refused the request without writing, and answers a reuse with 401', async () => {
      // Prepare
      const setup = makeDeps({ firstUse: false });
      setup.release();

      // Act
      const response = await makeWrite(setup, new Set(), 'bad request')(makeEvent('POST'), lambdaContext('create-booking'));

      // Assess
      expect(setup.steps).toEqual(['handler ran', 'claim started', 'claim answered']);
      expect(JSON.parse(response.body).error.code).toBe('signature_reused');
    });

    it('refuses a reused signature found by the write itself', async () => {
      // Prepare
      const setup = makeDeps({ firstUse: true });
      setup.release();
      const used = new Set<string>();
      const write = makeWrite(setup, used, 'write');
      await write(makeEvent('POST'), lambdaContext('create-booking'));

      // Act
      const replay = await write(makeEvent('POST'), lambdaContext('create-booking'));

      // Assess
      expect(replay.statusCode).toBe(401);
      expect(JSON.parse(replay.body).error.code).toBe('signature_reused');
      expect(setup.steps).not.toContain('claim started');
    });

    it('claims the signature after a handler that wrote nothing', async () => {
      // Prepare
      const setup = makeDeps({ firstUse: true });
      setup.release();

      // Act
      const response = await makeWrite(setup, new Set(), 'no write')(makeEvent('POST'), lambdaContext('create-booking'));

      // Assess
      expect(setup.steps).toEqual(['handler ran', 'claim started', 'claim answered']);
      expect(response.statusCode).toBe(201);
    });
  });
  describe('with the claim beside a write (besideSignatureClaim)', () => {
    /** A write that reads, then waits for the claim before it changes anything; `found` false answers 404. */
    const makeBesideWrite = (setup: ReturnType<typeof makeDeps>, found: boolean) =>
      middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context & HttpContext>()
        .use(errorHandler())
        .use(partnerAuthentication(setup.deps, { claimInWrite: true }))
        .handler(async (_event, context) => {
          const data = await besideSignatureClaim(context.writeClaim, async (claimed) => {
            setup.steps.push('read');
            setup.release();
            if (!found) throw new NotFoundError('No such entry.', 'package_queue_not_found');
            await claimed;
            setup.steps.push('changed');
            return { changed: true };
          });
          return successResponse({ message: 'Changed.', data });
        });

    it('reads while the signature is claimed and changes nothing before the claim answered', async () => {
      // Prepare
      const setup = makeDeps({ firstUse: true });

      // Act
      const response = await makeBesideWrite(setup, true)(makeEvent('POST'), lambdaContext('native-redeem-package'));

      // Assess
      expect(setup.steps).toEqual(['claim started', 'read', 'claim answered', 'changed']);
      expect(response.statusCode).toBe(200);
    });

    it('answers a reused signature with signature_reused and changes nothing, whatever the write found', async () => {
      for (const found of [true, false]) {
        // Prepare
        const setup = makeDeps({ firstUse: false });

        // Act
        const response = await makeBesideWrite(setup, found)(makeEvent('POST'), lambdaContext('native-redeem-package'));

        // Assess
        expect(setup.steps).not.toContain('changed');
        expect(response.statusCode).toBe(401);
        expect(JSON.parse(response.body).error.code).toBe('signature_reused');
      }
    });
  });
});
