// composition → Idempotency-Key support for POST /bookings, on the function's table.
import { dynamoClient } from '#shared/composition/dynamodb';
import * as config from '#shared/config';
import { powertoolsIdempotency } from '#shared/storage/idempotency-store';

export const idempotency = powertoolsIdempotency(dynamoClient, config.tableName());
