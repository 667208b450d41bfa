import { PATH_SEPARATOR } from '../../../contract/csv-cells.ts';
import { facetValuesOf } from '../../../contract/taxonomy.ts';
import { checkFiling } from '../../modules/catalog/filing-rules.ts';
import {
  insertBrand,
  insertCategory,
  pathKey,
  readImportFiling,
} from '../../modules/catalog/import-filing.ts';
import { insertProducts, updateProducts } from '../../modules/catalog/repository.ts';
import { openWithNoStock } from '../../modules/stock/ledger.ts';
import { emitProductEvents } from '../steps/product-events.ts';
import { codeClaims } from './code-claims.ts';
import type { ImportKindRules } from './file-rows.ts';
import { checkProductLines } from './product-batch.ts';
import { knowsProductColumn, type ProductLine } from './product-rows.ts';

/**
 * `products`: whole products by SKU. New ones start with no stock (an `opening` move, as Add
 * Product makes); brands and categories the file names that do not exist are made first.
 */
export const productRules: ImportKindRules = {
  required: ['sku'],
  async begin(db) {
    const filing = await readImportFiling(db);
    const claims = codeClaims();
    const newBrands = new Map<string, string>();
    const newPaths = new Map<string, string[]>();
    return {
      knows: knowsProductColumn(filing),
      async check(rows, { decimalComma }) {
        const result = await checkProductLines(db, rows, filing, decimalComma, claims);
        for (const { values } of result.checked) {
          const line = values as ProductLine;
          if (line.newBrand) newBrands.set(line.newBrand.toLowerCase(), line.newBrand);
          // Each level that is missing, from the top: "Drivetrain", then "Drivetrain > Chains".
          for (let depth = 1; line.newPath && depth <= line.newPath.length; depth++) {
            const path = line.newPath.slice(0, depth);
            if (!filing.categoryByPath.has(pathKey(path))) newPaths.set(pathKey(path), path);
          }
        }
        return result;
      },
      made: () => ({
        newCategories: [...newPaths.values()].map((p) => p.join(PATH_SEPARATOR)),
        newBrands: [...newBrands.values()],
      }),
    };
  },
  async beginApply(tx, { actor, view }) {
    const filing = await readImportFiling(tx);
    const brandId = async (name: string) => {
      const known = filing.brandByName.get(name.toLowerCase());
      if (known) return known.id;
      const made = await insertBrand(tx, name, filing.brandSlugs);
      filing.brandByName.set(name.toLowerCase(), made);
      return made.id;
    };
    const categoryId = async (path: string[]) => {
      let parent: { id: string; name: string } | undefined;
      for (let depth = 1; depth <= path.length; depth++) {
        const key = pathKey(path.slice(0, depth));
        let at = filing.categoryByPath.get(key);
        if (!at) {
          const name = path[depth - 1]!;
          at = await insertCategory(
            tx,
            { name, parentId: parent?.id ?? null, parentName: parent?.name },
            filing.categorySlugs,
          );
          filing.categoryByPath.set(key, at);
        }
        parent = at;
      }
      return parent?.id ?? null;
    };
    return async (rows) => {
      const creates = [];
      const updates = [];
      for (const row of rows) {
        const line = row.values as ProductLine;
        const write = {
          ...line.write,
          ...(line.newBrand ? { brandId: await brandId(line.newBrand) } : {}),
          ...(line.newPath ? { categoryId: await categoryId(line.newPath) } : {}),
          facetValues: facetValuesOf(line.write.attributes),
        };
        // Two variants of a family with the same axis values: refused as Edit Product does.
        if (write.familyId) await checkFiling(tx, write, row.productId ?? undefined);
        if (row.productId) updates.push({ ...write, id: row.productId });
        else creates.push(write);
      }
      await updateProducts(tx, updates);
      const ids = await insertProducts(tx, creates);
      await openWithNoStock(tx, ids, actor);
      // After the opening, so a new product's event shows its stock as the ledger left it.
      await emitProductEvents(
        tx,
        'product.updated',
        updates.map((u) => u.id),
        view,
      );
      await emitProductEvents(tx, 'product.created', ids, view);
    };
  },
};
