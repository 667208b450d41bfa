import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import { contactInput, contactReceipt } from '../../../contract/contact.ts';
import type { Db } from '../../db/client.ts';
import { insertContactMessage } from './repository.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop (Contact Us form)',
        body: contactInput,
        response: { 201: contactReceipt, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const id = await insertContactMessage(db, { ...request.body, ip: request.ip });
      return reply
        .status(201)
        .send({ _id: id, message: 'Thank you! We will get back to you within one business day.' });
    },
  );
};
