// The contract checks the integration tests rely on: they accept the document's examples and refuse drift.
import { exampleBookingResponse, exampleEvent } from '#shared/api/examples';
import { errorBody } from '#shared/http/response';
import { assertResponseMatchesContract, assertWebhookMatchesContract } from '#test/support/contract';

const ok = (data: unknown) => ({ success: true, message: 'Booking retrieved successfully.', data });

describe('Contract checks', () => {
  it('accept a documented answer, with or without the /api prefix and a query string', () => {
    // Assess
    expect(() => assertResponseMatchesContract('GET', '/bookings/bk_1', 200, ok(exampleBookingResponse))).not.toThrow();
    expect(() => assertResponseMatchesContract('GET', '/api/bookings/bk_1?x=1', 200, ok(exampleBookingResponse))).not.toThrow();
  });

  it('refuse a member the document does not describe', () => {
    // Act
    const act = () => assertResponseMatchesContract('GET', '/bookings/bk_1', 200, ok({ ...exampleBookingResponse, secret: 'x' }));

    // Assess
    expect(act).toThrow(/GET \/bookings\/\{id\} does not match docs\/openapi.json:\n.*must NOT have unevaluated properties/);
  });

  it('refuse a status the operation does not list, and an error code not listed for the status', () => {
    // Assess
    expect(() => assertResponseMatchesContract('GET', '/bookings/bk_1', 418, errorBody('bad_request', 'x'))).toThrow(
      'Contract: GET /bookings/{id} answered 418, a status the OpenAPI document does not list for this operation.',
    );
    expect(() => assertResponseMatchesContract('GET', '/bookings/bk_1', 404, errorBody('promo_code_not_found', 'x'))).toThrow(
      /answered 404 promo_code_not_found; the document lists booking_not_found for this status/,
    );
  });

  it('check answers outside every route against the error shape', () => {
    // Assess
    expect(() => assertResponseMatchesContract('GET', '/nowhere', 404, errorBody('route_not_found', 'x'))).not.toThrow();
    expect(() => assertResponseMatchesContract('GET', '/nowhere', 404, { success: false })).toThrow(/\(no route\)/);
  });

  it('check webhook bodies against the event of the body', () => {
    // Prepare
    const event = exampleEvent('booking.within_cutoff');

    // Assess
    expect(() => assertWebhookMatchesContract(event)).not.toThrow();
    expect(() => assertWebhookMatchesContract({ ...event, data: { ...event.data, days_until_departure: '7' } })).toThrow(
      /booking.within_cutoff webhook body does not match.*\n.*\/data\/days_until_departure must be integer/,
    );
    expect(() => assertWebhookMatchesContract({ ...event, event: 'booking.cancelled' })).toThrow(/"booking.cancelled" is not in/);
  });
});
