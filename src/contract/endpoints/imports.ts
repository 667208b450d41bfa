import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { importForm, importPreview, MAX_IMPORT_BYTES } from '../imports.ts';
import { jobStarted } from '../jobs.ts';

/** The imports part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const importsEndpoints = {
  startImport: endpoint({
    method: 'POST',
    path: '/api/imports',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'imports',
    summary:
      "Check a CSV file (multipart: `kind` products, stock, prices or dealer-prices; `companyId` for dealer prices; the `file`, at most 50 MB) and keep it for its apply; nothing changes yet. 201 with the counts, the errors by line and column (the first 1,000, all counted) and the categories and brands it would make. 400 when the file cannot be read as a whole: not CSV, no sku column, an unknown column, a SKU twice; and when `companyId` is missing with dealer-prices, names no company, or comes with another kind. A dealer-prices file sets that company's own ladder for each SKU (a product without one is a create) and leaves its other prices",
    body: importForm,
    multipart: { maxBytes: MAX_IMPORT_BYTES, spool: true, oversizeIs400: true },
    status: 201,
    response: importPreview,
  }),
  getImport: endpoint({
    method: 'GET',
    path: '/api/imports/:id',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'imports',
    summary: "An import's preview: its counts, its errors by line and column, and its apply job",
    params: idParams,
    response: importPreview,
  }),
  applyImport: endpoint({
    method: 'POST',
    path: '/api/imports/:id/apply',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'imports',
    summary:
      'Apply a valid import, all or nothing, as a job (202 with its id; asked again, the same job). 409 when the import has errors',
    params: idParams,
    status: 202,
    response: jobStarted,
    refusals: [409],
  }),
} as const;
