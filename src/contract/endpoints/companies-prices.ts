import { idParams } from '../common.ts';
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
      "Set a company's discount and its own ladders (the products listed replace the ones it had; written to the audit trail)",
    params: idParams,
    body: companyPricesInput,
    response: companyPrices,
  }),
} as const;
