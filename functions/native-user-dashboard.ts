// http adapter → GET /native/user-dashboard?external_user_id=…[&iccid=…]: the traveler's grants, eSIM and packages.
import * as successMessages from '#shared/api/success-messages';
import { UserDashboardQuerySchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { queryParameters } from '#shared/http/request';
import { lifecycleLookups } from '#shared/composition/repositories';
import { travelerOverview } from '#shared/usecases/traveler-overview';

export const handler = partnerHandler(async ({ event, partner }) => {
  const query = validate(UserDashboardQuerySchema, queryParameters(event));
  const data = await travelerOverview({ partnerId: partner.partnerId, externalUserId: query.external_user_id, iccid: query.iccid }, lifecycleLookups);
  return { message: successMessages.nativeUserDashboard, data };
});
