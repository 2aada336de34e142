// composition → the email sender of this function: .eml files when LOCAL_MAIL_DIR is set (local runtime), else SES v2.
// Loaded on first use (dynamic import): POST /bookings mostly sends nothing, so its cold start skips the SES client.
import { config } from '#shared/config';
import { wallClock } from '#shared/clock';
import type { EmailSender } from '#shared/usecases/ports/services';

let sender: Promise<EmailSender> | undefined;

const load = async (): Promise<EmailSender> => {
  const folder = config.localMailDir;
  if (folder) {
    const { fileEmailSender } = await import('#shared/email/file-email-sender');
    return fileEmailSender({ folder, from: config.emailFrom, clock: wallClock });
  }
  // One module imported lazily, so the bundle keeps only the SES command it uses (a dynamic import keeps all exports).
  const { defaultSesEmailSender } = await import('#shared/email/ses-email-sender');
  return defaultSesEmailSender(config.emailFrom);
};

export const emailSender = (): Promise<EmailSender> => {
  sender ??= load().catch((error: unknown) => {
    sender = undefined;
    throw error;
  });
  return sender;
};
