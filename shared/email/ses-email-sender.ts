// email adapter → Amazon SES v2 SendEmail from the configured sender identity.
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailSender } from '#shared/usecases/ports/services';

export const sesEmailSender = (client: SESv2Client, from: string): EmailSender => ({
  async send({ to, subject, text, html }) {
    const result = await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Text: { Data: text, Charset: 'UTF-8' }, ...(html ? { Html: { Data: html, Charset: 'UTF-8' } } : {}) },
          },
        },
      }),
    );
    return { messageId: result.MessageId ?? '' };
  },
});
