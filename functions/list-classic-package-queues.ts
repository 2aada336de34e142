// http adapter → GET /native/classic-package-queues?external_user_id=…: the traveler's classic grants
// (the spec's callable `list_classic_package_queues`).
import * as successMessages from '#shared/api/success-messages';
import { ExternalUserQuerySchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { queryParameters } from '#shared/http/request';
import { lifecycleLookups } from '#shared/composition/repositories';
import { listClassicGrants } from '#shared/usecases/classic-grants';

export const handler = partnerHandler(async ({ event, partner }) => {
  const query = validate(ExternalUserQuerySchema, queryParameters(event));
  const data = await listClassicGrants({ partnerId: partner.partnerId, externalUserId: query.external_user_id }, lifecycleLookups);
  return { message: successMessages.listClassicPackageQueues, data };
});
