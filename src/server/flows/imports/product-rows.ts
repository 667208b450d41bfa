import { ATTRIBUTE_PREFIX, productColumns } from '../../../contract/csv-cells.ts';
import type { ImportError } from '../../../contract/imports.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { productInput, productPatch } from '../../../contract/product-input.ts';
import type { ProductAttributes } from '../../../contract/taxonomy.ts';
import { AppError } from '../../errors.ts';
import type { productRowsBySkus } from '../../modules/catalog/by-sku.ts';
import { storedValue } from '../../modules/catalog/filing-rules.ts';
import { pathKey, type ImportFiling } from '../../modules/catalog/import-filing.ts';
import { PICTURE_PENDING } from '../../../contract/product-images.ts';
import {
  attributeCells,
  linkedPicture,
  mergedAttributes,
  moneyCell,
  pathCell,
  textCell,
  tiersCell,
  wholeCell,
  type LineReader,
} from './product-cells.ts';
import { skuOf, type CheckedRow, type FileRow } from './file-rows.ts';

// A products line checked against the catalogue: the product it will be, by the rules Add
// Product and Edit Product keep (productInput's messages), with names for brands, paths for
// categories and `attr:<key>` columns for attributes.

/** What the apply writes for a line: the product's fields, and the names still to be made. */
export type ProductLine = {
  write: {
    sku: string;
    name: string;
    description: string;
    priceCents: number;
    tiers: TierCents[];
    moq: number;
    packSize: number;
    weightGrams: number;
    imageUrl: string;
    brandId: string | null;
    categoryId: string | null;
    familyId: string | null;
    mpn: string | null;
    gtin: string | null;
    bin: string | null;
    attributes: ProductAttributes;
  };
  /** A brand the file names that does not exist yet. */
  newBrand?: string;
  /** A category path of which some levels do not exist yet. */
  newPath?: string[];
  /** An http(s) `image_url` the job fetches after the apply, as the product's first image. */
  fetchImage?: string;
};

const knownColumns = new Set<string>(productColumns);
export const knowsProductColumn = (filing: ImportFiling) => (column: string) =>
  knownColumns.has(column) ||
  (column.startsWith(ATTRIBUTE_PREFIX) &&
    filing.attributeByKey.has(column.slice(ATTRIBUTE_PREFIX.length)));

/** productInput's fields by the file's columns. */
const columnOfField: Record<string, string> = {
  name: 'name',
  price: 'price',
  desc: 'description',
  img: 'image_url',
  sku: 'sku',
  moq: 'moq',
  packSize: 'pack_size',
  tiers: 'tiers',
  weightGrams: 'weight_grams',
  mpn: 'mpn',
  gtin: 'gtin',
  bin: 'bin',
};

// Stands for a brand or category the apply will make: productInput wants an id there.
const TO_BE_MADE = '00000000-0000-4000-8000-000000000000';

const sameJson = (a: unknown, b: unknown) => stable(a) === stable(b);
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export type Current = Awaited<ReturnType<typeof productRowsBySkus>>[number];

/** The ladder after a line: its tiers, or the current one with the line's price and minimum. */
function ladderAfter(
  tiers: TierCents[] | undefined,
  priceCents: number | undefined,
  moq: number,
  current: Current | undefined,
) {
  if (tiers) return tiers;
  const price = priceCents ?? current?.priceCents;
  if (price === undefined) return undefined;
  const rest = (current?.tiers ?? []).slice(1).filter((t) => t.minQuantity > moq);
  return [{ minQuantity: moq, priceCents: price }, ...rest];
}

function checkAttributes(
  r: LineReader,
  filing: ImportFiling,
  categoryId: string | null,
  familyId: string | null,
  given: Record<string, string | string[]>,
) {
  const allowed = filing.keysOf(categoryId);
  const stored: ProductAttributes = {};
  for (const [key, value] of Object.entries(given)) {
    const column = `${ATTRIBUTE_PREFIX}${key}`;
    const definition = filing.attributeByKey.get(key);
    if (!definition || !allowed.has(key)) {
      r.errors.push({
        line: r.line,
        column,
        message: `${key} is not an attribute of this category`,
      });
      continue;
    }
    try {
      const values = (Array.isArray(value) ? value : [value]).map((v) =>
        storedValue(definition, v),
      );
      if (values.length === 0) continue;
      stored[key] = definition.multi ? [...new Set(values)] : values[0]!;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      r.errors.push({
        line: r.line,
        column,
        message: err.message.replace(/^attributes\.[^:]+: /, ''),
      });
    }
  }
  const family = familyId ? filing.familyById.get(familyId) : undefined;
  for (const axis of family?.axes ?? []) {
    if (stored[axis] === undefined || Array.isArray(stored[axis])) {
      r.errors.push({
        line: r.line,
        column: `${ATTRIBUTE_PREFIX}${axis}`,
        message: `A variant of ${family!.name} needs one ${axis}`,
      });
    }
  }
  return stored;
}

/** One line: the product it makes or changes, or its errors (pushed on `errors`). */
export function checkLine(
  row: FileRow,
  current: Current | undefined,
  filing: ImportFiling,
  decimalComma: boolean,
  errors: ImportError[],
  leadSource: string | undefined,
): { line: ProductLine; change: CheckedRow['change'] } | undefined {
  const r: LineReader = { line: row.line, cells: row.cells, errors: [], decimalComma };
  const name = textCell(r, 'name');
  const description = textCell(r, 'description');
  const priceCents = moneyCell(r, 'price');
  const tiers = tiersCell(r);
  const moq = wholeCell(r, 'moq', 'Minimum order') ?? current?.moq ?? 10;
  const packSize = wholeCell(r, 'pack_size', 'Pack size') ?? current?.packSize ?? 1;
  const weightGrams = wholeCell(r, 'weight_grams', 'Weight') ?? current?.weightGrams ?? 0;
  const imageUrl = textCell(r, 'image_url');
  const mpn = textCell(r, 'mpn');
  const gtin = textCell(r, 'gtin');
  const bin = textCell(r, 'bin');
  const brandName = textCell(r, 'brand');
  const path = pathCell(r);
  const familyName = textCell(r, 'family');
  const picture = linkedPicture(imageUrl, current, leadSource);

  const brand = brandName ? filing.brandByName.get(brandName.toLowerCase()) : undefined;
  const brandId =
    brandName === null ? null : brandName ? (brand?.id ?? TO_BE_MADE) : (current?.brandId ?? null);
  const category = path ? filing.categoryByPath.get(pathKey(path)) : undefined;
  const categoryId =
    path === null || path?.length === 0
      ? null
      : path
        ? (category?.id ?? TO_BE_MADE)
        : (current?.categoryId ?? null);
  const family = familyName ? filing.familyByName.get(familyName.toLowerCase()) : undefined;
  if (familyName && !family)
    r.errors.push({ line: r.line, column: 'family', message: `No family is named ${familyName}` });
  const familyId =
    familyName === null ? null : familyName ? (family?.id ?? null) : (current?.familyId ?? null);
  const ladder = ladderAfter(tiers, priceCents, moq, current);

  const input = productInput.safeParse({
    name: name ?? current?.name ?? '',
    price: ladder?.[0] ? centsToDollars(ladder[0].priceCents) : undefined,
    stock: 0,
    desc: description === null ? '' : (description ?? current?.description ?? ''),
    // A new part the ERP has no picture for yet is shown as such, not refused; (clear) is
    // refused as the form refuses an emptied link.
    img: imageUrl === null ? '' : (imageUrl ?? current?.imageUrl ?? PICTURE_PENDING),
    sku: skuOf(row),
    moq,
    packSize,
    tiers: ladder?.map((t) => ({
      minQuantity: t.minQuantity,
      price: centsToDollars(t.priceCents),
    })),
    weightGrams,
    mpn: mpn === null ? null : (mpn ?? current?.mpn ?? null),
    gtin: gtin === null ? null : (gtin ?? current?.gtin ?? null),
  });
  // Checked as Edit Product checks it (productPatch), so a file cannot set a bin the form refuses.
  const binInput = productPatch.shape.bin.safeParse(
    bin === null ? null : (bin ?? current?.bin ?? null),
  );
  if (!binInput.success) {
    r.errors.push({ line: r.line, column: 'bin', message: binInput.error.issues[0]!.message });
  }
  if (!input.success) {
    // A cell that could not be read has said so already: the schema's word on it is not repeated.
    const unread = new Set(r.errors.map((e) => e.column));
    for (const issue of input.error.issues) {
      const field = String(issue.path[0] ?? 'sku');
      const column = columnOfField[field] ?? field;
      if (!unread.has(column)) r.errors.push({ line: r.line, column, message: issue.message });
    }
  }
  const attributes = checkAttributes(
    r,
    filing,
    categoryId === TO_BE_MADE ? null : categoryId,
    familyId,
    mergedAttributes(
      current?.attributes ?? {},
      attributeCells(r, (key) => filing.attributeByKey.get(key)?.multi === true),
    ),
  );
  if (r.errors.length || !input.success || !ladder || !binInput.success) {
    errors.push(...r.errors);
    return undefined;
  }
  const p = input.data;
  const write: ProductLine['write'] = {
    sku: p.sku ?? skuOf(row),
    name: p.name,
    description: p.desc,
    priceCents: ladder[0]!.priceCents,
    tiers: ladder,
    moq: p.moq,
    packSize: p.packSize,
    weightGrams: p.weightGrams,
    imageUrl: picture.keepPicture && current ? current.imageUrl : p.img,
    brandId: brandId === TO_BE_MADE ? null : brandId,
    categoryId: categoryId === TO_BE_MADE ? null : categoryId,
    familyId,
    mpn: p.mpn,
    gtin: p.gtin,
    bin: binInput.data ?? null,
    attributes,
  };
  const line: ProductLine = {
    write,
    ...(brandId === TO_BE_MADE && brandName ? { newBrand: brandName } : {}),
    ...(categoryId === TO_BE_MADE && path ? { newPath: path } : {}),
    ...(picture.fetchImage ? { fetchImage: picture.fetchImage } : {}),
  };
  if (!current) return { line, change: 'create' };
  const same =
    !line.newBrand &&
    !line.newPath &&
    !line.fetchImage &&
    (Object.keys(write) as (keyof typeof write)[]).every((k) =>
      k === 'sku' ? true : sameJson(write[k], current[k]),
    );
  return { line, change: same ? 'unchanged' : 'update' };
}
