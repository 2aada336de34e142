// storage adapter → departure-event schedules: the sweeper's due index, and firing one atomically.
import { DeleteCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryDue } from '#shared/storage/due-index';
import { cancellationReasons } from '#shared/storage/dynamo-errors';
import { eventPut } from '#shared/storage/event-items';
import * as keys from '#shared/storage/keys';
import type { DueSchedule, ScheduleStore } from '#shared/usecases/ports/bookings';

export const dynamoScheduleStore = (client: DynamoDBDocumentClient, tableName: string): ScheduleStore => {
  const scheduleKey = (s: DueSchedule) => keys.departureSchedule(s.partner_id, s.booking_id, s.event);
  return {
    async due(now, limit) {
      return queryDue<DueSchedule>(client, tableName, { shardKey: keys.dueShard, now, limit });
    },

    async fire(schedule, event) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: tableName, Key: scheduleKey(schedule), ConditionExpression: 'attribute_exists(pk)' } },
              eventPut(tableName, event),
            ],
          }),
        );
        return true;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (reasons?.some((reason) => reason.Code === 'ConditionalCheckFailed')) {
          await client.send(new DeleteCommand({ TableName: tableName, Key: scheduleKey(schedule) }));
          return false;
        }
        throw error;
      }
    },

    async drop(schedule) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: scheduleKey(schedule) }));
    },
  };
};
