// ports → how a connectivity provider's failure reaches a traveler or partner: one documented error,
// never the provider's own words (they go to the log and the metrics).
import { AppError } from '#shared/errors';

/** Seconds a caller should wait before retrying a redemption the provider could not serve. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

export type ProviderFailureKind =
  /** Timeout, connection failure, 5xx, `Expired`: the same call may succeed later. */
  | 'unreachable'
  /** The provider answered and refused (`Failed`): retrying the same call will not help until someone acts. */
  | 'refused'
  /** The answer broke the protocol (wrong header, body that fails its schema). */
  | 'protocol';

/**
 * 503 `provider_unavailable` with `Retry-After`: nothing was redeemed, the caller may retry. Exposed although
 * it is a 5xx, because its message is ours and tells the caller what to do.
 */
export class ProviderUnavailableError extends AppError {
  override readonly expose = true;
  constructor(
    /** What went wrong at the provider, for logs and support; never sent to the caller. */
    readonly failure: { kind: ProviderFailureKind; provider: string; operation: string; detail: string },
  ) {
    super(503, 'provider_unavailable', 'eSIM provisioning is unavailable right now; nothing was redeemed. Retry after the time in Retry-After.', [], {
      'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS),
    });
  }
}

/** One provider call as the adapters report it, for the provider error-rate and latency metrics and alarms. */
export interface ProviderCallRecord {
  provider: string;
  operation: string;
  outcome: 'success' | ProviderFailureKind;
  latencyMs: number;
}

export type ProviderCallObserver = (record: ProviderCallRecord) => void;
