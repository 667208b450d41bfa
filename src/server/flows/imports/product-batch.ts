import { gtin14 } from '../../../contract/gtin.ts';
import type { ImportError } from '../../../contract/imports.ts';
import { parseMediaPath } from '../../../contract/product-images.ts';
import { gtinHolders, mpnHolders, productRowsBySkus } from '../../modules/catalog/by-sku.ts';
import type { ImportFiling } from '../../modules/catalog/import-filing.ts';
import { mpnKeyOf } from '../../modules/catalog/repository.ts';
import { sourcesOf } from '../../modules/media/repository.ts';
import type { CodeClaims } from './code-claims.ts';
import { bySku, skuOf, type CheckedRow, type FileRow } from './file-rows.ts';
import { checkLine, type Current } from './product-rows.ts';

// A batch of a products file's lines against the catalogue: each line by its own rules
// (product-rows.ts), then the codes it sets against every other product's.

const sameGtin = (a: string, b: string | null | undefined) => !!b && gtin14(a) === gtin14(b);

/**
 * A batch of lines: each checked, and the codes it sets (GTIN, brand and MPN) held by no other
 * product, in the catalogue or earlier in the file (`claims`, kept across batches).
 */
export async function checkProductLines(
  db: Parameters<typeof productRowsBySkus>[0],
  rows: readonly FileRow[],
  filing: ImportFiling,
  decimalComma: boolean,
  claims: CodeClaims,
) {
  const found = await bySku(rows, (skus) => productRowsBySkus(db, skus));
  // Where each product's picture was fetched from, if it was: that link is not fetched again.
  const leadOf = (c: Current | undefined) => (c && parseMediaPath(c.imageUrl)?.id) || undefined;
  const sources = await sourcesOf(
    db,
    [...found.values()].flatMap((c) => leadOf(c) ?? []),
  );
  const errors: ImportError[] = [];
  const lines = rows.flatMap((row) => {
    const current = found.get(skuOf(row));
    const lead = leadOf(current);
    const source = lead ? sources.get(lead) : undefined;
    const checked = checkLine(row, current, filing, decimalComma, errors, source);
    return checked ? [{ row, current, ...checked }] : [];
  });
  // Codes a product keeps are its own: only new or changed ones are looked up.
  const gtins = await gtinHolders(
    db,
    lines.flatMap(({ line: { write }, current }) =>
      write.gtin && !sameGtin(write.gtin, current?.gtin) ? [write.gtin] : [],
    ),
  );
  const mpns = await mpnHolders(
    db,
    lines.flatMap(({ line: { write }, current }) =>
      write.mpn &&
      !(
        current?.mpn &&
        current.brandId === write.brandId &&
        mpnKeyOf(current.mpn) === mpnKeyOf(write.mpn)
      )
        ? [mpnKeyOf(write.mpn)]
        : [],
    ),
  );
  const checked: CheckedRow[] = [];
  for (const { row, current, line, change } of lines) {
    const sku = skuOf(row);
    const { gtin, mpn, brandId } = line.write;
    const codes = [
      gtin && {
        column: 'gtin',
        earlier: claims.gtin(gtin14(gtin), sku),
        holder: gtins.get(gtin14(gtin)),
        what: `GTIN ${gtin}`,
      },
      mpn && {
        column: 'mpn',
        earlier: claims.mpn(brandId ?? line.newBrand?.toLowerCase() ?? '', mpnKeyOf(mpn), sku),
        holder: line.newBrand ? undefined : mpns.get(`${brandId ?? ''}/${mpnKeyOf(mpn)}`),
        what: `MPN ${mpn} of this brand`,
      },
    ].filter((c) => !!c);
    let clash = false;
    for (const code of codes) {
      const holder = code.earlier ?? code.holder;
      if (holder && holder !== sku) {
        errors.push({
          line: row.line,
          column: code.column,
          message: `${code.what} is already the product ${holder}'s`,
        });
        clash = true;
      }
    }
    if (clash) continue;
    checked.push({ line: row.line, productId: current?.id ?? null, values: line, change });
  }
  // In file order: the code checks come after the lines' own.
  return { checked, errors: errors.sort((a, b) => a.line - b.line) };
}
