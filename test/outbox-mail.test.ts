import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { composeMail } from '../src/server/mail/compose.ts';
import { createMailer } from '../src/server/mail/mailer.ts';

const log = Fastify().log;

function outboxMailer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-outbox-'));
  const mailer = createMailer({ dataDir, publicUrl: 'http://localhost:3000' }, log);
  const read = () =>
    readdirSync(join(dataDir, 'outbox'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(dataDir, 'outbox', file), 'utf8')) as Written);
  return { mailer, read };
}

type Written = { to: { address: string }[]; subject: string };

const mail = (to: string, subject: string) =>
  composeMail({ email: to, name: 'Rider' }, subject, { heading: subject, paragraphs: [] });

describe('the outbox without SMTP', () => {
  it('keeps every one of 500 mails sent at once, to one customer or to many', async () => {
    const { mailer, read } = outboxMailer();
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        mailer.send(mail(i % 2 ? 'same@example.com' : `rider-${i}@example.com`, `Order ${i}`)),
      ),
    );
    const mails = read();
    expect(mails).toHaveLength(500);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(500);
    expect(mails.filter((m) => m.to[0]?.address === 'same@example.com')).toHaveLength(250);
  });

  it('lists mails in the order they were sent, also within one millisecond', async () => {
    const { mailer, read } = outboxMailer();
    const subjects = Array.from({ length: 40 }, (_, i) => `Step ${i}`);
    for (const subject of subjects) await mailer.send(mail('rider@example.com', subject));
    expect(read().map((m) => m.subject)).toEqual(subjects);
  });
});
