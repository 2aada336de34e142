// use case → send one queued email request message; a refusal throws, so the queue retries it, then dead-letters it.
import { parseEmailRequested } from '#shared/events/email-request';
import type { EmailSender } from '#shared/usecases/ports/services';

/** A queued message that is no email request: sending it is impossible, retrying it pointless; it ends in the DLQ. */
export class MalformedEmailRequest extends Error {
  constructor() {
    super('The queued message is not a well-formed email request');
  }
}

/**
 * Input: the SQS message body (the bus event of one message). Output: SES's message id and the request's event id.
 * Throws what the sender throws (SES refusals, throttling): the record fails alone and comes back after the
 * queue's visibility timeout, up to its maxReceiveCount, then the dead-letter queue holds it for ops.
 */
export const sendRequestedEmail = async (body: string, deps: { email: EmailSender }): Promise<{ eventId: string; messageId: string }> => {
  const request = parseEmailRequested(body);
  if (!request) throw new MalformedEmailRequest();
  const { messageId } = await deps.email.send(request.data);
  return { eventId: request.event_id, messageId };
};
