// http adapter → POST /native/redeem-package: the traveler redeems a pending package queue entry.
import * as successMessages from '#shared/api/success-messages';
import { RedeemPackageSchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { besideSignatureClaim } from '#shared/http/middleware';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { lifecycle } from '#shared/composition/repositories';
import { redeemPackageQueueEntry } from '#shared/usecases/redeem-package-queue-entry';
import { currentEsim, currentEsimPackages, esimView } from '#shared/usecases/traveler-overview';

// The signature is claimed beside the redemption's reads, and before it orders anything or writes: three round trips.
export const handler = partnerHandler(
  async ({ event, headers, partner, signatureClaim }) => {
    const body = validate(RedeemPackageSchema, readJsonBody(event, headers));
    const redemption = await besideSignatureClaim(signatureClaim, (claimed) =>
      redeemPackageQueueEntry(
        {
          partnerId: partner.partnerId,
          externalUserId: body.external_user_id,
          packageQueueId: body.package_queue_id,
          destination: body.destination,
          mayChange: claimed,
        },
        lifecycle,
      ),
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
  },
  { claimInWrite: true },
);
