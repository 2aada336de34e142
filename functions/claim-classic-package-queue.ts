// http adapter → POST /native/classic-package-queues/{id}/claim: the traveler claims a classic grant
// (the spec's callable `claim_classic_package_queue`).
import * as successMessages from '#shared/api/success-messages';
import { ExternalUserBodySchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { pathParameter, readJsonBody } from '#shared/http/request';
import { lifecycle } from '#shared/composition/repositories';
import { claimClassicGrant } from '#shared/usecases/classic-grants';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const body = validate(ExternalUserBodySchema, readJsonBody(event, headers));
  const claim = await claimClassicGrant(
    { partnerId: partner.partnerId, externalUserId: body.external_user_id, queueId: pathParameter(event, 'id') },
    lifecycle,
  );
  return {
    message: successMessages.claimClassicPackageQueue,
    data: { queue_id: claim.queue_id, iccid: claim.iccid, is_top_up: claim.is_top_up, user_id: claim.user_id },
  };
});
