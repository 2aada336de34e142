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

export const isConditionalCheckFailed = (error: unknown): boolean => error instanceof Error && error.name === 'ConditionalCheckFailedException';
