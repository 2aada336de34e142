// infrastructure → the DynamoDB actions behind each table access level of the route table (least privilege).
import type { TableAccess } from '#shared/routes';

const read = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;

/**
 * TransactGetItems and TransactWriteItems are authorised per item with these same actions. dynamodb:Scan is
 * in none of them: no request path may read a whole table (a CDK test asserts no policy allows it).
 */
export const tableActions: Record<TableAccess, readonly string[]> = {
  none: [],
  read,
  readWrite: [...read, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
};
