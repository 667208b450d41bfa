import { z } from 'zod';
import { idParams } from '../common.ts';
import {
  ownLadderEdit,
  priceTable,
  priceTableQuery,
  priceTableRow,
} from '../company-price-table.ts';
import { companyPrices, companyPricesInput } from '../company-prices.ts';
import { endpoint } from '../endpoint.ts';

/**
 * A company's dealer prices (src/contract/endpoints.ts composes every part): a shop admin's to
 * read and set. Members meet them in the prices the catalogue, the cart and checkout answer them.
 */
export const companyPricesEndpoints = {
  getCompanyPrices: endpoint({
    method: 'GET',
    path: '/api/companies/:id/prices',
    access: 'admin',
    tag: 'companies',
    summary: "A company's dealer prices: its discount and its own ladders beside the list ones",
    params: idParams,
    response: companyPrices,
  }),
  setCompanyPrices: endpoint({
    method: 'PUT',
    path: '/api/companies/:id/prices',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'companies',
    summary:
      "Set a company's discount and its own ladders (the products listed replace the ones it had; written to the audit trail). With discountPercentWas, a new discount is a 409 when the discount has changed since",
    params: idParams,
    body: companyPricesInput,
    response: companyPrices,
    refusals: [409],
  }),
  getCompanyPriceTable: endpoint({
    method: 'GET',
    path: '/api/companies/:id/price-table',
    access: 'admin',
    tag: 'companies',
    summary:
      "The catalogue a page at a time with a company's dealer prices: each product's list ladder, its own ladder if any, and what the company pays (search by SKU or name, filter by category)",
    params: idParams,
    query: priceTableQuery,
    response: priceTable,
  }),
  setCompanyProductPrice: endpoint({
    method: 'PUT',
    path: '/api/companies/:id/prices/:productId',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'companies',
    summary:
      "Set or clear one product's own ladder for a company, naming the ladder it was edited from (a 409 when it has changed since; written to the audit trail)",
    params: z.object({ id: z.string().max(100), productId: z.string().max(100) }),
    body: ownLadderEdit,
    response: priceTableRow,
    refusals: [409],
  }),
} as const;
