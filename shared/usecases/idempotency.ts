// use case wrapper → Idempotency-Key support on Powertools idempotency, stored in the single table per partner.
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { BadRequestError, ConflictError } from '#shared/errors';
import { keys } from '#shared/storage/keys';
import { timeToLiveAttribute } from '#shared/storage/table-definition';

/** How long a key remembers its response. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotentCall {
  idempotencyKey: string;
  body: unknown;
}

/**
 * Runs `operation` once per (partner, Idempotency-Key). The same key with the same body returns the stored
 * result; the same key with another body is a 409; a retry while the first call still runs is a 409 too.
 * Without a key the operation simply runs.
 */
export const runIdempotently = async <T extends Record<string, unknown> | unknown[]>(
  input: { partnerId: string; idempotencyKey: string | undefined; body: unknown; lambdaContext: Context },
  operation: () => Promise<T>,
  deps: { client: DynamoDBClient; tableName: string },
): Promise<T> => {
  if (input.idempotencyKey === undefined) return operation();
  if (!KEY_PATTERN.test(input.idempotencyKey)) {
    throw new BadRequestError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [
      { path: 'Idempotency-Key', message: 'Invalid header value.' },
    ]);
  }
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: deps.tableName,
    keyAttr: 'pk',
    sortKeyAttr: 'sk',
    staticPkValue: keys.idempotencyPartition(input.partnerId),
    expiryAttr: timeToLiveAttribute,
    awsSdkV3Client: deps.client,
  });
  const idempotencyConfig = new IdempotencyConfig({
    eventKeyJmesPath: 'idempotencyKey',
    payloadValidationJmesPath: 'body',
    expiresAfterSeconds: IDEMPOTENCY_WINDOW_SECONDS,
    throwOnNoIdempotencyKey: true,
  });
  // An in-progress record of a crashed invocation then expires when that invocation would have timed out.
  idempotencyConfig.registerLambdaContext(input.lambdaContext);
  const idempotentOperation = makeIdempotent(async (_call: IdempotentCall) => operation(), {
    persistenceStore,
    config: idempotencyConfig,
  });
  try {
    return (await idempotentOperation({ idempotencyKey: input.idempotencyKey, body: input.body })) as T;
  } catch (error) {
    if (error instanceof IdempotencyValidationError) {
      throw new ConflictError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
      );
    }
    if (error instanceof IdempotencyAlreadyInProgressError) {
      throw new ConflictError(
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still being processed. Retry shortly.',
      );
    }
    throw error;
  }
};
