// webhooks → endpoint health: when a failing endpoint is warned about and disabled, and the emails that say so.
import type { WebhookSettings } from '#shared/domain/partner';
import type { EmailMessage } from '#shared/domain/email-message';

/** How long an endpoint may fail without one success before its partner is warned, and before it is disabled. */
export interface HealthThresholds {
  warnAfterMs: number;
  disableAfterMs: number;
}

/** Defaults (docs/webhooks.md, Endpoint health): a warning after 24 hours of failures, disabled after 72. */
export const defaultHealthThresholds = { warnAfterHours: 24, disableAfterHours: 72 } as const;

/** The thresholds from configured hours, each falling back to its default. */
export const healthThresholds = (hours: { warnAfterHours?: number; disableAfterHours?: number }): HealthThresholds => ({
  warnAfterMs: (hours.warnAfterHours ?? defaultHealthThresholds.warnAfterHours) * 3_600_000,
  disableAfterMs: (hours.disableAfterHours ?? defaultHealthThresholds.disableAfterHours) * 3_600_000,
});

/** When a failing endpoint will be disabled (at its first failed attempt from then on); null when it is not failing or already disabled. */
export const disableAtOf = (webhook: WebhookSettings, thresholds: HealthThresholds): string | null =>
  webhook.failing_since && !webhook.disabled_at ? new Date(Date.parse(webhook.failing_since) + thresholds.disableAfterMs).toISOString() : null;

export type HealthStep =
  | { kind: 'none' }
  /** The first failure since the last success: the failing period starts. */
  | { kind: 'failing' }
  /** A success after failures: the failing period ends. */
  | { kind: 'recovered' }
  | { kind: 'warn'; failingSince: string; disableAt: string }
  | { kind: 'disable'; failingSince: string };

/** What one attempt's outcome changes in the endpoint's health; only changes are ever written. */
export const nextHealthStep = (webhook: WebhookSettings, succeeded: boolean, now: Date, thresholds: HealthThresholds): HealthStep => {
  const since = webhook.failing_since ?? null;
  if (succeeded) return since ? { kind: 'recovered' } : { kind: 'none' };
  if (!since) return { kind: 'failing' };
  if (webhook.disabled_at) return { kind: 'none' };
  const failingMs = now.getTime() - Date.parse(since);
  if (failingMs >= thresholds.disableAfterMs) return { kind: 'disable', failingSince: since };
  if (failingMs >= thresholds.warnAfterMs && !webhook.failure_warning_sent_at) {
    return { kind: 'warn', failingSince: since, disableAt: new Date(Date.parse(since) + thresholds.disableAfterMs).toISOString() };
  }
  return { kind: 'none' };
};

const plain = (to: string, subject: string, lines: string[]): EmailMessage => ({ to, subject, text: `${lines.join('\n\n')}\n` });

export const endpointFailingEmail = (input: { to: string; url: string; failingSince: string; disableAt: string }): EmailMessage =>
  plain(input.to, 'Your webhook endpoint is failing', [
    `Every delivery to your webhook endpoint ${input.url} has failed since ${input.failingSince}.`,
    `Unless one succeeds, the endpoint is disabled at ${input.disableAt}. Deliveries are then held, not lost.`,
    'See each attempt with GET /webhooks/deliveries, and check your endpoint with POST /webhooks/endpoint/test.',
  ]);

/**
 * Where a recovery after a failing period should start: an hour before it began. The failing period starts when the
 * first attempt fails, after its delivery started (and others already under way); recovery re-sends only deliveries
 * that did not arrive, so the wider window sends nothing twice.
 */
export const RECOVERY_MARGIN_MS = 60 * 60 * 1000;
export const recoverySince = (failingSince: string): string => new Date(Date.parse(failingSince) - RECOVERY_MARGIN_MS).toISOString();

export const endpointDisabledEmail = (input: { to: string; url: string; failingSince: string }): EmailMessage =>
  plain(input.to, 'Your webhook endpoint was disabled', [
    `Every delivery to your webhook endpoint ${input.url} has failed since ${input.failingSince}, so it was disabled.`,
    "New deliveries are held. Fix the endpoint and check it with POST /webhooks/endpoint/test (or the portal page's test button).",
    'Then enable it with PUT /webhooks/endpoint {"enabled": true} (or the portal page\'s "Enable the endpoint" button).',
    `Then send the held and failed deliveries with POST /webhooks/deliveries/recover {"since": "${recoverySince(input.failingSince)}"} ` +
      '(an hour before the failures began, for the deliveries already under way then; only deliveries that did not arrive are sent again).',
  ]);
