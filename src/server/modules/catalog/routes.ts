import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { product, toolList, toolListQuery } from '../../../contract/catalog.ts';
import { errorBody, idParams } from '../../../contract/common.ts';
import type { Db } from '../../db/client.ts';
import { browseTools, getTool } from './service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/tools',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List products, searchable by name, paged',
        querystring: toolListQuery,
        response: { 200: toolList, 400: errorBody },
      },
    },
    (request) => browseTools(db, request.query),
  );

  app.get(
    '/tools/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product',
        params: idParams,
        response: { 200: product, 404: errorBody },
      },
    },
    (request) => getTool(db, request.params.id),
  );
};
