// storage → reading one API key's credentials item (partners' and reporters' keys live apart, read alike).
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PartnerCredentials } from '#shared/usecases/ports/partners';

/**
 * The credentials stored under `key`, their owner read from `ownerAttribute`. Strongly consistent: a rotated or
 * disabled credential stops working at once.
 */
export const readCredentials = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  input: { key: Record<string, string>; apiKey: string; ownerAttribute: 'partner_id' | 'reporter' },
): Promise<PartnerCredentials | undefined> => {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: input.key, ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    partnerId: Item[input.ownerAttribute] as string,
    apiKey: input.apiKey,
    secretCiphertext: Item.secret_ciphertext as string,
    status: Item.status as PartnerCredentials['status'],
  };
};
