import type { AllOrdersQuery, BulkShipInput } from '../../../contract/orders.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { pagedQuery, useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
import { orderKeys } from './api.ts';

// Manage All Orders (the orders desk): GET /allorders, PATCH /orders/{id}/ship and POST
// /orders/ship-many (admins). Deleting an order is the customer's call too, so it lives in
// features/orders/api.ts. The pick list, packing slips and CSV are plain GET links (a form).

export type OrderStatus = AllOrdersQuery['status'];
export type OrderSearch = AllOrdersQuery;

export const allOrdersQuery = (search: OrderSearch, via: Call = call) =>
  pagedQuery(
    orderKeys.everyone(search),
    (signal) => via('GET /api/allorders', { query: search, signal }),
    { alwaysFresh: true },
  );

export const useAllOrders = (search: OrderSearch) =>
  usePagedQuery(
    orderKeys.everyone(search),
    (signal) => call('GET /api/allorders', { query: search, signal }),
    { alwaysFresh: true },
  );

export const useShipOrder = () =>
  useListWrite(
    (id: string) => call('PATCH /api/orders/:id/ship', { params: { id } }),
    () => [orderKeys.all],
  );

export const shipMany = (input: BulkShipInput, via: Call = call) =>
  via('POST /api/orders/ship-many', { body: input });

export const useShipMany = () =>
  useListWrite(
    (input: BulkShipInput) => shipMany(input),
    () => [orderKeys.all],
  );

/** Where the desk's papers come from: the selection's order numbers in the address. */
export const deskPaperPaths = {
  pickList: '/api/orders/pick-list',
  packingSlips: '/api/orders/packing-slips',
  csv: '/api/exports/orders.csv',
} as const;
