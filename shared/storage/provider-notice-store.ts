// storage adapter → the providers' notices about a profile, one item each under the partner's eSIM, kept 90 days.
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import type { ProviderNotice, ProviderNotices } from '#shared/usecases/ports/provider-notices';

/** Long enough for a support case about a failed install to be opened and worked; the log keeps 30 days. */
const RETENTION_SECONDS = 90 * 86_400;

export const dynamoProviderNotices = (client: DynamoDBDocumentClient, tableName: string): ProviderNotices => ({
  async record(notice) {
    // One item per point, status and the provider's own time: a retransmission of the same notice writes the same item.
    const position = `${notice.reported_at}#${notice.point}#${notice.status}`;
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.providerNotice(notice.partner_id, notice.iccid, position),
          entity: 'provider_notice',
          version: 1,
          ...notice,
          [timeToLiveAttribute]: Math.floor(Date.parse(notice.received_at) / 1000) + RETENTION_SECONDS,
        },
      }),
    );
  },

  async list(partnerId, iccid, limit) {
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.providerNotices(partnerId, iccid), ':prefix': 'NOTICE#' },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.map(({ pk: _pk, sk: _sk, entity: _entity, version: _version, [timeToLiveAttribute]: _ttl, ...notice }) => notice as ProviderNotice);
  },
});
