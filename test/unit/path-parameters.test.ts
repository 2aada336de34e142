// A path parameter is read from the path as the client sent it and decoded once, whatever form API Gateway gives
// `pathParameters` in (a REST API keeps them percent-encoded).
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationError } from '#shared/errors';
import { pathParameter } from '#shared/http/request';

const restEvent = (resource: string, path: string, pathParameters: Record<string, string> | null = null): APIGatewayProxyEvent =>
  ({ resource, path, pathParameters, httpMethod: 'PUT', headers: {} }) as unknown as APIGatewayProxyEvent;

describe('HTTP: path parameters', () => {
  it('decodes an external booking id once, as the client encoded it, and reads each parameter of the template', () => {
    // Prepare: what a REST API hands over for PUT /bookings/ORDER%2F7%20%C3%BC/updatePackageSpecification/p-1
    const event = restEvent(
      '/bookings/{booking_id}/updatePackageSpecification/{uuid}',
      '/bookings/ORDER%2F7%20%C3%BC/updatePackageSpecification/p-1',
      {
        booking_id: 'ORDER%2F7%20%C3%BC',
        uuid: 'p-1',
      },
    );
    // Act + assess
    expect(pathParameter(event, 'booking_id')).toBe('ORDER/7 ü');
    expect(pathParameter(event, 'uuid')).toBe('p-1');
  });

  it('reads a literal percent sign once: 50%25 is the booking 50%, never decoded a second time', () => {
    // Act
    const id = pathParameter(restEvent('/bookings/{id}', '/bookings/50%25'), 'id');
    // Assess
    expect(id).toBe('50%');
  });

  it('counts segments from the end, so a base path before the resource and one trailing slash change nothing', () => {
    // Act
    const behindBasePath = pathParameter(restEvent('/bookings/{id}/byExternalBookingId', '/api/bookings/A%20B/byExternalBookingId'), 'id');
    const withTrailingSlash = pathParameter(restEvent('/bookings/{id}', '/bookings/A%20B/'), 'id');
    // Assess
    expect(behindBasePath).toBe('A B');
    expect(withTrailingSlash).toBe('A B');
  });

  it('reads no neighbouring segment when the path does not line up with its resource: a 400, never another id', () => {
    // Prepare: a slash decoded before the function saw the path, and an extra empty segment at the end
    const decodedSlash = restEvent('/bookings/{id}/byExternalBookingId', '/bookings/ORDER/7/byExternalBookingId', { id: 'ORDER/7' });
    const extraSegment = restEvent('/bookings/{id}/byExternalBookingId', '/bookings/ORDER-7/byExternalBookingId//');
    const notTheRoutedOne = restEvent('/bookings/{id}', '/bookings/ORDER-8', { id: 'ORDER-7' });

    // Act
    const reads = [decodedSlash, extraSegment, notTheRoutedOne].map((event) => () => pathParameter(event, 'id'));

    // Assess
    for (const read of reads) expect(read).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('accepts the gateway reading the parameter as sent or decoded', () => {
    // Act
    const asSent = pathParameter(restEvent('/bookings/{id}', '/bookings/A%2FB', { id: 'A%2FB' }), 'id');
    const decoded = pathParameter(restEvent('/bookings/{id}', '/bookings/A%2FB', { id: 'A/B' }), 'id');
    // Assess
    expect(asSent).toBe('A/B');
    expect(decoded).toBe('A/B');
  });

  it('refuses a parameter that is missing, or whose escape cannot be read, with a 400', () => {
    // Act
    const missing = () => pathParameter(restEvent('/bookings', '/bookings'), 'id');
    const malformed = () => pathParameter(restEvent('/bookings/{id}', '/bookings/50%'), 'id');
    // Assess
    expect(missing).toThrow(ValidationError);
    expect(malformed).toThrow(/not valid percent-encoding/);
    expect(malformed).toThrow(expect.objectContaining({ status: 400 }));
  });
});
