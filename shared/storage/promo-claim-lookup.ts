// storage adapter → what the public claim page may know of a promo code: its partner, locale and brand, by uuid.
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
        new GetCommand({ TableName: tableName, Key: keys.booking(partnerId, bookingId), ProjectionExpression: 'locale, custom_branding, email' }),
      );
      if (!Item) return undefined;
      return {
        partnerId,
        locale: (Item.locale as string | null) ?? null,
        brandId: (Item.custom_branding as string | null) ?? null,
        bookedWithEmail: Boolean(Item.email),
      };
    },
  };
};
