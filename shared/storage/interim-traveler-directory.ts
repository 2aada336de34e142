// storage adapter (INTERIM, replace when the traveler lifecycle model lands) → travelers as main knows them today:
// the booking package-queue look-ups (`PARTNER#p#TRAVELER#{external_user_id | email:<lower>}`), plus alias items that
// remember the external_user_id assigned to a traveler known only by email.
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Booking } from '#shared/domain/booking';
import { randomToken } from '#shared/domain/ids';
import { cancellationReasons } from '#shared/storage/dynamo-errors';
import { keys } from '#shared/storage/keys';
import type { TravelerHomeSource, TravelerHomeView } from '#shared/usecases/traveler-home';
import type { TravelerDirectory } from '#shared/usecases/traveler-sessions';

/** A traveler's queue entries across bookings; one page is plenty for a home page and keeps the read bounded. */
const MAX_QUEUE_REFS = 50;

const emailTraveler = (email: string) => `email:${email.trim().toLowerCase()}`;

export const interimTravelerDirectory = (client: DynamoDBDocumentClient, tableName: string): TravelerDirectory & TravelerHomeSource => {
  const queueRefs = async (partnerId: string, traveler: string, limit = MAX_QUEUE_REFS) => {
    const { Items } = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :queue)',
        ExpressionAttributeValues: { ':pk': keys.travelerQueues(partnerId, traveler), ':queue': 'QUEUE#' },
        Limit: limit,
      }),
    );
    return (Items ?? []).map((item) => ({ queueUuid: String(item.sk).slice('QUEUE#'.length), bookingId: item.booking as string }));
  };

  const aliasOf = async (partnerId: string, externalUserId: string) => {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.travelerIdAlias(partnerId, externalUserId) }));
    return Item?.email as string | undefined;
  };

  const bookings = async (partnerId: string, ids: string[]): Promise<Booking[]> => {
    if (ids.length === 0) return [];
    const { Responses } = await client.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName]: {
            Keys: ids.map((id) => keys.booking(partnerId, id)),
            ProjectionExpression: 'id, package_queues, locale, custom_branding, created_at',
          },
        },
      }),
    );
    return (Responses?.[tableName] ?? []) as Booking[];
  };

  return {
    async resolveByExternalUserId(_partnerId, externalUserId) {
      return { externalUserId };
    },

    async resolveByEmail(partnerId, email) {
      const traveler = emailTraveler(email);
      if ((await queueRefs(partnerId, traveler, 1)).length === 0) return undefined;
      const aliasKey = keys.travelerEmailAlias(partnerId, traveler);
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: aliasKey, ConsistentRead: true }));
      if (Item) return { externalUserId: Item.external_user_id as string };
      const assigned = `usr_${randomToken(12)}`;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName, Item: { ...aliasKey, entity: 'traveler_alias', version: 1, external_user_id: assigned }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: tableName, Item: { ...keys.travelerIdAlias(partnerId, assigned), entity: 'traveler_alias', version: 1, email: traveler } } },
            ],
          }),
        );
        return { externalUserId: assigned };
      } catch (error) {
        // Two first requests at once: the other one assigned the id; use it.
        if (cancellationReasons(error)?.[0]?.Code !== 'ConditionalCheckFailed') throw error;
        const { Item: winner } = await client.send(new GetCommand({ TableName: tableName, Key: aliasKey, ConsistentRead: true }));
        return { externalUserId: winner?.external_user_id as string };
      }
    },

    async load(partnerId, externalUserId): Promise<TravelerHomeView> {
      const [byId, email] = await Promise.all([queueRefs(partnerId, externalUserId), aliasOf(partnerId, externalUserId)]);
      const refs = email ? [...byId, ...(await queueRefs(partnerId, email))] : byId;
      const wanted = new Set(refs.map((ref) => ref.queueUuid));
      const found = (await bookings(partnerId, [...new Set(refs.map((ref) => ref.bookingId))])).sort((a, b) =>
        b.created_at.localeCompare(a.created_at),
      );
      const newest = found[0];
      return {
        externalUserId,
        locale: newest?.locale ?? null,
        brandId: newest?.custom_branding ?? null,
        packageQueues: found.flatMap((booking) =>
          booking.package_queues
            .filter((entry) => wanted.has(entry.uuid))
            .map((entry) => ({
              uuid: entry.uuid,
              esim_type: entry.esim_type,
              status: entry.status,
              expires_at: entry.expires_at,
              package: {
                package_type: entry.package_specification.package_type,
                size: entry.package_specification.size,
                package_duration: entry.package_specification.package_duration,
                destination: entry.package_specification.destination,
              },
            })),
        ),
        currentEsim: null,
      };
    },
  };
};
