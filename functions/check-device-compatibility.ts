// http adapter → POST /native/device-compatibility: echoes the device and says whether it can use an eSIM.
import { checkCompatibility } from '#shared/domain/device-compatibility';
import { DeviceCompatibilityRequestSchema } from '#shared/domain/device-compatibility-schema';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';

export const handler = partnerHandler(async ({ event, headers }) => {
  const request = validate(DeviceCompatibilityRequestSchema, readJsonBody(event, headers));
  const result = checkCompatibility(request);
  return {
    message: result.is_compatible ? 'The device supports eSIM.' : 'The device cannot use an eSIM.',
    data: result,
  };
});
