// storage adapter → the sweeper's reads of the package schedules the traveler store writes: due entries, by shard.
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryDue } from '#shared/storage/due-index';
import * as keys from '#shared/storage/keys';
import type { PackageSchedule, PackageScheduleIndex } from '#shared/usecases/ports/lifecycle';

export const dynamoPackageScheduleIndex = (client: DynamoDBDocumentClient, tableName: string): PackageScheduleIndex => ({
  due: (now, limit) => queryDue<PackageSchedule>(client, tableName, { shardKey: keys.packageDueShard, now, limit }),

  async drop(schedule) {
    await client.send(
      new DeleteCommand({ TableName: tableName, Key: keys.packageSchedule(schedule.partner_id, schedule.user_id, schedule.package_id) }),
    );
  },
});
