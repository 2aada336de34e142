// http adapter → GET /native/user-dashboard?external_user_id=…[&iccid=…]: the traveler's grants, eSIM and packages,
// and the partner's branding.
import * as successMessages from '#shared/api/success-messages';
import { UserDashboardQuerySchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { queryParameters } from '#shared/http/request';
import { cachedBrands, lifecycleLookups } from '#shared/composition/repositories';
import { travelerOverview } from '#shared/usecases/traveler-overview';

const dashboardDeps = { ...lifecycleLookups, brands: cachedBrands };

export const handler = partnerHandler(async ({ event, partner }) => {
  const query = validate(UserDashboardQuerySchema, queryParameters(event));
  const data = await travelerOverview({ partnerId: partner.partnerId, externalUserId: query.external_user_id, iccid: query.iccid }, dashboardDeps);
  return { message: successMessages.nativeUserDashboard, data };
});
