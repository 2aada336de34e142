// local runtime → serves the route table at http://127.0.0.1:PORT/api by invoking the very same handlers.
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as config from '#shared/config';
import { partnerRateLimit, rateLimitedMessage, rateLimitKey, tokenBuckets } from '#shared/http/rate-limit';
import type { ErrorCode } from '#shared/errors';
import { errorBody, jsonAnswerHeaders } from '#shared/http/response';
import { currentRoute } from '#bin/local/table-access-guard';
import { clientIpOf, lambdaContext, routeMatcher, STAGE_PATH, toProxyEvent } from '#bin/local/api-gateway';
import { referenceRoutes } from '#shared/api/reference-routes';
import { LOCAL_CONTROL_PREFIX, type ControlRequest, type ControlResponse } from '#bin/local/clock-control';
import { connectivityRoutes, providerRoutes, type RouteDefinition, removedRoutes, routes, routesForStage } from '#shared/routes';

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const MAX_LOCAL_BODY = 10 * 1024 * 1024; // API Gateway's own payload limit

/** Loads a handler module from the project root, once. */
export const handlerLoader = (projectRoot: string) => {
  const cache = new Map<string, Promise<ProxyHandler>>();
  return (entry: string): Promise<ProxyHandler> => {
    let loaded = cache.get(entry);
    if (!loaded) {
      loaded = import(pathToFileURL(resolve(projectRoot, entry)).href).then((module) => module.handler as ProxyHandler);
      cache.set(entry, loaded);
    }
    return loaded;
  };
};

/** The local server's own answers stand for the gateway's responses, which carry the no-store headers (lib/api.ts). */
const sendJson = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = jsonAnswerHeaders) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

/** An error answer written straight to the connection, for requests Node does not hand to the request listener. */
const answerOnSocket = (socket: Duplex, status: number, code: ErrorCode, message: string) => {
  if (!socket.writable) return socket.destroy();
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      Object.entries(jsonAnswerHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

export interface HttpServerOptions {
  port: number;
  projectRoot: string;
  /** The stage the routes are served for: production leaves out the sandbox routes, as its stack does. */
  stage: string;
  /** The route table unless a test serves its own. */
  routes?: readonly RouteDefinition[];
  /** Local-only endpoints under /__local (the service clock); absent from every deployed stage. */
  control?: (request: ControlRequest) => Promise<ControlResponse>;
  /** Called when a handler of a write (not GET or HEAD) has answered: what it wrote is in the table. */
  onWritten?: () => void;
  /**
   * A second, https listener that requires client certificates chaining to `ca`, as a stage's mutual TLS custom
   * domain does for the SM-DP+; it also serves the provider routes, and passes the caller's certificate on.
   */
  mutualTls?: { key: string; cert: string; ca: string };
  /** The stage's connectivity: `esimgo` also serves eSIM Go's usage callback route. */
  connectivity?: string;
}

export const startHttpServer = async (
  options: HttpServerOptions,
): Promise<{ server: Server; url: string; mutualTlsServer?: HttpsServer; mutualTlsUrl?: string }> => {
  // The SM-DP+ reaches its route over the mutual TLS listener; eSIM Go's signed callback comes in plainly.
  const callbacks = options.connectivity === 'esimgo' ? connectivityRoutes('esimgo') : [];
  const served = [...routesForStage(options.routes ?? routes, options.stage), ...(options.mutualTls ? providerRoutes : []), ...callbacks];
  // Like every stage but production, the local runtime also serves the API reference.
  const match = routeMatcher(options.stage === 'production' ? served : [...served, ...referenceRoutes]);
  const matchRemoved = routeMatcher(removedRoutes);
  // The deployed per-key rate rule, as a token bucket per x-api-key and client address (read when the server starts).
  const buckets = tokenBuckets({ ...partnerRateLimit, requestsPerWindow: config.partnerRequestsPerWindow() ?? partnerRateLimit.requestsPerWindow });
  const load = handlerLoader(options.projectRoot);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_LOCAL_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      void respond().catch((error: unknown) => {
        console.error('Local server could not answer a request', error);
        if (!res.headersSent) sendJson(res, 500, errorBody('internal_error', 'The local server failed. See its log.'));
        else res.end();
      });
    });
    const respond = async () => {
      if (size > MAX_LOCAL_BODY) return sendJson(res, 413, errorBody('payload_too_large', 'Request body too large.'));
      let url: URL;
      let path: string;
      let matched: ReturnType<typeof match>;
      let removed: ReturnType<typeof matchRemoved>;
      let control: ControlRequest | undefined;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
        const rawPath = url.pathname;
        if (options.control && rawPath.startsWith(`${LOCAL_CONTROL_PREFIX}/`)) {
          control = {
            method: req.method ?? 'GET',
            path: rawPath,
            contentType: req.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          };
        } else if (rawPath !== STAGE_PATH && !rawPath.startsWith(`${STAGE_PATH}/`)) {
          return sendJson(res, 404, errorBody('route_not_found', `No route for ${req.method} ${rawPath}. The API lives under ${STAGE_PATH}.`));
        }
        path = rawPath.slice(STAGE_PATH.length) || '/';
        // Both matchers read path parameters' escapes, so both stay inside the malformed-URL answer.
        matched = match(req.method ?? 'GET', path);
        if (!matched) removed = matchRemoved(req.method ?? 'GET', path);
      } catch {
        // API Gateway answers a request line or percent-encoding it cannot read with 400.
        return sendJson(res, 400, errorBody('bad_request', 'The request URL is malformed.'));
      }
      if (control && options.control) {
        const answer = await options.control(control);
        return sendJson(res, answer.status, answer.body);
      }
      if (!matched) {
        // What the stack's mock integration answers for a removed route, without a handler.
        if (removed) return sendJson(res, 410, errorBody('endpoint_removed', removed.route.message));
        return sendJson(res, 404, errorBody('route_not_found', `No route for ${req.method} ${path}.`));
      }
      const apiKey = req.headers['x-api-key'];
      const bucketKey =
        matched.route.auth === 'partner' && typeof apiKey === 'string' && apiKey !== '' ? rateLimitKey(apiKey, clientIpOf(req)) : undefined;
      if (bucketKey) {
        const taken = buckets.take(bucketKey);
        if (!taken.allowed) {
          return sendJson(res, 429, errorBody('rate_limited', rateLimitedMessage), {
            ...jsonAnswerHeaders,
            'retry-after': String(taken.retryAfterSeconds),
          });
        }
      }
      try {
        const handler = await load(matched.route.entry);
        const event = toProxyEvent(req, Buffer.concat(chunks), url, path, matched);
        const result = await currentRoute.run(matched.route, () => handler(event, lambdaContext(matched.route.operation)));
        // A request that failed authentication was not the partner's: it does not spend the partner's count (F42).
        if (bucketKey && result.statusCode === 401) buckets.giveBack(bucketKey);
        res.writeHead(result.statusCode, result.headers as Record<string, string>);
        res.end(result.body);
        // The stream's reader starts after the answer has gone, on a later turn of the event loop: in AWS it runs
        // in other functions, and its first steps here (about 2 ms of SDK work) would otherwise hold the answer
        // back from a client in this process (the tests, the benchmark).
        if (req.method !== 'GET' && req.method !== 'HEAD' && options.onWritten) setTimeout(options.onWritten, 0);
      } catch (error) {
        console.error(`Handler ${matched.route.operation} crashed`, error);
        sendJson(res, 502, errorBody('internal_error', 'The handler failed. See the local runtime log.'));
      }
    };
  };
  const server = createServer(listener);
  // Node answers what it cannot parse itself (e.g. headers over 16 KiB: an empty 431); give it our error shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'HPE_HEADER_OVERFLOW')
      return answerOnSocket(socket, 431, 'request_header_fields_too_large', 'The request headers are too large.');
    answerOnSocket(socket, 400, 'bad_request', 'The request could not be read.');
  });
  // Node answers an Expect header other than 100-continue with an empty 417 when nothing listens; API Gateway's answer
  // (its default 4XX response) carries the error shape.
  server.on('checkExpectation', (req, res) => {
    const body = JSON.stringify(
      errorBody('bad_request', `The request expects ${JSON.stringify(req.headers.expect)}, which the service does not meet: send it without.`),
    );
    res.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      ...jsonAnswerHeaders,
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  });
  // Node hands CONNECT to this event and closes the connection when nothing listens; API Gateway routes no CONNECT.
  server.on('connect', (req, socket: Duplex) => answerOnSocket(socket, 404, 'route_not_found', `No route for ${req.method} ${req.url}.`));
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} is already in use. Stop the other process or start with PORT=<free port> npm start.`)
          : error,
      ),
    );
    server.listen(options.port, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://127.0.0.1:${port}${STAGE_PATH}`;
  if (!options.mutualTls) return { server, url };
  const mutualTlsServer = createHttpsServer({ ...options.mutualTls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' }, listener);
  await new Promise<void>((done) => mutualTlsServer.listen(0, '127.0.0.1', () => done()));
  const tlsPort = (mutualTlsServer.address() as AddressInfo).port;
  return { server, url, mutualTlsServer, mutualTlsUrl: `https://127.0.0.1:${tlsPort}${STAGE_PATH}` };
};
