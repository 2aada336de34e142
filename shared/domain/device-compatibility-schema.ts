// domain → the body of POST /native/device-compatibility. Apart from the check, so the device list function
// (GET) bundles no validation.
import * as v from 'valibot';
import { notBlank, plainObject, withoutControlCharacters } from '#shared/domain/schema-fields';
import { VERSION_PATTERN } from '#shared/domain/device-compatibility';

const field = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string.`),
    v.trim(),
    v.minLength(1, `${name} must not be empty.`),
    v.maxLength(100, `${name} must be at most 100 characters.`),
    withoutControlCharacters(name),
    notBlank(name),
  );

/** Its output is a DeviceCompatibilityRequest (checked where the function passes it to checkCompatibility). */
export const DeviceCompatibilityRequestSchema = plainObject(
  {
    phone_brand: field('phone_brand'),
    phone_model: field('phone_model'),
    phone_os: field('phone_os'),
    os_version: v.pipe(field('os_version'), v.regex(VERSION_PATTERN, 'os_version must contain a version number such as 17.4 or 14.')),
  },
  'The request body must be a JSON object with phone_brand, phone_model, phone_os and os_version.',
);
