// http → the per-partner request limit: one fact for the deployed WAF rule, the gateway's 429 and the local runtime.

/**
 * Each API key may send this many requests per window from each client address; every key has its own count, so
 * one partner's retry loop never slows another, and the count is per address because the key is public (the spec
 * calls it so, and every webhook delivery carries it): requests made with it elsewhere cannot spend the partner's
 * count (decision F42). Below the stage-wide throttle (50 requests/s), so no partner can take it all.
 */
export const partnerRateLimit = { requestsPerWindow: 1200, windowSeconds: 60 } as const;

/**
 * The API stage's throttle per method, all partners together (lib/api.ts). Above one client address's limit (ten
 * partners' worth, lib/firewall.ts: 200/s), so no single client, signed or not, can take every partner's share; sized
 * for the busiest partner of issue 19 (1,000 bookings a second). The region's account limit (10,000/s) stays above it.
 */
export const stageThrottle = { requestsPerSecond: 1000, burst: 2000 } as const;

export const rateLimitedMessage = 'Too many requests: slow down and retry after a short wait.';

/** The count a request falls in: its API key from its client address, as the deployed rule aggregates them. */
export const rateLimitKey = (apiKey: string, clientIp: string): string => `${apiKey} ${clientIp}`;

/**
 * Token bucket per key: holds `capacity` tokens, refills `capacity` per window, and one request takes one.
 * The local runtime's stand-in for the deployed rate-based rule, so the behaviour can be tested.
 */
export const tokenBuckets = (limit: { requestsPerWindow: number; windowSeconds: number }, now: () => number = Date.now) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = limit.requestsPerWindow / (limit.windowSeconds * 1000);
  return {
    /** Takes a token for `key`; returns the seconds to wait when there is none. */
    take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: limit.requestsPerWindow, at };
      const tokens = Math.min(limit.requestsPerWindow, bucket.tokens + (at - bucket.at) * refillPerMs);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at });
        return { allowed: true };
      }
      buckets.set(key, { tokens, at });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)) };
    },
    /** Returns the token a request took, for a request that turned out not to be the partner's (failed authentication). */
    giveBack(key: string): void {
      const bucket = buckets.get(key);
      if (bucket) bucket.tokens = Math.min(limit.requestsPerWindow, bucket.tokens + 1);
    },
  };
};
