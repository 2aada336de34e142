// storage adapter → Idempotency-Key support on Powertools idempotency, stored in the single table per partner.
import { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { ConflictError } from '#shared/errors';
import * as keys from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';
import type { IdempotentRunner } from '#shared/usecases/ports/services';

/** How long a key remembers its response. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Where Powertools finds the key and the body it compares, as JMESPath over the call below. Plain field names: function
 * bundles replace the JMESPath engine with a stand-in that answers field names only (lib/bundling.ts).
 */
export const idempotencyExpressions = { eventKey: 'idempotencyKey', payloadValidation: 'body' } as const satisfies Record<
  string,
  keyof IdempotentCall
>;

interface IdempotentCall {
  idempotencyKey: string;
  body: unknown;
}

interface StoredResult {
  json: string;
}

const isStoredText = (stored: unknown): stored is StoredResult =>
  typeof stored === 'object' && stored !== null && !Array.isArray(stored) && typeof (stored as { json?: unknown }).json === 'string';

/** The runner of one table: each record lives in its own partition under the partner's id (keys.idempotencyPartition). */
export const powertoolsIdempotency = (client: DynamoDBClient, tableName: string): IdempotentRunner => ({
  run: async (input, operation) => runIdempotently(input, operation, { client, tableName }),
});

const runIdempotently = async <T extends Record<string, unknown> | unknown[]>(
  input: Parameters<IdempotentRunner['run']>[0],
  operation: () => Promise<T>,
  deps: { client: DynamoDBClient; tableName: string },
): Promise<T> => {
  if (input.idempotencyKey === undefined) return operation();
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: deps.tableName,
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: keys.idempotencyPartition(input.partnerId, input.idempotencyKey),
    expiryAttr: timeToLiveAttribute,
    awsSdkV3Client: deps.client,
  });
  const idempotencyConfig = new IdempotencyConfig({
    eventKeyJmesPath: idempotencyExpressions.eventKey,
    payloadValidationJmesPath: idempotencyExpressions.payloadValidation,
    expiresAfterSeconds: IDEMPOTENCY_WINDOW_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  // An in-progress record of a crashed invocation then expires when that invocation would have timed out (Powertools
  // reads only the remaining time of the context it is given).
  idempotencyConfig.registerLambdaContext(input.deadline as Context);
  // The result is kept as its JSON text: stored as a DynamoDB map, a replay would list the members in another order
  // than the first answer, and a client comparing the two documents would see a different one.
  const idempotentOperation = makeIdempotent(async (_call: IdempotentCall): Promise<StoredResult> => ({ json: JSON.stringify(await operation()) }), {
    persistenceStore,
    config: idempotencyConfig,
  });
  try {
    const stored: StoredResult | T = await idempotentOperation({ idempotencyKey: input.idempotencyKey, body: input.body });
    // A record kept before results were kept as text holds the result itself (within its 24 hours after a deploy).
    return isStoredText(stored) ? (JSON.parse(stored.json) as T) : stored;
  } catch (error) {
    if (error instanceof IdempotencyValidationError) {
      throw new ConflictError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
      );
    }
    if (error instanceof IdempotencyAlreadyInProgressError) {
      throw new ConflictError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    }
    throw error;
  }
};
