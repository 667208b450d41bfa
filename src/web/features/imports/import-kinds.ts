import {
  ATTRIBUTE_PREFIX,
  CLEAR,
  priceColumns,
  productColumns,
  stockColumns,
} from '../../../contract/csv-cells.ts';
import type { ImportKind } from '../../../contract/imports.ts';

/** The kinds the page offers: every kind of import. */
export type PageImportKind = ImportKind;

export type KindChoice = {
  kind: PageImportKind;
  label: string;
  /** The columns a file of this kind has, in the template's order. */
  columns: readonly string[];
  /** What a line does, and how its cells are written. */
  help: string;
  /** A CSV file with the header and one example line (public/templates/). */
  template: string;
};

export const importKindChoices: readonly KindChoice[] = [
  {
    kind: 'products',
    label: 'Products',
    columns: [...productColumns, `${ATTRIBUTE_PREFIX}<key>`],
    help: `One product a line, found by its SKU: a new SKU adds a product, a known one is changed. Only sku is required; tiers are written 10:4.50|50:4.10, a category as a path (Drivetrain > Chains > 11-speed), several values of an attribute as a|b. An empty cell keeps what the product has; ${CLEAR} empties it. Missing categories and brands are made.`,
    template: '/templates/products.csv',
  },
  {
    kind: 'stock',
    label: 'Stock counts',
    columns: stockColumns,
    help: 'What is on the shelf, counted, by SKU. Each line becomes a “counted” movement in the stock ledger; a count below what unpaid orders hold is an error.',
    template: '/templates/stock.csv',
  },
  {
    kind: 'prices',
    label: 'List prices',
    columns: priceColumns,
    help: 'The list price and its quantity ladder by SKU (tiers written 10:4.50|50:4.10), held to the same rules as the product form.',
    template: '/templates/prices.csv',
  },
  {
    kind: 'dealer-prices',
    label: 'Dealer prices',
    columns: priceColumns,
    help: 'One company’s own quantity ladder by SKU (tiers written 10:4.50|50:4.10; price alone is one rung from the minimum order), held to the same rules as its dealer-price form. Its other products keep their prices, and its discount stays as it is.',
    template: '/templates/dealer-prices.csv',
  },
];

/** The kind whose file is for one company, chosen beside it. */
export const COMPANY_KIND: ImportKind = 'dealer-prices';
export const NO_COMPANY = 'Choose the company whose dealer prices the file sets.';

/**
 * The form's fields as the API takes them: the kind, the company only with dealer prices (the
 * picker is on the page whatever kind is chosen), and the file.
 */
export function importFormData(fields: FormData, file: Blob) {
  const kind = fields.get('kind');
  const companyId = fields.get('companyId');
  const form = new FormData();
  form.set('kind', typeof kind === 'string' ? kind : '');
  if (kind === COMPANY_KIND && typeof companyId === 'string' && companyId) {
    form.set('companyId', companyId);
  }
  form.set('file', file, file instanceof File ? file.name : 'import.csv');
  return form;
}

export const isPageImportKind = (value: unknown): value is PageImportKind =>
  importKindChoices.some((choice) => choice.kind === value);

export const kindLabel = (kind: ImportKind) =>
  importKindChoices.find((choice) => choice.kind === kind)?.label ?? kind;
