// composition → the email function's sender, created at initialization: .eml files when LOCAL_MAIL_DIR is set (the
// local runtime), else SES v2 from the configured sender identity. Every invocation sends, so nothing is deferred.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { wallClock } from '#shared/clock';
import * as config from '#shared/config';
import { fileEmailSender } from '#shared/email/file-email-sender';
import { sesEmailSender } from '#shared/email/ses-email-sender';
import type { EmailSender } from '#shared/usecases/ports/services';

const localMailDir = config.localMailDir();

export const emailSender: EmailSender = localMailDir
  ? fileEmailSender({ folder: localMailDir, from: config.emailFrom(), clock: wallClock })
  : sesEmailSender(new SESv2Client({}), config.emailFrom());
