// local runtime → creates the single table from the same definition the CDK stack uses.
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';

/** The CreateTable request of the stack's table definition; `stream: false` for tables whose rows are not events (seeding). */
export const createTableInput = (tableName: string, { stream }: { stream: boolean }): CreateTableCommandInput => {
  const definition = tableDefinition(tableName);
  const attributeNames = [
    definition.partitionKey,
    definition.sortKey,
    ...definition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: definition.partitionKey, KeyType: 'HASH' },
      { AttributeName: definition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: definition.globalIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType } } : {}),
  };
};

/** Creates the table when missing; returns its stream ARN. */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<string> => {
  const definition = tableDefinition(tableName);
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return existing.Table?.LatestStreamArn ?? '';
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceNotFoundException')) throw error;
  }
  const created = await client.send(new CreateTableCommand(createTableInput(tableName, { stream: true })));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return created.TableDescription?.LatestStreamArn ?? '';
};
