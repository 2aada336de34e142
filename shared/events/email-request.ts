// internal events → an email request: written to the outbox in the transaction of the change that asks for it,
// published as one bus event per message, sent by the email function. Never a webhook (docs/decisions.md F40).
import type { EmailMessage } from '#shared/domain/email-message';

/** Bus detail-type of one message to send; deliberately not among webhookEventNames. */
export const emailRequestedEvent = 'email.requested';

/**
 * What an email is about, for support: its kind and the booking or promo code behind it, never its address or text.
 * Travels with every message, so a dead-lettered email names the promo code support releases (`promo-code unclaim`).
 */
export interface EmailAbout {
  kind: 'booking_confirmation' | 'promo_code_claim' | 'webhook_endpoint_health';
  booking_id?: string;
  promo_code_uuid?: string;
}

/** The outbox item's content: every message one change asks for (a booking confirmation may address 25 travelers). */
export interface EmailRequest {
  partner_id: string;
  event: typeof emailRequestedEvent;
  /** `email.requested:{uuid}`; message `i` is published as `{event_id}:{i}`. */
  event_id: string;
  timestamp: string;
  /** Absent on requests written before it was recorded. */
  about?: EmailAbout;
  data: { messages: EmailMessage[] };
}

export const emailRequest = (input: { partnerId: string; id: string; at: Date; about: EmailAbout; messages: EmailMessage[] }): EmailRequest => ({
  partner_id: input.partnerId,
  event: emailRequestedEvent,
  event_id: `${emailRequestedEvent}:${input.id}`,
  timestamp: input.at.toISOString(),
  about: input.about,
  data: { messages: input.messages },
});

/** The bus detail of one message of a request. */
export interface EmailRequested {
  partner_id: string;
  event: typeof emailRequestedEvent;
  event_id: string;
  timestamp: string;
  about?: EmailAbout;
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

/**
 * What support may see of a dead-lettered email (the ops `dlq … --queue emails`): whose it is and what it is about
 * (its kind, booking, promo code; null for a request older than that record), never its address or content.
 */
export const emailDeadLetterSummary = (body: string): { partner_id: string; event_id: string; about: EmailAbout | null } => {
  try {
    const detail = (JSON.parse(body) as { detail?: { partner_id?: unknown; event_id?: unknown; about?: unknown } }).detail;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : 'unknown');
    return { partner_id: text(detail?.partner_id), event_id: text(detail?.event_id), about: aboutOf(detail?.about) };
  } catch {
    return { partner_id: 'unknown', event_id: 'unknown', about: null };
  }
};

const emailKinds: ReadonlyArray<EmailAbout['kind']> = ['booking_confirmation', 'promo_code_claim', 'webhook_endpoint_health'];

/** A message's `about`, its known fields only, each a short text; null when it names no known kind. */
export const aboutOf = (value: unknown): EmailAbout | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, booking_id, promo_code_uuid } = value as Record<string, unknown>;
  if (!emailKinds.includes(kind as EmailAbout['kind'])) return null;
  const id = (field: unknown) => (typeof field === 'string' && field.length > 0 ? field.slice(0, 100) : undefined);
  return {
    kind: kind as EmailAbout['kind'],
    ...(id(booking_id) && { booking_id: id(booking_id) }),
    ...(id(promo_code_uuid) && { promo_code_uuid: id(promo_code_uuid) }),
  };
};
