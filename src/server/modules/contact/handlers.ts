import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { insertContactMessage } from './repository.ts';

export const contactHandlers = ({ db }: { db: Db }): Handlers<'contact'> => ({
  contact: async ({ body, request }) => ({
    _id: await insertContactMessage(db, { ...body, ip: request.ip }),
    message: 'Thank you! We will get back to you within one business day.',
  }),
});
