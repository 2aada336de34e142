// local runtime → creates the single table from the same definition the CDK stack uses.
import { CreateTableCommand, DescribeTableCommand, UpdateTimeToLiveCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { streamViewType, tableDefinition } from '#shared/storage/table-definition';

/** Creates the table when missing; returns its stream ARN. */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<string> => {
  const definition = tableDefinition(tableName);
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return existing.Table?.LatestStreamArn ?? '';
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceNotFoundException')) throw error;
  }
  const attributeNames = [
    definition.partitionKey,
    definition.sortKey,
    ...definition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  const created = await client.send(
    new CreateTableCommand({
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
      StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return created.TableDescription?.LatestStreamArn ?? '';
};
