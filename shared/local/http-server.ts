// local runtime → serves the route table at http://127.0.0.1:PORT/api by invoking the very same handlers.
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { errorBody } from '#shared/http/response';
import { lambdaContext, routeMatcher, STAGE_PATH, toProxyEvent } from '#shared/local/api-gateway';
import { referenceRoutes } from '#shared/api/reference-routes';
import { routes } from '#shared/routes';

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

const sendJson = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

export const startHttpServer = async (options: { port: number; projectRoot: string }): Promise<{ server: Server; url: string }> => {
  // The local runtime is not production: it also serves the API reference.
  const match = routeMatcher([...routes, ...referenceRoutes]);
  const load = handlerLoader(options.projectRoot);
  const server = createServer((req, res) => {
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
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
        const rawPath = url.pathname;
        if (rawPath !== STAGE_PATH && !rawPath.startsWith(`${STAGE_PATH}/`)) {
          return sendJson(res, 404, errorBody('route_not_found', `No route for ${req.method} ${rawPath}. The API lives under ${STAGE_PATH}.`));
        }
        path = rawPath.slice(STAGE_PATH.length) || '/';
        matched = match(req.method ?? 'GET', path);
      } catch {
        // API Gateway answers a request line or percent-encoding it cannot read with 400.
        return sendJson(res, 400, errorBody('bad_request', 'The request URL is malformed.'));
      }
      if (!matched) return sendJson(res, 404, errorBody('route_not_found', `No route for ${req.method} ${path}.`));
      try {
        const handler = await load(matched.route.entry);
        const event = toProxyEvent(req, Buffer.concat(chunks), url, path, matched);
        const result = await handler(event, lambdaContext(matched.route.operation));
        res.writeHead(result.statusCode, result.headers as Record<string, string>);
        res.end(result.body);
      } catch (error) {
        console.error(`Handler ${matched.route.operation} crashed`, error);
        sendJson(res, 502, errorBody('internal_error', 'The handler failed. See the local runtime log.'));
      }
    };
  });
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
  return { server, url: `http://127.0.0.1:${port}${STAGE_PATH}` };
};
