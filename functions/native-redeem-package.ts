// http adapter → POST /native/redeem-package: the traveler redeems a pending package queue entry.
import { successMessages } from '#shared/api/success-messages';
import { RedeemPackageSchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { lifecycle } from '#shared/composition/repositories';
import { redeemPackageQueueEntry } from '#shared/usecases/redeem-package-queue-entry';
import { currentEsim, currentEsimPackages, esimView } from '#shared/usecases/traveler-overview';

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const body = validate(RedeemPackageSchema, readJsonBody(event, headers));
  const redemption = await redeemPackageQueueEntry(
    { partnerId: partner.partnerId, externalUserId: body.external_user_id, packageQueueId: body.package_queue_id },
    lifecycle,
  );
  const esim = currentEsim(redemption.traveler);
  return {
    message: successMessages.nativeRedeemPackage,
    data: {
      packageQueue: {
        id: redemption.entry?.uuid ?? body.package_queue_id,
        uuid: redemption.entry?.uuid ?? body.package_queue_id,
        status: 'redeemed',
      },
      current_esim: esim ? esimView(esim) : null,
      current_esim_packages: currentEsimPackages(redemption.traveler, lifecycle.clock.now()),
    },
  };
});
