// storage adapter → redirect tokens (under the partner) and traveler sessions (by cookie hash), both with TTL.
import { GetCommand, PutCommand, DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { exchangeSingleUse } from '#shared/storage/single-use-exchange';
import * as keys from '#shared/storage/keys';
import type { RedirectTokenRecord, SessionStore, TravelerSession } from '#shared/usecases/ports/travelers';

/** DynamoDB's TTL deletes expired items within days; reads still check `expires_at` themselves. */
const ttlOf = (iso: string) => Math.floor(Date.parse(iso) / 1000) + 3600;

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, entity: _entity, version: _version, ttl: _ttl, ...rest } = item;
  return rest as T;
};

export const dynamoSessionStore = (client: DynamoDBDocumentClient, tableName: string): SessionStore => ({
  async putToken(record) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.redirectToken(record.partner_id, record.nonce),
          entity: 'redirect_token',
          version: 1,
          ...record,
          ttl: ttlOf(record.expires_at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async getToken(partnerId, nonce) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.redirectToken(partnerId, nonce), ConsistentRead: true }));
    return Item ? strip<RedirectTokenRecord>(Item) : undefined;
  },
  redeemToken: (record, usedAt, sessionHash, session) =>
    exchangeSingleUse(client, {
      tableName,
      linkKey: keys.redirectToken(record.partner_id, record.nonce),
      usedAt,
      sessionItem: { ...keys.travelerSession(sessionHash), entity: 'traveler_session', version: 1, ...session, ttl: ttlOf(session.expires_at) },
    }),
  async getSession(sessionHash) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.travelerSession(sessionHash), ConsistentRead: true }));
    return Item ? strip<TravelerSession>(Item) : undefined;
  },
  async deleteSession(sessionHash) {
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.travelerSession(sessionHash) }));
  },
});
