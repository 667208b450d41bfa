import type { CancelInput } from '../../../contract/order-delivery.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { addCancelled, type CreditNoteRow } from '../../modules/orders/credit-notes.ts';
import { lockOrder, markCancelled } from '../../modules/orders/documents.ts';
import { linesCancelledMail, orderCancelledMail } from '../../modules/orders/mails.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { findOrder, linesOfOrders, type OrderRow } from '../../modules/orders/repository.ts';
import { markShipmentProgress, shippedQuantities } from '../../modules/orders/shipments.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { issueCreditNote, refundCreditNote, refundOwed } from '../steps/credit-note.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { emitOrderEvent } from '../steps/order-events.ts';
import { mailCustomer, type PaymentDeps } from '../steps/payment-deps.ts';
import { cancellableLines, splitCancel, type LineLeft } from './cancellable-lines.ts';
import { removeUnpaidPieces } from './remove-unpaid-pieces.ts';
import { piecesAskedByLine } from '../../modules/orders/pieces-asked.ts';

// POST /orders/{id}/cancel: the whole of a paid order that has shipped nothing, or some pieces
// of its lines that have not shipped. Either way the stock goes back through the ledger and one
// credit note gives back the money: to the card through the provider, or to the company's account.

type CancelDeps = PaymentDeps & { cache: ReadCache };

const notCancellable = (row: OrderRow) =>
  new AppError(
    'conflict',
    row.status === 'partially_shipped' || row.status === 'shipped'
      ? 'This order has shipped, in part or in full, so it cannot be cancelled as a whole; cancel the lines that have not shipped.'
      : row.status === 'cancelled'
        ? 'This order is cancelled already.'
        : row.status === 'unpaid'
          ? 'An unpaid order is not cancelled as a whole: delete it from My Orders, or cancel some of its pieces.'
          : row.status === 'awaiting_approval'
            ? 'An order awaiting approval is not cancelled: delete it from My Orders, and order again what you still need.'
            : 'Only a paid order can be cancelled.',
  );

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

const isAdmin = (user: CurrentUser) => user.role === 'admin';

type Cancelled = { row: OrderRow; note: CreditNoteRow; whole: boolean };

/**
 * The pieces asked for, by line, checked against what each line has left to cancel: a 400 that
 * says how many can be, when more are asked.
 */
function piecesAsked(left: LineLeft[], asked: NonNullable<CancelInput['lines']>) {
  const byLine = piecesAskedByLine(
    left.map((l) => ({ line: l.line, most: l.cancellable })),
    asked,
  );
  return left
    .filter((l) => byLine.has(l.line.lineNo))
    .map((l) => splitCancel(l, byLine.get(l.line.lineNo)!));
}

/**
 * In one transaction: the pieces are counted cancelled, their stock goes back through the
 * ledger, and the credit note is issued. Cancelling everything left of an order that has shipped
 * nothing cancels the order (and gives back its shipping); of one that has shipped some, the
 * order has then shipped in full.
 */
async function cancelInDatabase(
  tx: Executor,
  user: CurrentUser,
  id: string,
  input: CancelInput,
): Promise<Cancelled> {
  const row = await lockOrder(tx, id);
  if (!row) throw notFound('Order');
  if (row.status !== 'paid' && row.status !== 'partially_shipped') throw notCancellable(row);
  const shipped = await shippedQuantities(tx, id);
  const lines = (await linesOfOrders(tx, [id])).get(id) ?? [];
  const left = cancellableLines(lines, shipped, isAdmin(user));
  const whole = input.lines === undefined;
  if (whole && row.status !== 'paid') throw notCancellable(row);
  if (whole && !isAdmin(user)) {
    throw new AppError('forbidden', 'Only the shop can cancel a paid order as a whole.');
  }
  const pieces = whole
    ? left.filter((l) => l.cancellable > 0).map((l) => splitCancel(l, l.cancellable))
    : piecesAsked(left, input.lines!);
  if (pieces.length === 0)
    throw new AppError('bad_request', 'Nothing of this order is left to cancel.');
  const nothingShipped = [...shipped.values()].every((q) => q === 0);
  const cancelledNow = new Map(pieces.map((p) => [p.lineNo, p.quantity]));
  const nothingLeft = left.every((l) => l.unshipped === (cancelledNow.get(l.line.lineNo) ?? 0));
  const reason =
    input.reason ?? (isAdmin(user) ? 'Cancelled by the shop' : 'Cancelled by the buyer');
  await addCancelled(tx, id, pieces);
  await moveStockAndTell(
    tx,
    // Pieces awaited on backorder were never taken from stock: only those on the shelf go back.
    pieces.flatMap(({ lineNo, fromShelf }) => {
      const line = lines.find((l) => l.lineNo === lineNo);
      if (!line?.productId || fromShelf === 0) return [];
      return [
        {
          productId: line.productId,
          delta: fromShelf,
          reason: 'released' as const,
          orderId: id,
          actor: accountActor(user),
          note: `Order #${row.number}: ${fromShelf} cancelled (${reason})`,
        },
      ];
    }),
  );
  const note = await issueCreditNote(tx, {
    order: row,
    lines: pieces,
    shipping: nothingShipped && nothingLeft,
    kind: 'cancelled',
    reason,
    actor: user,
  });
  let after = row;
  if (nothingLeft && nothingShipped) {
    const cancelled = await markCancelled(tx, id, {
      reason,
      creditNoteNumber: note.number,
      at: note.issuedAt,
    });
    if (!cancelled) throw notCancellable(row);
    after = cancelled;
    await addOrderEvent(tx, id, 'cancelled', `${reason} (credit note ${note.number})`);
    await emitOrderEvent(tx, 'order.cancelled', after);
  } else if (nothingLeft) {
    after = await markShipmentProgress(tx, id, true);
  }
  const contents = pieces
    .map((p) => `${p.quantity} × ${lines.find((l) => l.lineNo === p.lineNo)?.productName}`)
    .join(', ');
  await recordAudit(tx, user, {
    action: 'order.cancel',
    targetType: 'order',
    targetId: id,
    summary: `Cancelled ${nothingLeft && nothingShipped ? 'the whole of ' : ''}${contents} of order #${row.number} of ${row.email}, credit note ${note.number} for ${dollars(note.totalCents)}: ${reason}`,
  });
  return { row: after, note, whole: nothingLeft && nothingShipped };
}

/**
 * Cancels a paid order, or the pieces of its lines that have not shipped (an admin any of them;
 * the buyer only those waiting on backorder); of an unpaid order, pieces of its lines
 * (remove-unpaid-pieces.ts): stock back, credit note, refund, one mail to the
 * buyer. Cancelling again an order whose refund failed tries the refund again.
 */
export async function cancelOrder(
  deps: CancelDeps,
  user: CurrentUser,
  id: string,
  input: CancelInput,
) {
  const found = isUuid(id) ? await findOrder(deps.db, id) : undefined;
  if (!found) throw notFound('Order');
  if (found.status === 'unpaid' && input.lines !== undefined) {
    return removeUnpaidPieces(deps, user, found, { ...input, lines: input.lines });
  }
  if (found.status === 'cancelled' && input.lines === undefined) {
    // Cancelled before, and its refund failed then: only the refund is tried again (the buyer
    // was mailed at the cancellation).
    if ((await refundOwed(deps, id, user)) === 'none owed') throw notCancellable(found);
    return presentOrder(deps.db, (await findOrder(deps.db, id)) ?? found);
  }
  const { row, note, whole } = await deps.cache.write(
    'product',
    () => deps.db.transaction((tx) => cancelInDatabase(tx, user, id, input)),
    'stock',
  );
  const refunded =
    note.refund === 'account' ? 'account' : await refundCreditNote(deps, row, note, user);
  const order = await presentOrder(deps.db, (await findOrder(deps.db, id)) ?? row);
  mailCustomer(
    deps,
    whole ? orderCancelledMail(order, note, refunded) : linesCancelledMail(order, note, refunded),
    order._id,
  );
  return order;
}
