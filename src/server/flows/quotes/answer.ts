import { dollarsToCents } from '../../../contract/money.ts';
import { quantityProblem } from '../../../contract/price-ladder.ts';
import type { QuoteAnswer } from '../../../contract/quotes.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findProductsByIds } from '../../modules/cart/repository.ts';
import { toQuote } from '../../modules/quotes/present.ts';
import { lockQuote, viewsOf, writeAnswer } from '../../modules/quotes/repository.ts';
import { assertOpen } from '../../modules/quotes/service.ts';

const lineIssue = (i: number, message: string) =>
  new AppError('bad_request', `lines.${i}: ${message}`);

/**
 * The shop's lines: each a product that exists, once, in a quantity it can be ordered in (its
 * minimum and packs: the order accepting it reserves exactly this), at a price above 0.
 */
async function answerLines(db: Db, lines: QuoteAnswer['lines']) {
  const ids = lines.map((l) => l.productId);
  const products = new Map(
    (await findProductsByIds(db, ids.filter(isUuid))).map((p) => [p.productId, p]),
  );
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const product = products.get(line.productId);
    if (!product) throw lineIssue(i, 'no such product');
    if (seen.has(line.productId)) throw lineIssue(i, `${product.sku} is quoted twice`);
    seen.add(line.productId);
    const problem = quantityProblem(product, line.quantity);
    if (problem) throw lineIssue(i, `${product.sku}: ${problem}`);
    return {
      productId: line.productId,
      sku: product.sku,
      productName: product.name,
      quantity: line.quantity,
      unitPriceCents: dollarsToCents(line.unitPrice),
    };
  });
}

/**
 * Answers a quote (or changes the answer while the buyer has not decided): the lines replace
 * those asked for, and the quote is quoted until `expiresAt`. Returns the quote; the handler
 * mails the buyer.
 */
export async function answerQuote(db: Db, admin: CurrentUser, id: string, input: QuoteAnswer) {
  const expiresAt = new Date(input.expiresAt);
  if (!(expiresAt.getTime() > Date.now())) {
    throw new AppError('bad_request', 'expiresAt: Choose a date in the future');
  }
  if (!isUuid(id)) throw notFound('Quote');
  const lines = await answerLines(db, input.lines);
  const row = await db.transaction(async (tx) => {
    const locked = await lockQuote(tx, id);
    if (!locked) throw notFound('Quote');
    assertOpen(locked, 'answer');
    return writeAnswer(tx, id, { lines, expiresAt, shopNote: input.note, quotedBy: admin.id });
  });
  const [view] = await viewsOf(db, [row]);
  return toQuote(view!);
}
