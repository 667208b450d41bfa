import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  product,
  productDeleted,
  productInput,
  productPatch,
  toolList,
  toolListQuery,
} from '../../../contract/catalog.ts';
import { errorBody, idParams } from '../../../contract/common.ts';
import type { Guards } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { addTool, browseTools, editTool, getTool, removeTool } from './service.ts';

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cache: ReadCache;
  guards: Guards;
}> = async (app, { db, cache, guards }) => {
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
    (request) => browseTools(db, cache, request.query),
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
    (request) => getTool(db, cache, request.params.id),
  );

  app.post(
    '/tools',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Add a product (admins)',
        body: productInput,
        response: { 201: product, ...refused },
      },
    },
    async (request, reply) => {
      const admin = await guards.requireAdmin(request);
      return reply.status(201).send(await addTool(db, cache, admin, request.body));
    },
  );

  app.patch(
    '/tools/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Edit a product: name, price, stock, description, image (admins)',
        params: idParams,
        body: productPatch,
        response: { 200: product, ...refused },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      return editTool(db, cache, admin, request.params.id, request.body);
    },
  );

  app.delete(
    '/tool/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product; its orders keep their name and price (admins)',
        params: idParams,
        response: { 200: productDeleted, ...refused },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      return removeTool(db, cache, admin, request.params.id);
    },
  );
};
