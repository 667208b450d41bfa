import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 19: a product's stock changes only through the ledger (src/server/modules/stock/ledger.ts),
// which writes the movement row in the same transaction. Any other code that writes the column
// would make stock no longer the sum of its movements; this test reads every source file and
// fails on such a write, in Drizzle's query builder or in SQL text.

const root = fileURLToPath(new URL('..', import.meta.url));
const LEDGER = 'src/server/modules/stock/ledger.ts';

type Write = { file: string; line: number; what: string };

const propertyName = (name: ts.PropertyName) =>
  ts.isComputedPropertyName(name) ? name.expression.getText() : name.getText().replace(/['"]/g, '');

const namesStock = (name: ts.PropertyName) => /(^|\.)stock(\.name)?$/.test(propertyName(name));

/** `stock` keys of an object literal (shorthand `{ stock }` included), with their values. */
function stockKeys(object: ts.ObjectLiteralExpression) {
  return object.properties.filter(
    (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && namesStock(p.name),
  );
}

/** Every object literal in a node, however deep (`rows.map((r) => ({ … }))`). */
function objectLiterals(node: ts.Node): ts.ObjectLiteralExpression[] {
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isObjectLiteralExpression(n)) found.push(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * The text of a template as the database will read it: `${products.stock}` reads as "stock",
 * `${products}` as "product", any other substitution as a placeholder.
 */
function templateText(node: ts.TemplateLiteral) {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  let text = node.head.text;
  for (const span of node.templateSpans) {
    const expr = span.expression.getText();
    text += /(^|\.)stock$/.test(expr) ? '"stock"' : expr === 'products' ? '"product"' : '$1';
    text += span.literal.text;
  }
  return text;
}

const PRODUCT_TABLE = String.raw`(?:only\s+)?(?:"?public"?\.)?"?product"?`;
const SQL_UPDATE = new RegExp(
  String.raw`\bupdate\s+${PRODUCT_TABLE}(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b([\s\S]*?)(?=\bfrom\b|\bwhere\b|\breturning\b|$)`,
  'gi',
);
const SQL_INSERT = new RegExp(String.raw`\binsert\s+into\s+${PRODUCT_TABLE}\s*\(([^)]*)\)`, 'gi');

/** Whether SQL text updates product.stock, or inserts a product with a stock of its own. */
function sqlWritesStock(text: string) {
  for (const [, assignments = ''] of text.matchAll(SQL_UPDATE)) {
    if (/(?:^|[\s,.(])"?stock"?\s*=(?!=)/i.test(assignments)) return true;
  }
  for (const [, columns = ''] of text.matchAll(SQL_INSERT)) {
    if (/(?:^|[\s,."])stock\b/i.test(columns)) return true;
  }
  return false;
}

/** Every place in one source text that writes the stock column. */
export function stockWrites(file: string, source: string): Write[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const writes: Write[] = [];
  const report = (node: ts.Node, what: string) =>
    writes.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      what: `${what}: ${node.getText(sf).replace(/\s+/g, ' ').slice(0, 120)}`,
    });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [arg] = node.arguments;
      // .set({ stock: … }): an UPDATE of the column, whatever the value.
      if (method === 'set' && arg && ts.isObjectLiteralExpression(arg) && stockKeys(arg).length) {
        report(node, 'update sets stock');
      }
      // .values({ stock: … }): an INSERT with stock other than the 0 a product starts with.
      if (method === 'values' && arg) {
        const given = objectLiterals(arg)
          .flatMap(stockKeys)
          .filter((p) => !(ts.isPropertyAssignment(p) && p.initializer.getText() === '0'));
        if (given.length) report(node, 'insert gives stock');
      }
    }
    // onConflictDoUpdate({ set: { stock: … } })
    if (
      ts.isPropertyAssignment(node) &&
      propertyName(node.name) === 'set' &&
      ts.isObjectLiteralExpression(node.initializer) &&
      stockKeys(node.initializer).length
    ) {
      report(node, 'upsert sets stock');
    }
    const text = ts.isStringLiteral(node)
      ? node.text
      : ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)
        ? templateText(node)
        : undefined;
    if (text !== undefined && sqlWritesStock(text)) report(node, 'SQL writes stock');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return writes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the stock column', () => {
  it('is written by the stock ledger and by no other code in src/', () => {
    const writes = sourceFiles(join(root, 'src')).flatMap((path) =>
      stockWrites(relative(root, path).replaceAll('\\', '/'), readFileSync(path, 'utf8')),
    );
    expect(writes.filter((w) => w.file !== LEDGER)).toEqual([]);
    // The scan sees the one write there is: it would see another.
    expect(writes.filter((w) => w.file === LEDGER).length).toBeGreaterThan(0);
  });

  it.each([
    ['an update setting stock', `db.update(products).set({ stock: 5 })`],
    [
      'an update setting stock from SQL among other columns',
      'db.update(products).set({ name: "x", stock: sql`${products.stock} + 1`, updatedAt: now })',
    ],
    ['a computed stock key', 'tx.update(products).set({ [products.stock.name]: 0 })'],
    ['raw SQL', 'await tx.execute(sql`update product set stock = stock - ${n} where id = ${id}`)'],
    [
      'raw SQL through the table objects',
      'tx.execute(sql`update ${products} set updated_at = now(), ${products.stock} = v.delta from (values ${v}) as v(id, delta)`)',
    ],
    ['quoted raw SQL', `sql.raw('UPDATE "public"."product" SET "stock" = 0')`],
    ['an insert with a stock', 'db.insert(products).values({ ...p, stock: p.stock })'],
    [
      'an insert of many with a stock',
      'db.insert(products).values(rows.map((r) => ({ name: r.name, stock })))',
    ],
    ['an insert in SQL', 'sql`insert into product (name, stock) values (${n}, 5)`'],
    [
      'an upsert',
      'db.insert(products).values(v).onConflictDoUpdate({ target: t, set: { stock: 1 } })',
    ],
  ])('catches %s', (_, code) => {
    expect(stockWrites('x.ts', code)).toHaveLength(1);
  });

  it.each([
    ['reading stock', 'db.select({ stock: products.stock }).from(products)'],
    ['showing stock', 'const out = { name: row.name, stock: row.stock }'],
    ['a new product starting at 0', 'tx.insert(products).values({ ...values, stock: 0 })'],
    ['SQL reading stock', 'sql`select stock from product where stock >= 0`'],
    ['an update of another column', "sql`update product set name = 'x' where stock = 0`"],
    ['an update of another table', 'sql`update "order" set status = \'expired\'`'],
  ])('lets through %s', (_, code) => {
    expect(stockWrites('x.ts', code)).toEqual([]);
  });
});
