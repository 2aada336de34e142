// api docs → the registry entries of the catalog: destinations with their bundles, eSIM-capable devices, and the
// country routes removed in 2.1.0.
import * as v from 'valibot';
import { exampleDestination, exampleDevice } from '#shared/api/examples';
import { headerRefs } from '#shared/api/response-headers';
import { acceptLanguage, jsonOperation, localeQuery, pathId } from '#shared/api/operation-helpers';
import type { JsonOperation } from '#shared/api/operation-types';
import { DeviceCompatibilityRequestSchema } from '#shared/domain/device-compatibility-schema';
import {
  CompatibilityResponseSchema,
  DestinationDetailResponseSchema,
  DestinationResponseSchema,
  DeviceListResponseSchema,
} from '#shared/domain/traveler-response-schemas';
import * as successMessages from '#shared/api/success-messages';
import type { OperationDoc } from '#shared/api/operation-types';
import type { OperationName } from '#shared/routes';

const removed = (path: string): JsonOperation => ({
  kind: 'json',
  summary: `${path} (removed in 2.1.0)`,
  description: 'Removed in 2.1.0: always answers 410 Gone. Use GET /destinations and GET /destinations/{id}.',
  tag: 'Removed',
  errors: ['endpoint_removed'],
  deprecated: true,
});

export const catalogOperations = {
  listDestinations: jsonOperation({
    summary: 'List destinations',
    description: 'Every destination of the catalog with its packages, names in the requested language.',
    tag: 'Catalog',
    parameters: [localeQuery, acceptLanguage],
    answer: 'The destinations.',
    headers: headerRefs('Content-Language', 'Vary'),
    message: successMessages.listDestinations,
    data: v.array(DestinationResponseSchema),
    example: [exampleDestination],
    errors: ['validation_error'],
  }),
  getDestination: jsonOperation({
    summary: 'Get a destination',
    description: 'One destination with its packages and the countries it covers.',
    tag: 'Catalog',
    parameters: [pathId('id', 'Destination id (ISO3 country code or region id).', 'FRA'), localeQuery, acceptLanguage],
    answer: 'The destination.',
    headers: headerRefs('Content-Language', 'Vary'),
    message: successMessages.getDestination,
    data: DestinationDetailResponseSchema,
    example: {
      ...exampleDestination,
      bundles: [
        {
          id: 'pkg-fra-1gb-7d',
          destination: 'FRA',
          package_type: 'data-limited',
          size: '1GB',
          package_duration: 7,
          traffic_policy: null,
          price: 450,
          currency: 'EUR',
          countries: ['FRA'],
        },
      ],
    },
    errors: ['validation_error', 'destination_not_found'],
  }),
  listCompatibleDevices: jsonOperation({
    summary: 'List eSIM-capable devices',
    description: 'The dated list of devices known to support eSIM, with its sources.',
    tag: 'Catalog',
    answer: 'The device list.',
    message: successMessages.listCompatibleDevices,
    data: DeviceListResponseSchema,
    example: {
      updated: '2026-11-01',
      sources: [{ name: 'Apple Support', url: 'https://support.apple.com' }],
      devices: [exampleDevice],
    },
    errors: [],
  }),
  checkDeviceCompatibility: jsonOperation({
    summary: 'Check a device',
    description: 'Whether a phone can use an eSIM, and why not in words a traveler can act on.',
    tag: 'Catalog',
    request: {
      schema: DeviceCompatibilityRequestSchema,
      example: { phone_brand: 'Apple', phone_model: 'iPhone 15', phone_os: 'iOS', os_version: '17.4' },
    },
    answer: 'The verdict.',
    message: successMessages.checkDeviceCompatibility({ is_compatible: true }),
    data: CompatibilityResponseSchema,
    example: {
      phone_brand: 'Apple',
      phone_model: 'iPhone 15',
      phone_os: 'iOS',
      os_version: '17.4',
      is_compatible: true,
      reason_code: null,
      reason: null,
      device: exampleDevice,
    },
    errors: [],
  }),
  countriesRemoved: removed('GET /countries'),
  countriesPackagesRemoved: removed('GET /countries/packages'),
  countryPackagesRemoved: {
    ...removed('GET /countries/{country}/packages'),
    parameters: [{ name: 'country', in: 'path', required: true, description: 'Country code.', schema: { type: 'string' } }],
  },
} satisfies Partial<Record<OperationName, OperationDoc>>;
