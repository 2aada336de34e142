// http adapter → POST /native/instructions: install steps, QR code and one-tap links for one of the traveler's eSIMs.
import * as successMessages from '#shared/api/success-messages';
import { InstallInstructionsRequestSchema } from '#shared/domain/install/request';
import { requestedLocale } from '#shared/domain/locale';
import { validate } from '#shared/domain/validate';
import { localeHeaders } from '#shared/http/locale';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { brandStore, lifecycleLookups } from '#shared/composition/repositories';
import { secretCipher } from '#shared/composition/secret-cipher';
import { installInstructions } from '#shared/usecases/install-instructions';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const body = validate(InstallInstructionsRequestSchema, readJsonBody(event, headers));
  const data = await installInstructions(
    {
      partnerId: partner.partnerId,
      externalUserId: body.external_user_id,
      iccid: body.iccid ?? undefined,
      device: { name: body.deviceName, os: body.os, osVersion: body.osVersion, deviceType: body.deviceType ?? null },
      locale: requestedLocale(body.locale ?? undefined, headers['accept-language']),
      format: body.format,
    },
    { ...lifecycleLookups, brands: brandStore, cipher: secretCipher },
  );
  return { message: successMessages.nativeInstructions, data, headers: localeHeaders(data.locale) };
});
