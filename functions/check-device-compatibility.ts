// http adapter → POST /native/device-compatibility: echoes the device and says whether it can use an eSIM.
import * as successMessages from '#shared/api/success-messages';
import { checkCompatibility } from '#shared/domain/device-compatibility';
import { DeviceCompatibilityRequestSchema } from '#shared/domain/device-compatibility-schema';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';

export const handler = partnerHandler(async ({ event, headers }) => {
  const request = validate(DeviceCompatibilityRequestSchema, readJsonBody(event, headers));
  const result = checkCompatibility(request);
  return {
    message: successMessages.checkDeviceCompatibility(result),
    data: result,
  };
});
