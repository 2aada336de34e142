// storage → the one definition of the single table, read by the CDK stack and by the local runtime.

/** Generic key attributes (ElectroDB style): entities put their own meaning into them. */
export const keyAttributes = {
  partitionKey: 'pk',
  sortKey: 'sk',
} as const;

/**
 * Secondary indexes, named after the access patterns they serve (docs/data-model.md).
 * - byLookup: exact-match lookups that have no partner in hand yet (promo uuid, event id, partners list).
 * - byTime: time-ordered collections (deliveries of a partner, due departure-event schedules).
 */
export const indexes = {
  byLookup: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  byTime: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
} as const;

/** Epoch seconds; DynamoDB deletes the item some time after it passes. */
export const timeToLiveAttribute = 'ttl';

/** The stream carries new images so outbox items can be published after commit. */
export const streamViewType = 'NEW_IMAGE' as const;

export interface TableDefinition {
  tableName: string;
  partitionKey: string;
  sortKey: string;
  globalIndexes: Array<{ name: string; partitionKey: string; sortKey: string }>;
  timeToLiveAttribute: string;
}

export const tableDefinition = (tableName: string): TableDefinition => ({
  tableName,
  partitionKey: keyAttributes.partitionKey,
  sortKey: keyAttributes.sortKey,
  globalIndexes: Object.values(indexes).map((index) => ({ ...index })),
  timeToLiveAttribute,
});
