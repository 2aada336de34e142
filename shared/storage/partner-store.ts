// storage adapter → partners: the API-key item (credentials for auth) and the profile item, written together.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PartnerProfile } from '#shared/domain/partner';
import { readCredentials } from '#shared/storage/credential-items';
import { isConditionalCheckFailed } from '#shared/storage/dynamo-errors';
import * as keys from '#shared/storage/keys';
import { ConcurrentChangeError } from '#shared/usecases/ports/lifecycle';
import type { CredentialStore, PartnerAdminStore, PartnerCredentials, PartnerProfiles } from '#shared/usecases/ports/partners';

/** The profile item; `revision` counts its writes (every save, and the dispatcher's health marks, add one). */
const profileItem = ({ revision, ...profile }: PartnerProfile) => ({
  ...keys.partnerProfile(profile.partner_id),
  ...keys.partnersIndex,
  gsi1sk: `${profile.created_at}#${profile.partner_id}`,
  entity: 'partner',
  version: 1,
  ...profile,
  revision: (revision ?? 0) + 1,
});

const credentialsItem = (credentials: PartnerCredentials) => ({
  ...keys.apiKey(credentials.apiKey),
  entity: 'api_key',
  version: 1,
  partner_id: credentials.partnerId,
  secret_ciphertext: credentials.secretCiphertext,
  status: credentials.status,
});

const withoutKeys = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, entity: _e, version: _v, ...rest } = item;
  return rest as T;
};

/** The credentials of an API key alone: what authentication reads, without the profile's reads and writes. */
export const dynamoPartnerCredentials = (client: DynamoDBDocumentClient, tableName: string): CredentialStore => ({
  async findByApiKey(apiKey) {
    return readCredentials(client, tableName, { key: keys.apiKey(apiKey), apiKey, ownerAttribute: 'partner_id' });
  },
});

/** A partner's profile, read and replaced: the webhook self-service's store, without the admin's writes. */
export const dynamoPartnerProfiles = (client: DynamoDBDocumentClient, tableName: string): PartnerProfiles => ({
  async getProfile(partnerId) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.partnerProfile(partnerId), ConsistentRead: true }));
    return Item ? withoutKeys<PartnerProfile>(Item) : undefined;
  },

  async saveProfile(profile) {
    const expected =
      profile.revision === undefined
        ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revision)' }
        : { ConditionExpression: 'revision = :revision', ExpressionAttributeValues: { ':revision': profile.revision } };
    try {
      await client.send(new PutCommand({ TableName: tableName, Item: profileItem(profile), ...expected }));
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new ConcurrentChangeError("The partner's settings were");
      throw error;
    }
  },
});

export const dynamoPartnerStore = (client: DynamoDBDocumentClient, tableName: string): PartnerAdminStore => ({
  ...dynamoPartnerCredentials(client, tableName),
  ...dynamoPartnerProfiles(client, tableName),

  async create(profile, credentials) {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName, Item: credentialsItem(credentials), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  },

  async list() {
    const profiles: PartnerProfile[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.partnersIndex.gsi1pk },
          ExclusiveStartKey,
        }),
      );
      profiles.push(...(page.Items ?? []).map((item) => withoutKeys<PartnerProfile>(item)));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return profiles;
  },

  async updateCredentials(apiKey, change) {
    const sets = [
      ...(change.secretCiphertext === undefined ? [] : [['secret_ciphertext', change.secretCiphertext] as const]),
      ...(change.status === undefined ? [] : [['status', change.status] as const]),
    ];
    if (sets.length === 0) return;
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.apiKey(apiKey),
        UpdateExpression: `SET ${sets.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(sets.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(sets.map(([name, value]) => [`:${name}`, value])),
      }),
    );
  },
});
