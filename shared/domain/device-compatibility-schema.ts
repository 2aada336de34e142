// domain → the body of POST /native/device-compatibility. Apart from the check, so the device list function
// (GET) bundles no validation.
import * as v from 'valibot';
import { notBlank, plainObject, withoutControlCharacters } from '#shared/domain/schema-fields';

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
    // Any text, as the spec gives no format: one without a version number skips the minimum-version check.
    os_version: field('os_version'),
  },
  'The request body must be a JSON object with phone_brand, phone_model, phone_os and os_version.',
);
