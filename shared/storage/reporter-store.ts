// storage adapter → reporter credentials (network, eSIM platform, payments): API-key items apart from partners'.
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '#shared/storage/keys';
import type { CredentialStore, PartnerCredentials, ReporterCredentialStore } from '#shared/usecases/ports/partners';

/** `partnerId` of the credentials holds the reporter's name; no partner key can ever match these items. */
export const dynamoReporterStore = (client: DynamoDBDocumentClient, tableName: string): ReporterCredentialStore => ({
  async findByApiKey(apiKey) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.reporterKey(apiKey), ConsistentRead: true }));
    if (!Item) return undefined;
    return {
      partnerId: Item.reporter as string,
      apiKey,
      secretCiphertext: Item.secret_ciphertext as string,
      status: Item.status as PartnerCredentials['status'],
    };
  },
  async save(credentials) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.reporterKey(credentials.apiKey),
          entity: 'reporter_key',
          version: 1,
          reporter: credentials.partnerId,
          secret_ciphertext: credentials.secretCiphertext,
          status: credentials.status,
        },
      }),
    );
  },
});
