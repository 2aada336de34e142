// use case → after each delivery attempt: start or end the endpoint's failing period, warn its partner, disable it.
import { randomUUID } from 'node:crypto';
import type { PartnerProfile } from '#shared/domain/partner';
import { emailRequest } from '#shared/events/email-request';
import type { EmailMessage } from '#shared/usecases/ports/services';
import type { EndpointHealthStore } from '#shared/usecases/ports/webhooks';
import { endpointDisabledEmail, endpointFailingEmail, nextHealthStep, type HealthThresholds } from '#shared/webhooks/endpoint-health';

export interface EndpointHealthDeps {
  health: EndpointHealthStore;
  thresholds: HealthThresholds;
}

/**
 * Input: the profile the attempt was made with, whether it succeeded, and when. Writes only on a change: the
 * first failure since a success, the first success after failures, the warning (once) and the disabling (once),
 * each of the last two with an email to the partner's `alert_email` through the outbox (decision F97), and only
 * while the failing period the profile showed still runs: another delivery may have succeeded during this attempt.
 */
export const trackEndpointHealth = async (profile: PartnerProfile, succeeded: boolean, now: Date, deps: EndpointHealthDeps) => {
  const step = nextHealthStep(profile.webhook, succeeded, now, deps.thresholds);
  const partnerId = profile.partner_id;
  const at = now.toISOString();
  const url = profile.webhook.url ?? '';
  const alert = (message: (to: string) => EmailMessage) => {
    const to = profile.webhook.alert_email;
    return to
      ? emailRequest({ partnerId, id: randomUUID(), at: now, about: { kind: 'webhook_endpoint_health' }, messages: [message(to)] })
      : undefined;
  };
  switch (step.kind) {
    case 'failing':
      return deps.health.markFailing(partnerId, at);
    case 'recovered':
      return deps.health.markRecovered(partnerId);
    case 'warn':
      return deps.health.warn(
        partnerId,
        step.failingSince,
        at,
        alert((to) => endpointFailingEmail({ to, url, ...step })),
      );
    case 'disable':
      return deps.health.disable(
        partnerId,
        step.failingSince,
        at,
        `disabled automatically: no delivery succeeded since ${step.failingSince}`,
        alert((to) => endpointDisabledEmail({ to, url, failingSince: step.failingSince })),
      );
    case 'none':
      return undefined;
  }
};
