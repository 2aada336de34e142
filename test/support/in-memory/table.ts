// test support → the in-memory stand-in for the single table: items by key, copied on every read and write (as
// stored data is), and all-or-nothing transactions whose conditions are checked before anything is applied.

export type Item = Record<string, unknown>;

/** One write of a transaction: put or delete the item at `key` when `condition` holds for what is stored there. */
export interface Write {
  key: string;
  put?: Item;
  remove?: true;
  condition?: (stored: Item | undefined) => boolean;
}

/** A transaction refused: the positions of the writes whose condition failed, in order (DynamoDB's cancellation reasons). */
export class TransactionCanceled extends Error {
  constructor(readonly failed: number[]) {
    super(`Transaction cancelled: condition failed at ${failed.join(', ')}`);
    this.name = 'TransactionCanceled';
  }
}

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_LIMIT = 100;

export const absent = (stored: Item | undefined) => stored === undefined;
export const atVersion = (version: number) => (stored: Item | undefined) => stored?.version === version;

export const memoryTable = () => {
  const items = new Map<string, Item>();
  const beforeWrites: Array<() => Promise<void>> = [];

  return {
    get: (key: string): Item | undefined => (items.has(key) ? structuredClone(items.get(key)) : undefined),
    /** Items whose key starts with `prefix`, in key order (a Query on one partition, sorted by sort key). */
    query: (prefix: string): Item[] =>
      [...items.keys()]
        .filter((key) => key.startsWith(prefix))
        .sort()
        .map((key) => structuredClone(items.get(key) as Item)),
    /**
     * Runs `work` just before the next transaction checks its conditions, as if another request had written between
     * the use case's reads and its write. How a test stages a race deterministically.
     */
    beforeNextWrite(work: () => Promise<void>) {
      beforeWrites.push(work);
    },
    async transact(writes: Write[]): Promise<void> {
      const interleaved = beforeWrites.shift();
      if (interleaved) await interleaved();
      if (writes.length > TRANSACTION_LIMIT) throw new Error(`A transaction holds at most ${TRANSACTION_LIMIT} items, got ${writes.length}.`);
      const keysWritten = writes.map((write) => write.key);
      if (new Set(keysWritten).size !== keysWritten.length) throw new Error('A transaction cannot include several operations on one item.');
      const failed = writes.flatMap((write, index) => (write.condition && !write.condition(items.get(write.key)) ? [index] : []));
      if (failed.length > 0) throw new TransactionCanceled(failed);
      for (const write of writes) {
        if (write.remove) items.delete(write.key);
        else items.set(write.key, structuredClone(write.put as Item));
      }
    },
  };
};

export type MemoryTable = ReturnType<typeof memoryTable>;
