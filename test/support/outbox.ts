import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type OutboxMail = { to: { address: string }[]; subject: string; text: string; html: string };

/**
 * Mails the server wrote to DATA_DIR/outbox for this address, oldest first. Shared by the
 * in-process tests and the e2e run, so it imports nothing of the server.
 */
export function outboxFor(dataDir: string, email: string) {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.some((to) => to.address === email));
}

export const linkIn = (mail: { text: string }) => {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in mail');
  return match[0];
};
