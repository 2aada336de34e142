// http adapter → GET /native/device-compatibility: the dated list of eSIM-capable devices and its sources.
import * as successMessages from '#shared/api/success-messages';
import { compatibleDeviceList } from '#shared/domain/device-compatibility';
import { partnerHandler } from '#shared/http/partner-handler';

export const handler = partnerHandler(async () => ({ message: successMessages.listCompatibleDevices, data: compatibleDeviceList() }));
