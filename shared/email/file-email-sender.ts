// email adapter (local) → every message as an RFC 5322 .eml file under the runtime's data folder; the path is printed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, EmailMessage, EmailSender } from '#shared/usecases/ports/services';

/** RFC 2047 encoded-word, so any subject survives 7-bit headers. */
const encodedWord = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

const base64Lines = (value: string) => Buffer.from(value, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

/** A multipart/alternative message with base64 UTF-8 parts; opens in any mail client. */
export const toEml = (message: EmailMessage, meta: { from: string; id: string; date: Date }): string => {
  const boundary = `=_${meta.id}`;
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  return [
    `From: ${meta.from}`,
    `To: ${message.to}`,
    `Subject: ${encodedWord(message.subject)}`,
    `Date: ${meta.date.toUTCString()}`,
    `Message-ID: <${meta.id}@local.esim-booking>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', message.text),
    ...(message.html ? [part('text/html', message.html)] : []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
};

export const fileEmailSender = (options: { folder: string; from: string; clock: Clock; print?: (line: string) => void }): EmailSender => ({
  async send(message) {
    const id = randomUUID();
    const date = options.clock.now();
    mkdirSync(options.folder, { recursive: true });
    const file = join(options.folder, `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    writeFileSync(file, toEml(message, { from: options.from, id, date }));
    (options.print ?? console.log)(`Email to ${message.to} ("${message.subject}") written to ${file}`);
    return { messageId: id };
  },
});
