// storage adapter → which partner and booking a promo code uuid belongs to, for the public claim (no partner known).
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/storage/keys';
import { indexes } from '#shared/storage/table-definition';
import type { PromoCodeDirectory } from '#shared/usecases/ports/bookings';

export const dynamoPromoCodeDirectory = (client: DynamoDBDocumentClient, tableName: string): PromoCodeDirectory => ({
  async locate(uuid) {
    const lookup = keys.promoCodeLookup(uuid);
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: indexes.byLookup.name,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': lookup.gsi1pk, ':sk': lookup.gsi1sk },
        Limit: 1,
      }),
    );
    const item = result.Items?.[0];
    return item ? { partnerId: item.partner_id as string, bookingId: item.booking as string } : undefined;
  },
});
