// composition → the DynamoDB clients, created once per function instance (module scope).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as config from '#shared/config';

export const dynamoClient = new DynamoDBClient({ endpoint: config.dynamodbEndpoint() });

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
