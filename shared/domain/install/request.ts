// domain → the body of POST /native/instructions: which traveler, which device, which format and language.
import * as v from 'valibot';
import { externalUserIdField, iccidField, plainObject, withoutControlCharacters } from '#shared/domain/schema-fields';
import { instructionFormats } from '#shared/domain/install/instructions';
import { LocaleSchema } from '#shared/domain/locale';

const text = (field: string, max: number, whenEmpty = `${field} is required.`) =>
  v.pipe(
    v.string(`${field} must be a string.`),
    v.trim(),
    v.minLength(1, whenEmpty),
    v.maxLength(max, `${field} must be at most ${max} characters.`),
    withoutControlCharacters(field),
  );

export const InstallInstructionsRequestSchema = plainObject(
  {
    external_user_id: externalUserIdField(),
    deviceName: text('deviceName', 200),
    os: text('os', 50),
    // Any text, as the spec gives no format: one without a version number gets the steps without a one-tap link.
    osVersion: text('osVersion', 50),
    format: v.nullish(
      v.pipe(
        v.string('format must be a string.'),
        v.trim(),
        v.picklist(instructionFormats, `format must be one of: ${instructionFormats.join(', ')}.`),
      ),
      'json',
    ),
    deviceType: v.nullish(text('deviceType', 50, 'deviceType must not be empty: leave it out when the device type is unknown.')),
    // Which of the traveler's eSIMs (a claimed classic eSIM beside the universal one); the dashboard's by default.
    iccid: v.nullish(iccidField()),
    // Else Accept-Language, else the granting booking's locale, else English (decision F166).
    locale: v.nullish(LocaleSchema),
  },
  'The request body must be a JSON object with external_user_id, deviceName, os and osVersion.',
);
export type InstallInstructionsRequestInput = v.InferInput<typeof InstallInstructionsRequestSchema>;
export type InstallInstructionsRequestOutput = v.InferOutput<typeof InstallInstructionsRequestSchema>;
