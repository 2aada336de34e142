// Inputs that used to break the service, through the local HTTP server: each gets a 4xx in the error shape.
import { connect } from 'node:net';
import { MAX_JSON_DEPTH, NOT_UTF8_TEXT } from '#shared/http/request';
import { useTestService } from '#test/support/test-service';

const errorShape = (code: string) => ({ success: false, data: {}, error: { code, details: expect.any(Array) } });

/** Sends `head` as it is on a new connection and reads until the server closes it: for requests fetch refuses to send. */
const rawExchange = (url: string, head: string) =>
  new Promise<{ status: number; body: string }>((done, fail) => {
    const { hostname, port } = new URL(url);
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket
      .setEncoding('utf8')
      .on('data', (chunk: string) => (answer += chunk))
      .on('error', fail);
    socket.on('close', () =>
      done({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }),
    );
  });

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
    const response = await service.client.send('POST', '/bookings', {
      rawBody: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`,
    });

    // Assess
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(errorShape('validation_error'));
  });

  it.each([
    ['U+FFFF written raw', '{"booking_id":"BK-\uFFFF-1","email":"a@example.com","departure_date":"2030-01-01","package_specifications":[{}]}'],
    ['U+FFFE as a JSON escape', '{"booking_id":"BK-\\ufffe-1","email":"a@example.com","departure_date":"2030-01-01","package_specifications":[{}]}'],
  ])('refuses a noncharacter no event could carry (%s) with 400, before anything is stored', async (_label, rawBody) => {
    const response = await service.client.send('POST', '/bookings', { rawBody });

    expect(response.status).toBe(400);
    expect(response.body.message).toContain('U+FFFE, U+FFFF or a lone surrogate');
  });

  it('refuses a lone surrogate escape, which storage would keep as "?", but takes an escaped emoji', async () => {
    const body = (id: string) => `{"email":"a@example.com","departure_date":"2030-01-01","package_specifications":[{"external_user_id":"${id}"}]}`;

    const lone = await service.client.send('POST', '/bookings', { rawBody: body('victim\\ud800N') });
    const paired = await service.client.send('POST', '/bookings', { rawBody: body('traveler-\\ud83d\\ude00') });

    expect([lone.status, lone.body.message]).toEqual([400, 'The request body holds U+FFFE, U+FFFF or a lone surrogate, which text may not hold.']);
    expect(paired.status).toBe(201);
    expect(paired.body.data[0].package_queues[0].external_user_id).toBe('traveler-😀');
  });

  it('refuses a body that is not UTF-8 (a Latin-1 name) with 400 instead of storing the name with its letter lost, but takes an escaped U+FFFD', async () => {
    // Prepare: "Müller" in Latin-1, whose ü (0xFC) no UTF-8 text holds
    const body = (name: string) =>
      `{"email":"a@example.com","first_name":"${name}","departure_date":"2030-01-01","package_specifications":[{"external_user_id":"u-1"}]}`;
    const latin1 = Buffer.from(body('M\u00fcller'), 'latin1');

    // Act
    const refused = await service.client.send('POST', '/bookings', { rawBody: latin1 });
    const escaped = await service.client.send('POST', '/bookings', { rawBody: body('M\\ufffdller') });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(errorShape('validation_error'));
    expect(refused.body.message).toBe(NOT_UTF8_TEXT);
    expect(escaped.status).toBe(201);
    expect(escaped.body.data[0].first_name).toBe('M\ufffdller');
  });

  it('refuses an external_user_id that would name the key of grants addressed by email', async () => {
    const response = await service.client.send('GET', '/native/user-dashboard?external_user_id=email%3Avictim%40example.com');

    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'external_user_id', message: 'external_user_id must not start with "email:".' }]);
  });

  it.each([
    ['POST', '/bookings'],
    ['PUT', '/webhooks/endpoint'],
    ['POST', '/webhooks/endpoint/signing-secret'],
  ])('refuses a JSON array as the body of %s %s', async (method, path) => {
    const response = await service.client.send(method, path, { rawBody: '[]' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(errorShape('validation_error'));
    expect(response.body.message).toBe('The request body must be a JSON object.');
  });

  it.each(['/webhooks/endpoint/test', '/webhooks/portal-link'])(
    'takes no body or {} on POST %s, which takes no members, and refuses anything else with 400',
    async (path) => {
      // Act
      const [empty, malformed, member, text] = [
        await service.client.send('POST', path, { rawBody: ' { } ' }),
        await service.client.send('POST', path, { rawBody: '{' }),
        await service.client.send('POST', path, { body: { overlap_minutes: 5 } }),
        await service.client.send('POST', path, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }),
      ];

      // Assess: {} gets past the body (the test delivery then needs a URL, which this partner has not set).
      expect(empty.status).not.toBe(400);
      for (const refused of [malformed, member, text]) {
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject(errorShape('validation_error'));
        expect(refused.body.message).toBe('This call takes no body members: send no body, or {}.');
      }
    },
  );

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

  it('answers a malformed percent-escape in a removed route with 400, not 500', async () => {
    // Act
    const response = await fetch(`${service.url}/countries/%zz/packages`);

    // Assess
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject(errorShape('bad_request'));
  });

  it('answers a CONNECT request with 404 in the error shape instead of closing the connection', async () => {
    // Act
    const { host } = new URL(service.url);
    const response = await rawExchange(service.url, `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);

    // Assess
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject(errorShape('route_not_found'));
  });

  it('answers an Expect header it cannot meet with 417 in the error shape instead of an empty answer', async () => {
    // Act
    const { host } = new URL(service.url);
    const response = await rawExchange(
      service.url,
      `POST /api/bookings HTTP/1.1\r\nHost: ${host}\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );

    // Assess
    expect(response.status).toBe(417);
    expect(JSON.parse(response.body)).toMatchObject(errorShape('bad_request'));
  });
});
