import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout's rules that ESLint cannot say (docs/decisions/0024): no import cycle at all, type
// imports included (import/no-cycle skips them), and every table written by the module that
// owns it. Read from the source as text, so a new file is held to them the day it is added.

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(src);
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const rel = (file: string) => relative(root, file);

/** Every file of ours a file imports or re-exports, `import type` and `import()` included. */
function importsOf(file: string): string[] {
  const source = text.get(file) ?? '';
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter((target) => text.has(target));
}

/** The cycles of the import graph: its strongly connected parts of more than one file. */
function cycles(graph: Map<string, string[]>) {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(rel(member));
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The tables, by the name the code imports them under, from src/server/db/schema/. */
const schemaDir = join(src, 'server/db/schema');
const tables = new Set(
  readdirSync(schemaDir).flatMap((name) =>
    [
      ...readFileSync(join(schemaDir, name), 'utf8').matchAll(
        /export const (\w+) = (?:pg\.)?pgTable\(/g,
      ),
    ].map((match) => match[1]!),
  ),
);

/**
 * Who writes each table: its module. Where a second writer is named, it writes its own columns
 * of a shared row, and the reason stands beside it.
 */
const writers: Record<string, readonly string[]> = {
  appMeta: ['db'],
  auditLog: ['audit'],
  apiKeys: ['modules/api-keys'],
  // Better Auth's own tables: written by the auth library (through its adapter) and by the
  // admin promotion that makes an account admin before its first session.
  users: ['modules/users', 'auth'],
  sessions: ['auth'],
  accounts: ['auth'],
  verifications: ['auth'],
  rateLimits: ['lib'],
  cartLines: ['modules/cart'],
  checkoutKeys: ['modules/cart'],
  // The stock column moves only through the stock ledger (docs/decisions/0016).
  products: ['modules/catalog', 'modules/stock'],
  stockMovements: ['modules/stock'],
  // The catalogue's filing is the catalogue's: its search joins brands and categories.
  brands: ['modules/catalog'],
  categories: ['modules/catalog'],
  attributes: ['modules/catalog'],
  attributeCategories: ['modules/catalog'],
  families: ['modules/catalog'],
  searchSynonyms: ['modules/catalog'],
  // Uploaded product images and their sizes (docs/decisions/0028).
  productImages: ['modules/media'],
  imageRenditions: ['modules/media'],
  productImageFallbacks: ['modules/media'],
  // The balance column is the credit ledger's, written with each ledger entry.
  companies: ['modules/companies', 'modules/credit'],
  companyMembers: ['modules/companies'],
  companyInvites: ['modules/companies'],
  creditLedgerEntries: ['modules/credit'],
  companyPrices: ['modules/companies'],
  quotes: ['modules/quotes'],
  quoteLines: ['modules/quotes'],
  savedLists: ['modules/saved-lists'],
  savedListLines: ['modules/saved-lists'],
  returnRequests: ['modules/returns'],
  stockAlerts: ['modules/stock-alerts'],
  returnLines: ['modules/returns'],
  contactMessages: ['modules/contact'],
  blogs: ['modules/blogs'],
  reviews: ['modules/reviews'],
  addresses: ['modules/addresses'],
  shippingMethods: ['modules/shipping'],
  taxRates: ['modules/tax'],
  shopSettings: ['modules/shop-settings'],
  accountTax: ['modules/tax'],
  documentCounters: ['modules/invoices'],
  orders: ['modules/orders'],
  orderLines: ['modules/orders'],
  orderEvents: ['modules/orders'],
  shipments: ['modules/orders'],
  shipmentLines: ['modules/orders'],
  creditNotes: ['modules/orders'],
  creditNoteLines: ['modules/orders'],
  testPaymentIntents: ['modules/payments'],
  testPaymentRefunds: ['modules/payments'],
  testPaymentMethods: ['modules/payments'],
  savedCards: ['modules/payments'],
  paymentCustomers: ['modules/payments'],
  paymentEvents: ['modules/payments'],
  jobs: ['modules/jobs'],
  imports: ['modules/imports'],
  importRows: ['modules/imports'],
  webhookEndpoints: ['modules/webhooks'],
  webhookEvents: ['modules/webhooks'],
  webhookDeliveries: ['modules/webhooks'],
};

/** The writer a file counts as: its module (`modules/orders`), else its top folder (`auth`). */
function writerOf(file: string) {
  const parts = relative(join(src, 'server'), file).split('/');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

/** The tables a file writes: Drizzle's insert, update and delete, and SQL written by hand. */
function tablesWritten(file: string) {
  const source = text.get(file) ?? '';
  const names = [
    ...source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g),
    ...source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi),
  ].map((match) => match[1]!);
  return [...new Set(names.filter((name) => tables.has(name)))];
}

/** The names a file imports from the schema as values (`import type` and `type X` aside). */
function valuesFromSchema(source: string) {
  return [
    ...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"][^'"]*db\/schema[^'"]*['"]/g),
  ]
    .filter((match) => !match[1])
    .flatMap((match) => match[2]!.split(',').map((name) => name.trim()))
    .filter((name) => name !== '' && !name.startsWith('type '));
}

const serverFiles = files.filter(
  (file) => file.startsWith(join(src, 'server')) && !file.includes('/server/db/'),
);

describe('the layout of the code', () => {
  it('has no import cycle, counting type-only imports', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(cycles(graph)).toEqual([]);
  });

  it('finds the cycle it is there to find (a check that cannot fail would prove nothing)', () => {
    const a = join(src, 'a.ts');
    const b = join(src, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('knows who writes every table', () => {
    // Every table the schema declares is found (a pattern that found none would pass all below).
    expect([...tables].sort()).toEqual(Object.keys(writers).sort());
    expect([...tables].filter((table) => !(table in writers))).toEqual([]);
  });

  it('has every table written only by the module that owns it', () => {
    const strangers = serverFiles.flatMap((file) =>
      tablesWritten(file)
        .filter((table) => !(writers[table] ?? []).includes(writerOf(file)))
        .map((table) => `${rel(file)} writes ${table}`),
    );
    expect(strangers).toEqual([]);
  });

  it('has flows that reach tables only through their modules (types aside)', () => {
    const flows = serverFiles.filter((file) => file.includes('/server/flows/'));
    const reaching = flows.flatMap((file) =>
      valuesFromSchema(text.get(file) ?? '').map((name) => `${rel(file)} imports ${name}`),
    );
    expect(reaching).toEqual([]);
  });
});
