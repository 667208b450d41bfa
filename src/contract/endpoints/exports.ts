import { endpoint } from '../endpoint.ts';
import { exportParams, exportQuery, fileStream } from '../exports.ts';

/** The exports part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const exportsEndpoints = {
  exportCsv: endpoint({
    method: 'GET',
    // Fastify reads `:name` up to the ".csv": /api/exports/orders.csv names `orders`.
    path: '/api/exports/:name.csv',
    access: 'admin',
    // Each export asks one of these of a key: products and dealer prices `catalog:read`, the rest
    // `orders:read`.
    scopes: ['orders:read', 'catalog:read'],
    tag: 'exports',
    summary:
      'Download orders (one row per line), invoices and credit notes, products (the import’s columns), customers, or one company’s dealer prices (`company`; the dealer-prices import’s columns) as CSV, streamed; an unknown name is a 400, and so is a missing or unknown company for dealer-prices. An API key needs catalog:read for products and dealer prices and orders:read for the others',
    params: exportParams,
    query: exportQuery,
    response: fileStream,
    produces: 'text/csv',
  }),
} as const;
