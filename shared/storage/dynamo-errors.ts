// storage → reading DynamoDB's transaction cancellation reasons without leaking SDK types upward.

interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

export const cancellationReasons = (error: unknown): CancellationReason[] | undefined => {
  if (error instanceof Error && error.name === 'TransactionCanceledException') {
    return (error as Error & { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
  }
  return undefined;
};

/** A string attribute of the item a failed condition returned: the document client leaves it marshalled ({ S: '…' }). */
export const failedItemString = (reason: CancellationReason | undefined, attribute: string): string | undefined => {
  const value = reason?.Item?.[attribute] as { S?: unknown } | undefined;
  return typeof value?.S === 'string' ? value.S : undefined;
};

export const isConditionalCheckFailed = (error: unknown): boolean => error instanceof Error && error.name === 'ConditionalCheckFailedException';
