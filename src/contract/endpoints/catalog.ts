import { product, productDeleted, productDetail } from '../catalog.ts';
import { toolList, toolListQuery } from '../catalog-list.ts';
import { productInput, productPatch } from '../product-input.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  stockMovementInput,
  stockMovementList,
  stockMovementResult,
  stockMovementsQuery,
} from '../stock.ts';

/** The catalog part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const catalogEndpoints = {
  // The catalogue: anyone reads, admins write.
  listTools: endpoint({
    method: 'GET',
    path: '/api/tools',
    access: 'anyone',
    scopes: ['catalog:read'],
    tag: 'catalog',
    summary:
      'List products under filters (q, category, brand, a.<key>, inStock), sorted and paged, with the count of every facet; a family shows once. An unknown filter key or value is a 400 naming it',
    query: toolListQuery,
    response: toolList,
    refusals: [400],
  }),
  getTool: endpoint({
    method: 'GET',
    path: '/api/tools/:id',
    access: 'anyone',
    scopes: ['catalog:read'],
    tag: 'catalog',
    summary: "One product, with its family's variants",
    params: idParams,
    response: productDetail,
  }),
  addTool: endpoint({
    method: 'POST',
    path: '/api/tools',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'catalog',
    summary:
      'Add a product (a SKU is made up when none is given; 409 when the SKU, the GTIN or the brand and MPN are taken, or another variant of the family has the same axis values)',
    body: productInput,
    status: 201,
    response: product,
    refusals: [409],
  }),
  editTool: endpoint({
    method: 'PATCH',
    path: '/api/tools/:id',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'catalog',
    summary:
      'Edit a product: name, SKU, price (with tiersWas, the ladder the admin was shown: 409 when it changed since), stock (a count: with stockWas, 409 when it changed since), description, image, minimum, pack size, price ladder, brand, MPN, GTIN, category, family, attributes and backorder ({ allowed, expectedAt }) (409 when the SKU, the GTIN or the brand and MPN are taken, or another variant of the family has the same axis values)',
    params: idParams,
    body: productPatch,
    response: product,
    refusals: [409],
  }),
  deleteTool: endpoint({
    method: 'DELETE',
    path: '/api/tool/:id',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'catalog',
    summary:
      'Delete a product; its orders keep their name and price. 409 naming the unpaid orders that still hold it',
    params: idParams,
    response: productDeleted,
    refusals: [409],
  }),

  // The stock ledger: every change of a product's stock, and an admin's own adjustments.
  stockMovements: endpoint({
    method: 'GET',
    path: '/api/tools/:id/stock-movements',
    access: 'admin',
    tag: 'catalog',
    summary: "A product's stock movements, newest first",
    params: idParams,
    query: stockMovementsQuery,
    response: stockMovementList,
  }),
  moveStock: endpoint({
    method: 'POST',
    path: '/api/tools/:id/stock-movements',
    access: 'admin',
    scopes: ['stock:write'],
    tag: 'catalog',
    summary:
      'Receive, count, write off or correct stock by a delta (409 when it would go below zero)',
    params: idParams,
    body: stockMovementInput,
    status: 201,
    response: stockMovementResult,
    refusals: [409],
  }),
} as const;
