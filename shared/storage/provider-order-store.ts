// storage → the provider order journal in the single table; orders awaiting reconciliation sit in the time index.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { queryDue } from '#shared/storage/due-index';
import * as keys from '#shared/storage/keys';
import { shardOf } from '#shared/storage/keys';
import type { ProviderOrder, ProviderOrderJournal } from '#shared/usecases/ports/provider-orders';

const ENTITY = 'provider_order';

const toOrder = (item: Record<string, unknown>): ProviderOrder => {
  const { pk: _pk, sk: _sk, gsi2pk: _gpk, gsi2sk: _gsk, entity: _entity, ...order } = item;
  return order as unknown as ProviderOrder;
};

/** The order as its item: keyed by partner and reference; in the time index while it awaits reconciliation. */
const itemOf = (order: ProviderOrder): Record<string, unknown> => {
  const due = order.reconcile_at
    ? { gsi2pk: keys.providerOrderDueShard(shardOf(order.reference)), gsi2sk: `${order.reconcile_at}#${order.partner_id}#${order.reference}` }
    : {};
  return { ...keys.providerOrder(order.partner_id, order.reference), entity: ENTITY, ...order, ...due };
};

type Condition = Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

export const dynamoProviderOrderJournal = (client: DynamoDBDocumentClient, tableName: string): ProviderOrderJournal => {
  /** Writes the order only if `condition` holds on what the journal has: false when another request got there first. */
  const putIf = async (order: ProviderOrder, condition: Condition): Promise<boolean> => {
    try {
      await client.send(new PutCommand({ TableName: tableName, Item: itemOf(order), ...condition }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };

  return {
    async get(partnerId, reference) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: keys.providerOrder(partnerId, reference), ConsistentRead: true }));
      return result.Item ? toOrder(result.Item) : undefined;
    },

    async save(order) {
      await client.send(new PutCommand({ TableName: tableName, Item: itemOf(order) }));
    },

    begin: (order, after) =>
      putIf(
        order,
        after
          ? {
              ConditionExpression: '#state = :cancelled AND attempt = :attempt',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':cancelled': 'cancelled', ':attempt': after.attempt },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' },
      ),

    hold: (order, seen) =>
      putIf(order, {
        ConditionExpression: '#updated = :seen AND (attribute_not_exists(#held) OR attribute_type(#held, :null) OR #held <= :now)',
        ExpressionAttributeNames: { '#updated': 'updated_at', '#held': 'in_flight_until' },
        ExpressionAttributeValues: { ':seen': seen.updated_at, ':null': 'NULL', ':now': order.updated_at },
      }),

    async dueForReconciliation(now, limit) {
      const items = await queryDue<Record<string, unknown>>(client, tableName, { shardKey: keys.providerOrderDueShard, now, limit });
      return items.map(toOrder);
    },

    async claimProviderReference(provider, providerReference, owner) {
      const key = keys.providerReference(provider, providerReference);
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key, entity: 'provider_reference', partner_id: owner.partner_id, reference: owner.reference },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return owner;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const found = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
        return { partner_id: String(found.Item?.partner_id), reference: String(found.Item?.reference) };
      }
    },
  };
};
