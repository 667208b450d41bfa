import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { mkdirPrivateAsync, writePrivateAsync } from '../lib/private-files.ts';
import { mailText } from './compose.ts';
import { fitSubject, type Mail } from './mail.ts';

export type { Mail } from './mail.ts';
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** The mail with its button's shop path ("/dashboard/…") made a whole address on `publicUrl`. */
export function addressed(mail: Mail, publicUrl: string): Mail {
  const action = mail.layout.action;
  if (!action || !action.url.startsWith('/') || action.url.startsWith('//')) return mail;
  const layout = {
    ...mail.layout,
    action: { ...action, url: `${publicUrl.replace(/\/+$/, '')}${action.url}` },
  };
  return { ...mail, layout, text: mailText(layout) };
}

/**
 * The mail as it leaves: its button's address made whole, the subject fitted (mail.ts) and both
 * parts, the text and the HTML drawn from the one layout. The layout's module (and React with
 * it) loads with the first mail.
 */
export async function renderMail(mail: Mail, publicUrl: string) {
  const { layout, ...rest } = addressed(mail, publicUrl);
  const { renderMailHtml } = await import('./layout.tsx');
  const subject = fitSubject(mail.subject);
  return { ...rest, subject, html: renderMailHtml(layout, subject) };
}

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
  options: {
    smtpUrl?: string;
    dataDir: string;
    /** PUBLIC_URL: what a mail's button to a page of the shop starts with. */
    publicUrl: string;
    /**
     * Where a mail written to the outbox is also told as plain lines (its subject, and its
     * link on a line of its own), for the person running the shop to click: the JSON log
     * line's escaped text is no link to anyone.
     */
    say?: (lines: string) => void;
  },
  log: FastifyBaseLogger,
): Mailer {
  // nodemailer (about 14 MB resident) is loaded with the first mail, not at start.
  const nodemailer = once(async () => (await import('nodemailer')).default);
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = once(async () => (await nodemailer()).createTransport(smtpUrl));
    return {
      async send(mail) {
        await (
          await transport()
        ).sendMail({
          from: FROM,
          ...(await renderMail(mail, options.publicUrl)),
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }

  const outbox = join(options.dataDir, 'outbox');
  const transport = once(async () => (await nodemailer()).createTransport({ jsonTransport: true }));
  return {
    async send(composed) {
      const mail = addressed(composed, options.publicUrl);
      const info = await (
        await transport()
      ).sendMail({
        from: FROM,
        ...(await renderMail(mail, options.publicUrl)),
      });
      // Password-reset links: only the shop's user may read them.
      await mkdirPrivateAsync(outbox);
      const file = join(outbox, outboxFileName(mail.to));
      // 'wx': should a name ever repeat, fail loudly rather than overwrite another mail.
      await writePrivateAsync(file, info.message.toString(), { flag: 'wx' });
      log.info(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'mail written to outbox',
      );
      options.say?.(plainLines(mail, file));
    },
  };
}

/** "Mail to …: subject", its link alone on the next line (a terminal makes it clickable). */
function plainLines(mail: Mail, file: string) {
  const { action } = mail.layout;
  return [
    `Mail to ${mail.to}: ${fitSubject(mail.subject)} (${file})`,
    ...(action ? [`  ${action.label}:`, `  ${action.url}`] : []),
  ].join('\n');
}

/** `make` run once, on the first call; every call shares its promise. */
function once<T>(make: () => Promise<T>) {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
