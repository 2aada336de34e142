// test support → an in-memory single table that answers the document client's commands and charges each call's
// read and write units to the partition key it touches, as DynamoDB's capacity rules do (no network).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { indexes, keyAttributes } from '#shared/storage/table-definition';

type Item = Record<string, unknown>;
type Values = Record<string, unknown>;

/** Where a unit was spent: the table or an index, and the partition key value. */
export interface PartitionLoad {
  index: string;
  partition: string;
  readUnits: number;
  writeUnits: number;
}

const attributeBytes = (value: unknown): number => {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/^-|\./g, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + attributeBytes(element), 0);
  return 3 + Object.entries(value as Item).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name) + attributeBytes(element), 0);
};

const sizes = new WeakMap<Item, number>();

/** DynamoDB's item size: attribute names plus values (docs: "Item sizes and formats"). */
export const itemBytes = (item: Item): number => {
  const known = sizes.get(item);
  if (known !== undefined) return known;
  const bytes = Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + attributeBytes(value), 0);
  sizes.set(item, bytes);
  return bytes;
};

const writeUnitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
const readUnitsOf = (bytes: number, consistent: boolean) => Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

/** Splits `a, b = f(c, d), e` at the commas outside parentheses. */
const splitTopLevel = (text: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
};

/** Applies the SET / ADD / REMOVE clauses our stores use (`x = :v`, `x = if_not_exists(x, :v)`, `ADD n :one`). */
const applyUpdate = (item: Item, expression: string, names: Record<string, string> = {}, values: Values = {}): Item => {
  const next: Item = { ...item };
  const name = (token: string) => names[token] ?? token;
  for (const [, clause, body] of expression.matchAll(/(SET|ADD|REMOVE)\s+(.*?)(?=\s+(?:SET|ADD|REMOVE)\s|$)/gs)) {
    for (const part of splitTopLevel(body ?? '')) {
      if (clause === 'REMOVE') delete next[name(part)];
      else if (clause === 'ADD') {
        const [target = '', operand = ''] = part.split(/\s+/);
        next[name(target)] = Number(next[name(target)] ?? 0) + Number(values[operand]);
      } else {
        const [target = '', value = ''] = part.split(/\s*=\s*/, 2).map((s) => s.trim());
        const fallback = value.match(/^if_not_exists\(\s*([^,]+),\s*(:\w+)\s*\)$/);
        next[name(target)] = fallback ? (next[name(fallback[1] ?? '')] ?? values[fallback[2] ?? '']) : values[value];
      }
    }
  }
  return next;
};

/** The sort-key part of a key condition: `begins_with(sk, :v)`, `sk < :v` and the other comparisons. */
const rangeMatcher = (condition: string | undefined, values: Values): ((sortValue: string) => boolean) => {
  if (!condition) return () => true;
  const prefix = condition.match(/^begins_with\(\s*\w+\s*,\s*(:\w+)\s*\)$/);
  if (prefix) return (sortValue) => sortValue.startsWith(String(values[prefix[1] ?? '']));
  const between = condition.match(/^\w+\s+BETWEEN\s+(:\w+)\s+AND\s+(:\w+)$/i);
  if (between) {
    const [low, high] = [String(values[between[1] ?? '']), String(values[between[2] ?? ''])];
    return (sortValue) => sortValue >= low && sortValue <= high;
  }
  const comparison = condition.match(/^\w+\s*(<=|>=|<|>|=)\s*(:\w+)$/);
  if (!comparison) throw new Error(`Unsupported key condition: ${condition}`);
  const operand = String(values[comparison[2] ?? '']);
  const compare = {
    '<': (x: string) => x < operand,
    '<=': (x: string) => x <= operand,
    '>': (x: string) => x > operand,
    '>=': (x: string) => x >= operand,
    '=': (x: string) => x === operand,
  }[comparison[1] as '<' | '<=' | '>' | '>=' | '='];
  return compare;
};

/** At most this many bytes per Query call, as DynamoDB stops a page at 1 MB. */
const QUERY_PAGE_BYTES = 1024 * 1024;

export const capacityTable = () => {
  const items = new Map<string, Item>();
  /** Item ids per `index|partition`, so a Query reads only its partition. */
  const members = new Map<string, Set<string>>();
  /** The same, sorted by the index's sort key; dropped by every write to the partition. */
  const sortedMembers = new Map<string, Item[]>();
  const loads = new Map<string, PartitionLoad>();
  const gsis = Object.values(indexes);
  const { partitionKey, sortKey } = keyAttributes;

  const charge = (index: string, partition: string, units: { read?: number; write?: number }) => {
    const id = `${index}|${partition}`;
    const load = loads.get(id) ?? { index, partition, readUnits: 0, writeUnits: 0 };
    load.readUnits += units.read ?? 0;
    load.writeUnits += units.write ?? 0;
    loads.set(id, load);
  };
  const idOf = (key: Item) => `${String(key[partitionKey])}\u0000${String(key[sortKey])}`;

  /** Stores `after` (or deletes when undefined) and charges the table and every index entry it adds, changes or removes. */
  const write = (key: Item, after: Item | undefined, transactional: boolean) => {
    const id = idOf(key);
    const before = items.get(id);
    if (after) items.set(id, after);
    else items.delete(id);
    for (const [index, pkName] of [['table', partitionKey], ...gsis.map((gsi) => [gsi.name, gsi.partitionKey])] as const) {
      if (before?.[pkName] !== undefined) {
        members.get(`${index}|${String(before[pkName])}`)?.delete(id);
        sortedMembers.delete(`${index}|${String(before[pkName])}`);
      }
      if (after?.[pkName] !== undefined) {
        const member = `${index}|${String(after[pkName])}`;
        members.set(member, (members.get(member) ?? new Set()).add(id));
        sortedMembers.delete(member);
      }
    }
    const bytes = Math.max(before ? itemBytes(before) : 0, after ? itemBytes(after) : 0);
    charge('table', String(key[partitionKey]), { write: writeUnitsOf(bytes) * (transactional ? 2 : 1) });
    for (const gsi of gsis) {
      const [oldKey, newKey] = [before?.[gsi.partitionKey], after?.[gsi.partitionKey]];
      if (oldKey !== undefined && oldKey !== newKey) charge(gsi.name, String(oldKey), { write: writeUnitsOf(itemBytes(before as Item)) });
      if (newKey !== undefined) charge(gsi.name, String(newKey), { write: writeUnitsOf(itemBytes(after as Item)) });
    }
  };

  const query = (input: Item) => {
    const indexName = input.IndexName as string | undefined;
    const gsi = gsis.find((candidate) => candidate.name === indexName);
    const [pkName, skName] = gsi ? [gsi.partitionKey, gsi.sortKey] : [partitionKey, sortKey];
    const values = (input.ExpressionAttributeValues ?? {}) as Values;
    const [hash = '', ...rangeParts] = String(input.KeyConditionExpression).split(/\s+AND\s+/i);
    const range = rangeParts.join(' AND ');
    const partition = String(values[hash.split('=')[1]?.trim() ?? '']);
    const inRange = rangeMatcher(range?.trim(), values);
    const ascending = input.ScanIndexForward !== false;
    const start = input.ExclusiveStartKey as Item | undefined;
    const member = `${gsi ? gsi.name : 'table'}|${partition}`;
    const sorted =
      sortedMembers.get(member) ??
      [...(members.get(member) ?? [])]
        .map((id) => items.get(id) as Item)
        .filter((item) => item[skName] !== undefined)
        .sort((a, b) => (String(a[skName]) < String(b[skName]) ? -1 : 1));
    sortedMembers.set(member, sorted);
    const startAt = start === undefined ? undefined : String(start[skName]);
    const limit = (input.Limit as number | undefined) ?? Number.POSITIVE_INFINITY;
    const page: Item[] = [];
    let bytes = 0;
    let more = false;
    for (let i = 0; i < sorted.length; i += 1) {
      const item = sorted[ascending ? i : sorted.length - 1 - i] as Item;
      const sortValue = String(item[skName]);
      if (!inRange(sortValue) || (startAt !== undefined && (ascending ? sortValue <= startAt : sortValue >= startAt))) continue;
      if (page.length >= limit || bytes >= QUERY_PAGE_BYTES) {
        more = true;
        break;
      }
      page.push(item);
      bytes += itemBytes(item);
    }
    charge(gsi ? gsi.name : 'table', partition, { read: readUnitsOf(bytes, input.ConsistentRead === true) });
    const last = page[page.length - 1];
    return { Items: page, LastEvaluatedKey: more || page.length === limit ? last && { [pkName]: partition, [skName]: last[skName] } : undefined };
  };

  const putOf = (input: Item) => input.Item as Item;
  const updateOf = (input: Item) =>
    applyUpdate(
      items.get(idOf(input.Key as Item)) ?? { ...(input.Key as Item) },
      String(input.UpdateExpression),
      input.ExpressionAttributeNames as Record<string, string>,
      input.ExpressionAttributeValues as Values,
    );

  const send = async (command: { constructor: { name: string }; input: Item }) => {
    const { input } = command;
    switch (command.constructor.name) {
      case 'GetCommand': {
        const key = input.Key as Item;
        const found = items.get(idOf(key));
        charge('table', String(key[partitionKey]), { read: readUnitsOf(found ? itemBytes(found) : 0, input.ConsistentRead === true) });
        return { Item: found };
      }
      case 'PutCommand':
        write(putOf(input), putOf(input), false);
        return {};
      case 'UpdateCommand': {
        const after = updateOf(input);
        write(input.Key as Item, after, false);
        return { Attributes: after };
      }
      case 'DeleteCommand':
        write(input.Key as Item, undefined, false);
        return {};
      case 'QueryCommand':
        return query(input);
      case 'TransactWriteCommand':
        for (const entry of input.TransactItems as Item[]) {
          const { Put, Update, Delete, ConditionCheck } = entry as Record<string, Item | undefined>;
          if (Put) write(putOf(Put), putOf(Put), true);
          if (Update) write(Update.Key as Item, updateOf(Update), true);
          if (Delete) write(Delete.Key as Item, undefined, true);
          if (ConditionCheck) charge('table', String((ConditionCheck.Key as Item)[partitionKey]), { read: 2 });
        }
        return {};
      default:
        throw new Error(`The capacity table does not answer ${command.constructor.name}`);
    }
  };

  return {
    client: { send } as unknown as DynamoDBDocumentClient,
    /** Every partition touched since the last reset, busiest first. */
    loads: (): PartitionLoad[] =>
      [...loads.values()].sort((a, b) => Math.max(b.readUnits / 3, b.writeUnits) - Math.max(a.readUnits / 3, a.writeUnits)),
    resetLoads: () => loads.clear(),
  };
};
