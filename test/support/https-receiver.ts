// test support → an HTTPS webhook receiver on 127.0.0.1 with a certificate made for the run (tests and benchmark).
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** A self-signed certificate for `hostname`; trust it by passing `cert` as the client's `ca`. */
export const selfSignedCertificate = async (hostname: string) => {
  const pems = await generate([{ name: 'commonName', value: hostname }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] }],
  });
  return { key: pems.private, cert: pems.cert };
};

export type ReceiverAnswer = (request: IncomingMessage, response: ServerResponse, requestNumber: number) => void;

/** Counts connections and requests; `answer` runs once each request body is in (default: 200, empty body). */
export const startHttpsReceiver = async (
  certificate: { key: string; cert: string },
  answer: ReceiverAnswer = (_request, response) => response.end(),
) => {
  const stats = { connections: 0, requests: 0 };
  const server: Server = createServer({ ...certificate, keepAliveTimeout: 5_000 }, (request, response) => {
    request.resume();
    request.on('end', () => answer(request, response, (stats.requests += 1)));
  });
  server.on('secureConnection', () => (stats.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    stats,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
