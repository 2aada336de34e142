// http adapter → PUT /native/classic-package-queues/{id}/destination: the traveler picks the grant's destination
// (the spec's callable `set_classic_package_queue_destination`).
import * as successMessages from '#shared/api/success-messages';
import { ClassicDestinationSchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { pathParameter, readJsonBody } from '#shared/http/request';
import { lifecycleStores } from '#shared/composition/repositories';
import { setClassicGrantDestination } from '#shared/usecases/classic-grants';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const body = validate(ClassicDestinationSchema, readJsonBody(event, headers));
  const data = await setClassicGrantDestination(
    { partnerId: partner.partnerId, externalUserId: body.external_user_id, queueId: pathParameter(event, 'id'), destination: body.destination },
    lifecycleStores,
  );
  return { message: successMessages.setClassicPackageQueueDestination, data };
});
