import { describe, expect, it } from '@jest/globals';
import { routeMatcher } from '#bin/local/api-gateway';
import type { HttpMethod } from '#shared/routes';

const route = (method: HttpMethod, path: string) => ({ method, path });
const match = routeMatcher([
  route('GET', '/app'),
  route('GET', '/app/{proxy+}'),
  route('GET', '/bookings/{id}'),
  route('GET', '/bookings/{id}/byExternalBookingId'),
]);

describe('Local gateway: route matching', () => {
  it('serves a path with one trailing slash as the resource without it, as a REST API does', () => {
    // Act
    const home = match('GET', '/app/');
    const booking = match('GET', '/bookings/b-1/');
    // Assess
    expect(home?.route.path).toBe('/app');
    expect(booking).toEqual({ route: route('GET', '/bookings/{id}'), pathParameters: { id: 'b-1' } });
  });

  it('prefers literal segments, and keeps a greedy variable for the rest of the path', () => {
    // Act
    const literal = match('GET', '/bookings/b-1/byExternalBookingId');
    const greedy = match('GET', '/app/some/page/');
    // Assess
    expect(literal?.route.path).toBe('/bookings/{id}/byExternalBookingId');
    expect(greedy?.pathParameters).toEqual({ proxy: 'some/page/' });
  });

  it('hands path parameters over as sent, still percent-encoded, as a REST API does, and refuses an unreadable escape', () => {
    // Act
    const encoded = match('GET', '/bookings/ORDER%2F7%20%C3%BC');
    // Assess
    expect(encoded?.pathParameters).toEqual({ id: 'ORDER%2F7%20%C3%BC' });
    expect(() => match('GET', '/bookings/50%')).toThrow(URIError);
  });

  it('matches no route for another method, an empty path parameter, or two trailing slashes', () => {
    // Act + assess
    expect(match('POST', '/app')).toBeUndefined();
    expect(match('GET', '/bookings/')).toBeUndefined();
    expect(match('GET', '/bookings/b-1//')).toBeUndefined();
  });
});
