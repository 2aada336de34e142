// internal events → an email request: written to the outbox in the transaction of the change that asks for it,
// published as one bus event per message, sent by the email function. Never a webhook (docs/decisions.md F40).
import type { EmailMessage } from '#shared/domain/email-message';

/** Bus detail-type of one message to send; deliberately not among webhookEventNames. */
export const emailRequestedEvent = 'email.requested';

/** The outbox item's content: every message one change asks for (a booking confirmation may address 25 travelers). */
export interface EmailRequest {
  partner_id: string;
  event: typeof emailRequestedEvent;
  /** `email.requested:{uuid}`; message `i` is published as `{event_id}:{i}`. */
  event_id: string;
  timestamp: string;
  data: { messages: EmailMessage[] };
}

export const emailRequest = (input: { partnerId: string; id: string; at: Date; messages: EmailMessage[] }): EmailRequest => ({
  partner_id: input.partnerId,
  event: emailRequestedEvent,
  event_id: `${emailRequestedEvent}:${input.id}`,
  timestamp: input.at.toISOString(),
  data: { messages: input.messages },
});

/** The bus detail of one message of a request. */
export interface EmailRequested {
  partner_id: string;
  event: typeof emailRequestedEvent;
  event_id: string;
  timestamp: string;
  data: EmailMessage;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * Reads one queued message (an EventBridge event whose detail is EmailRequested). Returns undefined when it is not
 * a well-formed email request, so the caller dead-letters it instead of sending something malformed.
 */
export const parseEmailRequested = (body: string): EmailRequested | undefined => {
  let detail: unknown;
  try {
    detail = (JSON.parse(body) as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { event, event_id, data } = detail as Partial<EmailRequested>;
  if (event !== emailRequestedEvent || !isText(event_id, 200) || typeof data !== 'object' || data === null) return undefined;
  const { to, subject, text, html } = data;
  if (!isText(to, 320) || !isText(subject, 998) || !isText(text, 200_000) || (html !== undefined && !isText(html, 200_000))) return undefined;
  return detail as EmailRequested;
};

/** What support may see of a dead-lettered email (the ops `dlq … --queue emails`): whose it is, never its content. */
export const emailDeadLetterSummary = (body: string): { partner_id: string; event_id: string } => {
  try {
    const detail = (JSON.parse(body) as { detail?: { partner_id?: unknown; event_id?: unknown } }).detail;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : 'unknown');
    return { partner_id: text(detail?.partner_id), event_id: text(detail?.event_id) };
  } catch {
    return { partner_id: 'unknown', event_id: 'unknown' };
  }
};
