// storage adapter → what the public claim page may know of a promo code: its partner, locale and brand, by uuid.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Booking, isClaimableByEmail } from '#shared/domain/booking';
import * as keys from '#shared/storage/keys';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import type { PromoCodeClaimLookup } from '#shared/usecases/ports/travelers';

export const dynamoPromoClaimLookup = (client: DynamoDBDocumentClient, tableName: string): PromoCodeClaimLookup => {
  const codes = dynamoPromoCodeDirectory(client, tableName);
  return {
    async describe(uuid) {
      const located = await codes.locate(uuid);
      if (!located) return undefined;
      const { partnerId, bookingId } = located;
      const { Item } = await client.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.booking(partnerId, bookingId),
          ProjectionExpression: 'locale, custom_branding, email, promo_codes, package_queues',
        }),
      );
      const promo = (Item?.promo_codes as Booking['promo_codes'] | undefined)?.find((code) => code.uuid === uuid);
      if (!Item || !promo) return undefined;
      return {
        partnerId,
        locale: (Item.locale as string | null) ?? null,
        brandId: (Item.custom_branding as string | null) ?? null,
        taken: promo.status === 'redeemed' ? 'redeemed' : promo.claimed_at ? 'claimed' : null,
        claimable: isClaimableByEmail(promo, {
          email: (Item.email as string | null) ?? null,
          package_queues: Item.package_queues as Booking['package_queues'],
        }),
      };
    },
  };
};
