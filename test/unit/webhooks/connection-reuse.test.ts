// tests → webhooks → connection reuse: one pooled connection per destination origin, every new connection checked
// against the DNS answer. The fake DNS answers public addresses and "routes" them to the local receiver.
import type { LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createWebhookPoster } from '#shared/messaging/http-delivery';
import { type Resolver, safeLookup } from '#shared/webhooks/url-safety';
import { selfSignedCertificate, startHttpsReceiver } from '#test/support/https-receiver';
import type { WebhookPost } from '#shared/usecases/ports/webhooks';

const HOST = 'hooks.partner.test';

/** DNS answers from `records`; a connection to any answer that safeLookup lets through reaches 127.0.0.1. */
const makeNetwork = (records: Record<string, string>) => {
  const resolve: Resolver = (hostname, _options, callback) => {
    const address = records[hostname];
    if (address === undefined) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, [{ address, family: 4 }]);
  };
  let newConnections = 0;
  const lookup =
    (allowPrivate: boolean): LookupFunction =>
    (hostname: string, options: LookupOptions, callback) =>
      safeLookup(allowPrivate, resolve)(hostname, options, (error) => {
        if (error) return callback(error, '');
        newConnections += 1;
        // The route to the receiver: whatever public address was answered, the connection reaches 127.0.0.1.
        return options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
      });
  return { lookup, records, newConnections: () => newConnections };
};

const makePost = (port: number, overrides: Partial<WebhookPost> = {}): WebhookPost => ({
  url: `https://${HOST}:${port}/hooks/esim`,
  headers: { 'x-service-event-id': 'esim.installed:bk_1' },
  body: '{"event":"esim.installed"}',
  timeoutMs: 2000,
  allowPrivate: false,
  ...overrides,
});

describe('Webhook HTTP delivery: connection reuse', () => {
  let certificate: { key: string; cert: string };

  beforeAll(async () => {
    certificate = await selfSignedCertificate(HOST);
  });

  it('sends consecutive deliveries to one origin over one checked connection', async () => {
    // Prepare
    const network = makeNetwork({ [HOST]: '93.184.216.34' });
    const receiver = await startHttpsReceiver(certificate);
    const post = createWebhookPoster({ lookup: network.lookup, ca: certificate.cert });

    // Act
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push(await post(makePost(receiver.port)));
    await receiver.stop();

    // Assess
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200]);
    expect(receiver.stats).toEqual({ connections: 1, requests: 3 });
    expect(network.newConnections()).toBe(1);
  });

  it('refuses a new connection once the host resolves to a private address', async () => {
    // Prepare
    const network = makeNetwork({ [HOST]: '93.184.216.34' });
    const receiver = await startHttpsReceiver(certificate, (_request, response) => {
      response.setHeader('connection', 'close'); // the pooled connection ends: the next delivery needs a new one
      response.end();
    });
    const post = createWebhookPoster({ lookup: network.lookup, ca: certificate.cert });
    const first = await post(makePost(receiver.port));

    // Act
    network.records[HOST] = '10.0.0.7';
    const second = await post(makePost(receiver.port));
    await receiver.stop();

    // Assess
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ errorKind: 'unsafe_url' });
    expect(second.status).toBeUndefined();
    expect(receiver.stats.requests).toBe(1);
  });

  it('keeps a pooled connection to the origin it was opened for when the URL changes', async () => {
    // Prepare
    const network = makeNetwork({ [HOST]: '93.184.216.34' });
    const oldReceiver = await startHttpsReceiver(certificate);
    const newReceiver = await startHttpsReceiver(certificate);
    const post = createWebhookPoster({ lookup: network.lookup, ca: certificate.cert });
    await post(makePost(oldReceiver.port));

    // Act
    const outcome = await post(makePost(newReceiver.port));
    await Promise.all([oldReceiver.stop(), newReceiver.stop()]);

    // Assess
    expect(outcome.status).toBe(200);
    expect(oldReceiver.stats).toEqual({ connections: 1, requests: 1 });
    expect(newReceiver.stats).toEqual({ connections: 1, requests: 1 });
  });

  it('reports a dropped pooled connection as a failed attempt, and opens a new checked connection for the next', async () => {
    // Prepare
    const network = makeNetwork({ [HOST]: '93.184.216.34' });
    const receiver = await startHttpsReceiver(certificate, (request, response, requestNumber) => {
      if (requestNumber === 2)
        request.socket.destroy(); // the connection dies under the second delivery
      else response.end();
    });
    const post = createWebhookPoster({ lookup: network.lookup, ca: certificate.cert });
    await post(makePost(receiver.port));

    // Act
    const dropped = await post(makePost(receiver.port));
    const next = await post(makePost(receiver.port));
    await receiver.stop();

    // Assess
    expect(dropped).toMatchObject({ errorKind: 'connection' });
    expect(next.status).toBe(200);
    expect(receiver.stats).toEqual({ connections: 2, requests: 3 });
    expect(network.newConnections()).toBe(2);
  });
});
