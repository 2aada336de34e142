// storage adapter → reporter credentials (network, eSIM platform, payments): API-key items apart from partners'.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readCredentials } from '#shared/storage/credential-items';
import * as keys from '#shared/storage/keys';
import type { ReporterCredentialStore } from '#shared/usecases/ports/partners';

/** `partnerId` of the credentials holds the reporter's name; no partner key can ever match these items. */
export const dynamoReporterStore = (client: DynamoDBDocumentClient, tableName: string): ReporterCredentialStore => ({
  async findByApiKey(apiKey) {
    return readCredentials(client, tableName, { key: keys.reporterKey(apiKey), apiKey, ownerAttribute: 'reporter' });
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
