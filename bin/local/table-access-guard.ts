// local runtime → each route's declared table access (shared/routes.ts) enforced on the DynamoDB client, the
// way IAM enforces it in AWS, so a route that writes without declaring it fails in local tests, not in production.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type RouteDefinition, tableAccessOf } from '#shared/routes';
import * as keys from '#shared/storage/keys';

type RouteAccess = Pick<RouteDefinition, 'operation' | 'auth' | 'access' | 'indexes' | 'resources'>;

/** The route whose handler is running, for the DynamoDB calls it makes. */
export const currentRoute = new AsyncLocalStorage<RouteAccess>();

const reads = new Set(['GetItem', 'BatchGetItem', 'Query', 'TransactGetItems', 'ConditionCheck']);
const writes = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'Put', 'Update', 'Delete']);
// The same items the deployed policy allows by its dynamodb:LeadingKeys pattern `SIGNATURE#*#*`.
const signaturePrefix = keys.usedSignature('*', '*').pk.split('*')[0] ?? 'SIGNATURE#';

/** The partition key of a put, marshalled ({ S }) or not. */
const partitionKeyOf = (item: unknown): string | undefined => {
  const pk = (item as { pk?: unknown } | undefined)?.pk;
  if (typeof pk === 'string') return pk;
  return typeof (pk as { S?: unknown } | undefined)?.S === 'string' ? (pk as { S: string }).S : undefined;
};

/** Each action a command performs, with the item it puts (transactions: one per item). */
const actionsOf = (command: string, input: Record<string, unknown>): Array<{ action: string; item?: unknown }> => {
  if (command === 'TransactWriteItems') {
    return ((input.TransactItems ?? []) as Array<Record<string, { Item?: unknown }>>).flatMap((entry: Record<string, { Item?: unknown }>) =>
      Object.entries(entry).map(([action, body]) => ({ action, item: body?.Item })),
    );
  }
  return [{ action: command, item: input.Item }];
};

/** Why IAM would refuse this command for this route, or undefined when it is allowed. */
export const refusal = (route: RouteAccess, command: string, input: Record<string, unknown>): string | undefined => {
  const declared = tableAccessOf(route);
  const access = route.auth === 'partner' && declared === 'none' ? 'read' : declared;
  const declare = `(shared/routes.ts, docs/operations.md "Least privilege")`;
  if (typeof input.IndexName === 'string' && !(route.indexes ?? []).includes(input.IndexName)) {
    return `Route ${route.operation} queries index ${input.IndexName} without declaring it: add indexes: ['${input.IndexName}'] ${declare}.`;
  }
  for (const { action, item } of actionsOf(command, input)) {
    if (access !== 'none' && reads.has(action)) continue;
    if (access === 'readWrite' && writes.has(action)) continue;
    const signature = route.auth === 'partner' && action === 'PutItem' && partitionKeyOf(item)?.startsWith(signaturePrefix);
    if (signature) continue;
    return `Route ${route.operation} has table access "${access}" but calls ${action}: declare access: 'readWrite' ${declare}. IAM refuses this in AWS.`;
  }
  return undefined;
};

/** Adds the check to the client every handler shares (once). */
export const guardTableAccess = (client: DynamoDBClient): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const route = currentRoute.getStore();
      const command = String(context.commandName ?? '').replace(/Command$/, '');
      const reason = route ? refusal(route, command, args.input as Record<string, unknown>) : undefined;
      if (reason) throw Object.assign(new Error(reason), { name: 'AccessDeniedException' });
      return next(args);
    },
    { step: 'initialize', name: 'localTableAccessGuard', override: true },
  );
};
