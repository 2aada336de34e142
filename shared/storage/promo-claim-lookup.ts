// storage adapter → what the public claim page may know of a promo code: its partner, locale and brand, by uuid.
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { indexes } from '#shared/storage/table-definition';
import { keys } from '#shared/storage/keys';
import type { PromoCodeClaimLookup } from '#shared/usecases/ports/travelers';

export const dynamoPromoClaimLookup = (client: DynamoDBDocumentClient, tableName: string): PromoCodeClaimLookup => ({
  async describe(uuid) {
    const lookup = keys.promoCodeLookup(uuid);
    const { Items } = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: indexes.byLookup.name,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': lookup.gsi1pk, ':sk': lookup.gsi1sk },
        Limit: 1,
      }),
    );
    const ref = Items?.[0];
    if (!ref) return undefined;
    const partnerId = ref.partner_id as string;
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.booking(partnerId, ref.booking as string),
        ProjectionExpression: 'locale, custom_branding',
      }),
    );
    if (!Item) return undefined;
    return { partnerId, locale: (Item.locale as string | null) ?? null, brandId: (Item.custom_branding as string | null) ?? null };
  },
});
