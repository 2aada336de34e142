// test support → the local runtime's mail folder: .eml files the email function writes once the pipeline delivers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '#test/support/webhook-receiver';

export interface Mailbox {
  /** Every message written so far. */
  all(): string[];
  /** Messages to `to` (exact To: header). */
  to(to: string): string[];
  /** Waits until `count` messages to `to` are written (the email function runs behind the outbox); returns them. */
  waitFor(to: string, count?: number): Promise<string[]>;
}

export const mailbox = (dataDir: string): Mailbox => {
  const folder = join(dataDir, 'mail');
  const all = () => (existsSync(folder) ? readdirSync(folder).map((name) => readFileSync(join(folder, name), 'utf8')) : []);
  const to = (address: string) => all().filter((eml) => eml.includes(`\r\nTo: ${address}\r\n`));
  return {
    all,
    to,
    waitFor: (address, count = 1) =>
      eventually(
        () => to(address),
        (sent) => sent.length >= count,
      ),
  };
};

/** The decoded base64 bodies (text, then HTML) of one .eml. */
export const decodedBodies = (eml: string): string[] =>
  [...eml.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8'),
  );
