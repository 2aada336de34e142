// local runtime → turns a Node HTTP request into the API Gateway REST proxy event the Lambda handler gets.
import { randomUUID, X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { RouteDefinition } from '#shared/routes';

export const STAGE_PATH = '/api';

export interface MatchedRoute<R extends Pick<RouteDefinition, 'method' | 'path'> = RouteDefinition> {
  route: R;
  pathParameters: Record<string, string>;
}

const compile = <R extends Pick<RouteDefinition, 'method' | 'path'>>(route: R) => {
  const names: string[] = [];
  // `{proxy+}` is API Gateway's greedy variable: the rest of the path, named without the `+`.
  const greedy = route.path.includes('+}');
  const pattern = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name.replace(/\+$/, ''));
    return name.endsWith('+') ? '(.+)' : '([^/]+)';
  });
  return { route, names, greedy, regex: new RegExp(`^${pattern}$`) };
};

/** Matches a path (without the stage prefix) the way API Gateway picks a resource: literal segments first. */
export const routeMatcher = <R extends Pick<RouteDefinition, 'method' | 'path'>>(routes: readonly R[]) => {
  const compiled = routes.map(compile).sort((a, b) => Number(a.greedy) - Number(b.greedy) || a.names.length - b.names.length);
  // Per method, in the same order: a request only tries the routes of its own method.
  const byMethod = Map.groupBy(compiled, (candidate): string => candidate.route.method);
  const matchExactly = (method: string, path: string): MatchedRoute<R> | undefined => {
    for (const candidate of byMethod.get(method) ?? []) {
      const match = candidate.regex.exec(path);
      if (!match) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, i) => {
        const sent = match[i + 1] ?? '';
        // As a REST API hands them over: as sent, still percent-encoded. An escape no one can read is refused here.
        decodeURIComponent(sent);
        pathParameters[name] = sent;
      });
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
  // A REST API serves `/app/` as it serves `/app`: one trailing slash does not name another resource.
  return (method: string, path: string): MatchedRoute<R> | undefined =>
    matchExactly(method, path) ?? (path.length > 1 && path.endsWith('/') ? matchExactly(method, path.slice(0, -1)) : undefined);
};

/**
 * Last value and all values per name, like API Gateway's headers / multiValueHeaders. Maps and
 * Object.fromEntries keep names such as `__proto__` or `constructor` ordinary members.
 */
const collect = (pairs: Iterable<[string, string]>): { single: Record<string, string>; multi: Record<string, string[]> } => {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const all = values.get(name);
    if (all) all.push(value);
    else values.set(name, [value]);
  }
  return {
    single: Object.fromEntries(Array.from(values, ([name, all]) => [name, all[all.length - 1]!])),
    multi: Object.fromEntries(values),
  };
};

/** The verified client certificate of a mutual TLS request, as API Gateway passes it to the function. */
/** The client address, as API Gateway reports `sourceIp` and AWS WAF aggregates by IP. */
export const clientIpOf = (request: IncomingMessage): string => request.socket.remoteAddress ?? '127.0.0.1';

const clientCertOf = (request: IncomingMessage): { clientCert?: APIGatewayProxyEvent['requestContext']['identity']['clientCert'] } => {
  if (!(request.socket instanceof TLSSocket)) return {};
  const peer = request.socket.getPeerCertificate();
  if (!peer.raw) return {};
  const certificate = new X509Certificate(peer.raw);
  return {
    clientCert: {
      clientCertPem: certificate.toString(),
      subjectDN: certificate.subject,
      issuerDN: certificate.issuer,
      serialNumber: certificate.serialNumber,
      validity: { notBefore: certificate.validFrom, notAfter: certificate.validTo },
    },
  };
};

export const toProxyEvent = (request: IncomingMessage, body: Buffer, url: URL, path: string, matched: MatchedRoute): APIGatewayProxyEvent => {
  const headerPairs: Array<[string, string]> = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) headerPairs.push([request.rawHeaders[i] ?? '', request.rawHeaders[i + 1] ?? '']);
  const { single: headers, multi: multiValueHeaders } = collect(headerPairs);
  const { single: sentQuery, multi: sentMultiQuery } = url.search.length > 1 ? collect(url.searchParams) : { single: {}, multi: {} };
  // A REST API does not keep the order of the query's parameters (decision F173): handed over in reverse, so every
  // test that signs two parameters sees a function that does not rely on it.
  const query = Object.fromEntries(Object.entries(sentQuery).reverse());
  const multiQuery = Object.fromEntries(Object.entries(sentMultiQuery).reverse());
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: matched.route.path,
    path,
    httpMethod: request.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(matched.pathParameters).length > 0 ? matched.pathParameters : null,
    stageVariables: null,
    body: body.length > 0 ? body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method ?? 'GET',
      identity: {
        sourceIp: clientIpOf(request),
        ...clientCertOf(request),
      } as APIGatewayProxyEvent['requestContext']['identity'],
      path: `${STAGE_PATH}${path}`,
      stage: STAGE_PATH.slice(1),
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: matched.route.path,
      domainName: request.headers.host ?? 'localhost',
    },
  };
};

export const lambdaContext = (functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 30_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
});
