import type { Mail, Mailer } from './mailer.ts';

/** Where a mail that could not go out is told: a request's log, or the app's. */
export type MailLog = { error: (details: object, message: string) => void };

/**
 * Sends a mail after the answer, not awaited: what the mail tells of (an order, a payment, a
 * quote) stands whether or not it goes out, and a slow mail server must not hold up the person
 * waiting for the answer. A failure is logged with what it was about.
 */
export function sendLater(
  mailer: Mailer,
  log: MailLog,
  mail: Mail,
  about: Record<string, unknown> = {},
): void {
  mailer.send(mail).catch((err: unknown) => {
    log.error({ err, ...about, subject: mail.subject }, 'mail failed');
  });
}
