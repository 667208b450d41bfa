import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { mkdirPrivateAsync, writePrivateAsync } from '../lib/private-files.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to us: the sender of a Contact Us message. */
  replyTo?: string;
  /** Extra headers: a back-in-stock mail's List-Unsubscribe (RFC 8058), say. */
  headers?: Record<string, string>;
};
export type Mailer = { send: (mail: Mail) => Promise<void> };

const FROM = 'ECParts <no-reply@ecparts.example>';

let lastMs = 0;
let sameMs = 0;

/**
 * An outbox file name that no other mail has and that sorts by time: the millisecond, then a
 * counter within it (several mails often share one), then random letters for the other
 * processes writing to the same folder, then the recipient for whoever reads the folder.
 */
function outboxFileName(to: string, now = Date.now()) {
  sameMs = now === lastMs ? sameMs + 1 : 0;
  lastMs = now;
  const stamp = `${String(now).padStart(13, '0')}-${String(sameMs).padStart(6, '0')}`;
  return `${stamp}-${randomBytes(4).toString('hex')}-${to.replace(/[^a-z0-9@.]/gi, '_')}.json`;
}

/**
 * Sends through SMTP_URL when configured. Without SMTP each mail is written as JSON to
 * DATA_DIR/outbox and logged, so sign-up and password reset work offline and tests can
 * read the links.
 */
export function createMailer(
  options: { smtpUrl?: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  // nodemailer (about 14 MB resident) is loaded with the first mail, not at start.
  const nodemailer = once(async () => (await import('nodemailer')).default);
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = once(async () => (await nodemailer()).createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: FROM, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }

  const outbox = join(options.dataDir, 'outbox');
  const transport = once(async () => (await nodemailer()).createTransport({ jsonTransport: true }));
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: FROM, ...mail });
      // Password-reset links: only the shop's user may read them.
      await mkdirPrivateAsync(outbox);
      const file = join(outbox, outboxFileName(mail.to));
      // 'wx': should a name ever repeat, fail loudly rather than overwrite another mail.
      await writePrivateAsync(file, info.message.toString(), { flag: 'wx' });
      log.info(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'mail written to outbox',
      );
    },
  };
}

/** `make` run once, on the first call; every call shares its promise. */
function once<T>(make: () => Promise<T>) {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
