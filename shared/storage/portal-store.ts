// storage adapter → partner portal links (under the partner, single use) and portal sessions (by cookie hash), with TTL.
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import { exchangeSingleUse } from '#shared/storage/single-use-exchange';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import type { PortalSession, PortalSessionStore } from '#shared/usecases/ports/webhooks';

/** DynamoDB's TTL deletes expired items within days; reads check `expires_at` themselves. */
const ttlOf = (iso: string) => Math.floor(Date.parse(iso) / 1000) + 3600;

export const dynamoPortalStore = (client: DynamoDBDocumentClient, tableName: string): PortalSessionStore => ({
  async putLink(record) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.portalLink(record.partner_id, record.nonce),
          entity: 'portal_link',
          version: 1,
          ...record,
          [timeToLiveAttribute]: ttlOf(record.expires_at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  redeemLink: (link, usedAt, sessionHash, session) =>
    exchangeSingleUse(client, {
      tableName,
      linkKey: keys.portalLink(link.partnerId, link.nonce),
      usedAt,
      sessionItem: {
        ...keys.portalSession(sessionHash),
        entity: 'portal_session',
        version: 1,
        ...session,
        [timeToLiveAttribute]: ttlOf(session.expires_at),
      },
    }),
  async deleteSession(sessionHash) {
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.portalSession(sessionHash) }));
  },
  async releaseForm(form) {
    await client.send(new DeleteCommand({ TableName: tableName, Key: keys.portalForm(form.partnerId, form.nonce) }));
  },
  async claimForm(form, expiresAt) {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.portalForm(form.partnerId, form.nonce), entity: 'portal_form', version: 1, [timeToLiveAttribute]: ttlOf(expiresAt) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  },
  async getSession(sessionHash) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.portalSession(sessionHash), ConsistentRead: true }));
    if (!Item) return undefined;
    const { partner_id, credentials_fingerprint, csrf_token, created_at, expires_at } = Item as PortalSession;
    return { partner_id, credentials_fingerprint, csrf_token, created_at, expires_at };
  },
});
