import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import { review, reviewInput, reviewList, reviewListQuery } from '../../../contract/reviews.ts';
import type { Guards } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { addReview, newestReviews } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: ReadCache;
  guards: Guards;
}> = async (app, { db, cache, guards }) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Newest customer reviews',
        querystring: reviewListQuery,
        response: { 200: reviewList, 400: errorBody },
      },
    },
    (request) => newestReviews(db, cache, request.query.limit),
  );

  app.post(
    '/review',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['reviews'],
        summary: 'Review the shop; name and photo come from the session',
        body: reviewInput,
        response: { 201: review, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      return reply.status(201).send(await addReview(db, cache, user, request.body));
    },
  );
};
