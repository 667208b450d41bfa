import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput, ContactMessage } from '../../../contract/contact.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { contactMessageMail } from './mails.ts';
import {
  insertContactMessage,
  listContactMessages,
  setContactMessageStatus,
  type ContactMessageRow,
} from './repository.ts';

const toMessage = (row: ContactMessageRow): ContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  at: row.createdAt.toISOString(),
  status: row.status,
});

type Deps = {
  db: Db;
  mailer: Mailer;
  shopEmail?: string;
  publicUrl: string;
  /** The admins who can sign in: the users module's, wired in by the app. */
  activeAdmins: () => Promise<{ email: string; name: string }[]>;
};

/**
 * Tells the shop of a new message: its own address, or each admin who can sign in when it has
 * none (a message that reaches nobody is the failure this exists to end).
 */
async function mailShop(
  { mailer, shopEmail, publicUrl, activeAdmins }: Deps,
  message: ContactInput,
  log: FastifyBaseLogger,
) {
  const to = shopEmail ? [{ email: shopEmail, name: 'ECParts team' }] : await activeAdmins();
  if (to.length === 0) log.warn('contact message stored, but no SHOP_EMAIL and no admin to mail');
  await Promise.all(
    to.map((recipient) =>
      mailer.send(contactMessageMail(recipient, message, publicUrl)).catch((err: unknown) => {
        log.error({ err, to: recipient.email }, 'contact message mail failed');
      }),
    ),
  );
}

export const contactHandlers = (
  deps: Deps,
): Handlers<'contact' | 'contactMessages' | 'markContactMessage'> => ({
  contact: async ({ body, request }) => {
    const id = await insertContactMessage(deps.db, { ...body, ip: request.ip });
    // After the answer: the message is stored (the inbox shows it) whether or not mail goes out.
    mailShop(deps, body, request.log).catch((err: unknown) => {
      request.log.error({ err, messageId: id }, 'contact message mail failed');
    });
    return { _id: id, message: 'Thank you! We will get back to you within one business day.' };
  },
  contactMessages: async ({ query: { status, page, limit } }) => {
    const { rows, total, open } = await listContactMessages(deps.db, {
      status,
      limit,
      offset: (page - 1) * limit,
    });
    return { ...pageOf(rows.map(toMessage), total, page, limit), open };
  },
  markContactMessage: async ({ params: { id }, body: { status } }) => {
    const row = isUuid(id) ? await setContactMessageStatus(deps.db, id, status) : undefined;
    if (!row) throw notFound('Message');
    return toMessage(row);
  },
});
