// The local runtime hands the functions the event a deployed REST API would: where the gateway keeps no order, the
// local event does not keep the sent one either, so no test passes on an order production does not give.
import type { IncomingMessage } from 'node:http';
import { routeMatcher, toProxyEvent } from '#bin/local/api-gateway';
import { routes } from '#shared/routes';

const requestFor = (method: string, headers: Record<string, string> = {}): IncomingMessage =>
  ({
    method,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: '203.0.113.7' },
  }) as unknown as IncomingMessage;

const eventFor = (method: string, pathAndQuery: string) => {
  const url = new URL(`http://127.0.0.1/api${pathAndQuery}`);
  const path = url.pathname.slice('/api'.length);
  const matched = routeMatcher(routes)(method, path);
  if (!matched) throw new Error(`no route for ${method} ${path}`);
  return toProxyEvent(requestFor(method, { Host: '127.0.0.1' }), Buffer.alloc(0), url, path, matched);
};

describe('Local gateway: the proxy event', () => {
  it('hands the query parameters over in another order than sent, as a REST API may (decision F173)', () => {
    // Act
    const event = eventFor('GET', '/bookings?perPage=10&cursor=a+b%2B');

    // Assess: decoded (`+` a space, `%2B` a plus), each name's values kept, the names not in the sent order
    expect(Object.keys(event.queryStringParameters ?? {})).toEqual(['cursor', 'perPage']);
    expect(event.queryStringParameters).toEqual({ cursor: 'a b+', perPage: '10' });
    expect(Object.keys(event.multiValueQueryStringParameters ?? {})).toEqual(['cursor', 'perPage']);
  });

  it('hands over no query parameters for a bare ?', () => {
    // Act
    const event = eventFor('GET', '/bookings?');

    // Assess
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
  });
});
