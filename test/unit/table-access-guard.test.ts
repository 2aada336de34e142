// local runtime → the declared table access of a route, enforced like IAM on the shared DynamoDB client.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { currentRoute, guardTableAccess, refusal } from '#bin/local/table-access-guard';
import type { RouteDefinition } from '#shared/routes';

const route = (overrides: Partial<RouteDefinition> = {}) => ({ operation: 'getThing', auth: 'partner' as const, ...overrides });

describe('Local table access guard', () => {
  it.each([
    ['a read route reading', route(), 'GetItem', {}],
    ['a read route querying the table', route(), 'Query', {}],
    ['a read route claiming a single-use signature', route(), 'PutItem', { Item: { pk: 'SIGNATURE#pk_1#abc', sk: 'SIGNATURE' } }],
    ['a marshalled signature claim', route(), 'PutItem', { Item: { pk: { S: 'SIGNATURE#pk_1#abc' } } }],
    [
      'a readWrite route in a transaction',
      route({ access: 'readWrite' }),
      'TransactWriteItems',
      { TransactItems: [{ Put: { Item: { pk: 'B' } } }, { Delete: {} }] },
    ],
    ['a declared index', route({ indexes: ['gsi1'] }), 'Query', { IndexName: 'gsi1' }],
  ])('allows %s', (_case, declared, command, input) => {
    expect(refusal(declared, command, input)).toBeUndefined();
  });

  it.each([
    ['a read route writing a booking', route(), 'PutItem', { Item: { pk: 'PARTNER#p#BOOKINGS' } }, "declare access: 'readWrite'"],
    ['a read route updating', route(), 'UpdateItem', {}, "declare access: 'readWrite'"],
    [
      'a read route writing inside a transaction',
      route(),
      'TransactWriteItems',
      { TransactItems: [{ ConditionCheck: {} }, { Update: {} }] },
      'calls Update',
    ],
    ['any route scanning', route({ access: 'readWrite' }), 'Scan', {}, 'calls Scan'],
    ['an undeclared index', route({ access: 'readWrite' }), 'Query', { IndexName: 'gsi2' }, "indexes: ['gsi2']"],
    ['a public route claiming a signature', route({ auth: 'public', access: 'none' }), 'PutItem', { Item: { pk: 'SIGNATURE#x' } }, 'calls PutItem'],
  ])('refuses %s', (_case, declared, command, input, hint) => {
    expect(refusal(declared, command, input)).toContain(hint);
  });

  it('refuses on the client itself, before any request leaves, only inside a route', async () => {
    // Prepare
    const client = new DynamoDBClient({
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    });
    guardTableAccess(client);
    const documents = DynamoDBDocumentClient.from(client);
    const put = () => documents.send(new PutCommand({ TableName: 't', Item: { pk: 'PARTNER#p#BOOKINGS', sk: 'B' } }));

    // Act
    const inRoute = currentRoute.run(route(), put).catch((error: Error) => error);
    const outside = put().catch((error: Error) => error);

    // Assess
    expect(await inRoute).toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('getThing') });
    expect(await outside).not.toMatchObject({ name: 'AccessDeniedException' });
    client.destroy();
  });
});
