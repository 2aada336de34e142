// The OpenAPI document's rules between fields (shared/api/schema-rules.ts) refuse what the service's schemas refuse.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import * as v from 'valibot';
import { BookingRequestSchema } from '#shared/domain/booking-schemas';
import { PromoPackageSpecificationSchema } from '#shared/domain/package-schemas';
import { CreateRedirectTokenSchema } from '#shared/domain/redirect-token-schemas';
import { openApiDocument } from '#test/support/contract';
import { makeBookingRequest, makePackageSpecification } from '#test/support/factories';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false }));
ajv.addSchema(openApiDocument, 'openapi');
const documentAccepts = (component: string, body: unknown): boolean => ajv.getSchema(`openapi#/components/schemas/${component}`)!(body) as boolean;

const agree = (component: string, schema: v.GenericSchema, body: unknown) => ({
  document: documentAccepts(component, body),
  service: v.safeParse(schema, body).success,
});

describe('OpenAPI rules between fields', () => {
  it.each([
    [{}, false],
    [{ size: '1GB' }, false],
    [{ package_id: 'pkg-fra-1gb' }, true],
    [{ package_type: 'data-limited' }, false],
    [{ package_type: 'data-limited', size: '1GB' }, true],
    [{ package_type: 'data-limited', size: null }, false],
    [{ package_type: 'starter', size: '1GB' }, false],
    [{ package_type: 'starter', size: '1GB', package_duration: 2 }, true],
    [{ package_type: 'time-limited', size: '1GB', package_duration: 2 }, true],
    [{ package_type: 'unlimited', package_duration: 7 }, false],
    [{ package_type: 'unlimited', package_duration: 7, traffic_policy: 'fair-use' }, true],
    [{ package_id: 'pkg-fra-1gb', package_type: 'unlimited', traffic_policy: 'fair-use' }, false],
    [{ package_type: 'data-limited', size: '0GB' }, false],
    [{ package_type: 'starter', size: '0.0MB', package_duration: 2 }, false],
    [{ package_type: 'data-limited', size: '0.0000001MB' }, false],
    [{ package_type: 'data-limited', size: '0.000001MB' }, true],
    [{ package_type: 'unlimited', size: '0GB', package_duration: 7, traffic_policy: 'fair-use' }, true],
    [{ package_id: 'pkg-fra-1gb', size: '0GB' }, true],
  ])('the update body %j: accepted %s by the document and the service alike', (body, accepted) => {
    expect(agree('PromoPackageSpecification', PromoPackageSpecificationSchema, body)).toEqual({ document: accepted, service: accepted });
  });

  it.each([
    ['the factory request', makeBookingRequest(), true],
    ['neither email nor booking_id', makeBookingRequest({ email: undefined, booking_id: undefined }), false],
    ['only a booking_id', makeBookingRequest({ email: undefined }), true],
    ['no departure_date with a universal entry', makeBookingRequest({ departure_date: undefined }), false],
    ['a null departure_date with a universal entry', makeBookingRequest({ departure_date: null }), false],
    [
      'no departure_date with a classic entry',
      makeBookingRequest({ departure_date: undefined, package_specifications: [makePackageSpecification({ esim_type: 'classic' })] }),
      true,
    ],
    ['a size of zero', makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '0GB' })] }), false],
    [
      'a size of zero on an unlimited entry',
      makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '00MB', package_type: 'unlimited' })] }),
      true,
    ],
    [
      'a size of zero beside a bundle_id, whose own size wins',
      makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '0GB', bundle_id: 'pkg-fra-1gb-7d' })] }),
      false,
    ],
    [
      'a size of zero beside a package_id',
      makeBookingRequest({ package_specifications: [makePackageSpecification({ size: '0GB', package_id: 'pkg-fra-1gb' })] }),
      true,
    ],
  ])('a booking with %s: accepted %s by the document and the service alike', (_case, body, accepted) => {
    expect(agree('BookingRequest', BookingRequestSchema, body)).toEqual({ document: accepted, service: accepted });
  });

  it.each([
    [{ external_user_id: 'user-1', email: 'not-an-email' }, true],
    [{ external_user_id: 'user-1', email: 12345 }, true],
    [{ email: 'not-an-email' }, false],
    [{ email: 'traveler@example.com' }, true],
    [{ email: null, external_user_id: null }, false],
    [{}, false],
  ])('the redirect token body %j: accepted %s by the document and the service alike', (body, accepted) => {
    expect(agree('CreateRedirectTokenRequest', CreateRedirectTokenSchema, body)).toEqual({ document: accepted, service: accepted });
  });
});
