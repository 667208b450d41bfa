import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import { reviewList, reviewListQuery } from '../../../contract/reviews.ts';
import type { Db } from '../../db/client.ts';
import { newestReviews } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    (request) => newestReviews(db, request.query.limit),
  );
};
