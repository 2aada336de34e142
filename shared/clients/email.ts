// clients → the email sender of this function: .eml files when LOCAL_MAIL_DIR is set (local runtime), else SES v2.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '#shared/config';
import { fileEmailSender } from '#shared/email/file-email-sender';
import { sesEmailSender } from '#shared/email/ses-email-sender';
import { systemClock, type EmailSender } from '#shared/usecases/ports';

let sender: EmailSender | undefined;

/** Built on first use, so functions that never send mail pay nothing at cold start. */
export const emailSender = (): EmailSender => {
  if (!sender) {
    const folder = config.localMailDir;
    sender = folder
      ? fileEmailSender({ folder, from: config.emailFrom, clock: systemClock })
      : sesEmailSender(new SESv2Client({}), config.emailFrom);
  }
  return sender;
};
