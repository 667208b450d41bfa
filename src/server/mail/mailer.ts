import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

const FROM = 'ECParts <no-reply@ecparts.example>';

/**
 * Sends through SMTP_URL when configured. Without SMTP each mail is written as JSON to
 * DATA_DIR/outbox and logged, so sign-up and password reset work offline and tests can
 * read the links.
 */
export function createMailer(
  options: { smtpUrl?: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }

  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.json`);
      writeFileSync(file, info.message.toString());
      log.info(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'mail written to outbox',
      );
    },
  };
}
