import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '../../../contract/common.ts';
import {
  allOrdersList,
  allOrdersQuery,
  order,
  orderDeleted,
  orderInput,
  orderList,
  ordersQuery,
} from '../../../contract/orders.ts';
import type { Guards } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { orderPlacedMail } from './mails.ts';
import {
  browseAllOrders,
  deleteOrder,
  orderFor,
  ordersOf,
  placeOrder,
  shipOrder,
  toOrder,
} from './service.ts';

type Deps = { db: Db; cache: ReadCache; guards: Guards; mailer: Mailer };

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const orderRoutes: FastifyPluginAsyncZod<Deps> = async (
  app,
  { db, cache, guards, mailer },
) => {
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place a bulk order; the server sets name, price and total and reserves stock',
        body: orderInput,
        response: { 201: order, ...refused },
      },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const row = await placeOrder(db, cache, user, request.body);
      const placed = toOrder(row);
      // The order stands even if the mail cannot go out; the log says so.
      mailer.send(orderPlacedMail(placed)).catch((err: unknown) => {
        request.log.error({ err, orderId: placed._id }, 'order mail failed');
      });
      return reply.status(201).send(placed);
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's own orders, newest first (session or Bearer accessToken)",
        querystring: ordersQuery,
        response: { 200: orderList, ...refused },
      },
    },
    async (request) => {
      await guards.requireOwner(request, request.query.email);
      return { data: await ordersOf(db, request.query.email) };
    },
  );

  app.get(
    '/order/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order (its owner or an admin)',
        params: idParams,
        response: { 200: order, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      return toOrder(await orderFor(db, user, request.params.id));
    },
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Delete an unpaid order (its owner or an admin); its stock goes back',
        params: idParams,
        response: { 200: orderDeleted, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      const row = await deleteOrder(db, cache, user, request.params.id);
      return { deleted: true as const, _id: row.id, name: row.productName };
    },
  );

  app.get(
    '/allorders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first; filter by unpaid, paid or shipped (admins)',
        querystring: allOrdersQuery,
        response: { 200: allOrdersList, ...refused },
      },
    },
    async (request) => {
      await guards.requireAdmin(request);
      return browseAllOrders(db, request.query);
    },
  );

  app.patch(
    '/orders/:id/ship',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order shipped (admins); a shipped order cannot be deleted',
        params: idParams,
        response: { 200: order, ...refused },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      return shipOrder(db, admin, request.params.id);
    },
  );
};
