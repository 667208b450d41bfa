import type { ContactMessage } from '../../../contract/contact.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
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

export const contactHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'contact' | 'contactMessages' | 'markContactMessage'> => ({
  contact: async ({ body, request }) => ({
    _id: await insertContactMessage(db, { ...body, ip: request.ip }),
    message: 'Thank you! We will get back to you within one business day.',
  }),
  contactMessages: async ({ query: { status, page, limit } }) => {
    const { rows, total, open } = await listContactMessages(db, {
      status,
      limit,
      offset: (page - 1) * limit,
    });
    return { ...pageOf(rows.map(toMessage), total, page, limit), open };
  },
  markContactMessage: async ({ params: { id }, body: { status } }) => {
    const row = isUuid(id) ? await setContactMessageStatus(db, id, status) : undefined;
    if (!row) throw notFound('Message');
    return toMessage(row);
  },
});
