// storage adapter → partner brands beside the partner profile, and the pointer to the partner's default brand.
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { MAX_BRANDS_PER_PARTNER, type Brand } from '#shared/domain/brand';
import * as keys from '#shared/storage/keys';
import type { BrandAdminStore, BrandDirectory, BrandNames } from '#shared/usecases/ports/partners';

const brandItem = (brand: Brand) => ({ ...keys.brand(brand.partner_id, brand.brand_id), entity: 'brand', version: 1, ...brand });

const fromItem = (item: Record<string, unknown>): Brand => {
  const { pk: _pk, sk: _sk, entity: _entity, version: _version, ...brand } = item;
  return brand as unknown as Brand;
};

/** Brand names alone: what the booking and the claim name in their emails, without the rest of the store. */
export const dynamoBrandNames = (client: DynamoDBDocumentClient, tableName: string): BrandNames => ({
  async nameOf(partnerId, brandId) {
    const { Item } = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.brand(partnerId, brandId),
        ProjectionExpression: '#name',
        ExpressionAttributeNames: { '#name': 'name' },
        ConsistentRead: true,
      }),
    );
    return Item?.name as string | undefined;
  },
});

const brandReader = (client: DynamoDBDocumentClient, tableName: string) => async (partnerId: string, brandId: string) => {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.brand(partnerId, brandId) }));
  return Item ? fromItem(Item) : undefined;
};

const defaultBrandReader = (client: DynamoDBDocumentClient, tableName: string) => async (partnerId: string) => {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.defaultBrand(partnerId) }));
  return Item?.brand_id as string | undefined;
};

/** The brands as the traveler-facing answers read them: a brand's name, and the brand a page or an email shows. */
export const dynamoBrandDirectory = (client: DynamoDBDocumentClient, tableName: string): BrandDirectory => {
  const get = brandReader(client, tableName);
  const defaultBrandId = defaultBrandReader(client, tableName);
  return {
    ...dynamoBrandNames(client, tableName),
    async resolve(partnerId, brandId) {
      if (brandId === null) {
        const fallback = await defaultBrandId(partnerId);
        return fallback === undefined ? undefined : get(partnerId, fallback);
      }
      // One round trip for the named brand and the default pointer; a second only when falling back.
      const result = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [keys.brand(partnerId, brandId), keys.defaultBrand(partnerId)] } } }),
      );
      const items = result.Responses?.[tableName] ?? [];
      const named = items.find((item) => item.sk === keys.brand(partnerId, brandId).sk);
      if (named) return fromItem(named);
      const fallback = items.find((item) => item.sk === keys.defaultBrand(partnerId).sk)?.brand_id as string | undefined;
      return fallback === undefined ? undefined : get(partnerId, fallback);
    },
  };
};

export const dynamoBrandStore = (client: DynamoDBDocumentClient, tableName: string): BrandAdminStore => {
  const get = brandReader(client, tableName);
  const defaultBrandId = defaultBrandReader(client, tableName);
  return {
    get,
    defaultBrandId,
    ...dynamoBrandDirectory(client, tableName),
    async list(partnerId) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.brand(partnerId, '').pk, ':prefix': keys.BRAND_PREFIX },
          Limit: MAX_BRANDS_PER_PARTNER,
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map(fromItem);
    },
    async put(brand) {
      await client.send(new PutCommand({ TableName: tableName, Item: brandItem(brand) }));
    },
    async remove(partnerId, brandId) {
      const isDefault = (await defaultBrandId(partnerId)) === brandId;
      const brandDelete = { TableName: tableName, Key: keys.brand(partnerId, brandId), ReturnValues: 'ALL_OLD' as const };
      if (!isDefault) {
        const { Attributes } = await client.send(new DeleteCommand(brandDelete));
        return Attributes !== undefined;
      }
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: keys.brand(partnerId, brandId) } },
            { Delete: { TableName: tableName, Key: keys.defaultBrand(partnerId) } },
          ],
        }),
      );
      return true;
    },
    async setDefault(partnerId, brandId) {
      if (brandId === null) {
        await client.send(new DeleteCommand({ TableName: tableName, Key: keys.defaultBrand(partnerId) }));
        return;
      }
      // The pointer is written only while the brand exists, so it never names a missing brand.
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: tableName, Key: keys.brand(partnerId, brandId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: tableName,
                Item: { ...keys.defaultBrand(partnerId), entity: 'default_brand', version: 1, brand_id: brandId },
              },
            },
          ],
        }),
      );
    },
  };
};
