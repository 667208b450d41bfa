import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { ReceiveReturnInput } from '../../../contract/returns.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { lockOrder } from '../../modules/orders/documents.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { returnReceivedMail } from '../../modules/returns/mails.ts';
import { presentReturn } from '../../modules/returns/present.ts';
import {
  findReturn,
  linesOfReturns,
  markReceived,
  markRefunded,
} from '../../modules/returns/repository.ts';
import { checkReceivedLines } from '../../modules/returns/rules.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { mailCustomer } from '../steps/payment-deps.ts';
import { issueCreditNote, refundCreditNote } from '../steps/credit-note.ts';
import { lockReturn, wrongStep } from './decide.ts';
import type { ReturnDeps } from './deps.ts';

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * In one transaction, under the order's lock and then the return's: an approved return becomes
 * received, each restocked part goes back on the shelf as a `returned` movement of the ledger
 * (scrapped ones move nothing and are recorded on the line), and a credit note for what arrived
 * is numbered (on account, credited to the company at once). Two admins receiving at once line
 * up on the locks: the second finds it received and is refused, so it is refunded once.
 */
async function receiveInDatabase(
  deps: ReturnDeps,
  admin: CurrentUser,
  id: string,
  input: ReceiveReturnInput,
) {
  return deps.db.transaction(async (tx) => {
    const seen = isUuid(id) ? await findReturn(tx, id) : undefined;
    if (!seen) throw notFound('Return');
    // The order first, as shipments and cancellations take it, then the return.
    const order = await lockOrder(tx, seen.orderId);
    if (!order) throw notFound('Order');
    const row = await lockReturn(tx, id);
    if (row.status !== 'approved') throw wrongStep(row, 'received');
    const lines = (await linesOfReturns(tx, [id])).get(id) ?? [];
    const received = checkReceivedLines(input.lines, lines);
    const actor = accountActor(admin);
    const moveNote = `Return ${row.number} of order #${order.number}`;
    await moveStockAndTell(
      tx,
      received.flatMap(({ productId, restocked }) =>
        productId && restocked > 0
          ? [
              {
                productId,
                delta: restocked,
                reason: 'returned' as const,
                orderId: order.id,
                actor,
                note: moveNote,
              },
            ]
          : [],
      ),
    );
    // THE credit-note path (steps/credit-note.ts): numbered, and on account credited to the
    // company in this transaction; a card's refund follows once this has committed.
    const note = await issueCreditNote(tx, {
      order,
      lines: received
        .map(({ lineNo, restocked, scrapped }) => ({ lineNo, quantity: restocked + scrapped }))
        .filter((line) => line.quantity > 0),
      shipping: false,
      kind: 'return',
      reason: `Return ${row.number}`,
      returnId: row.id,
      actor: admin,
    });
    const done = await markReceived(tx, id, {
      by: admin.email,
      lines: received,
      creditNoteNumber: note.number,
      refundCents: note.totalCents,
      refundMethod: note.refund,
    });
    if (!done) throw wrongStep(row, 'received');
    const restocked = received.reduce((n, l) => n + l.restocked, 0);
    const scrapped = received.reduce((n, l) => n + l.scrapped, 0);
    await addOrderEvent(
      tx,
      order.id,
      'return_received',
      `${row.number}: ${restocked} back in stock, ${scrapped} scrapped`,
    );
    await recordAudit(tx, admin, {
      action: 'return.receive',
      targetType: 'order',
      targetId: order.id,
      summary: `Received return ${row.number} of order #${order.number}: ${restocked} restocked, ${scrapped} scrapped; credit note ${note.number} for ${dollars(note.totalCents)}`,
    });
    return { row: done, order, note };
  });
}

/**
 * Receives an approved return (admin): stock, credit note and, for a card order, the refund
 * through the provider once the receipt is committed. The buyer is mailed.
 */
export async function receiveReturn(
  deps: ReturnDeps,
  admin: CurrentUser,
  id: string,
  input: ReceiveReturnInput,
) {
  const { row, order, note } = await deps.cache.write(
    'product',
    () => receiveInDatabase(deps, admin, id, input),
    'stock',
  );
  // Only the receipt that moved the return to `received` gets here, once; the provider's key
  // is the note's number besides. A failed refund stays owed (the audit trail says so).
  if (note.refund === 'card' && (await refundCreditNote(deps, order, note, admin))) {
    await deps.db.transaction((tx) => markRefunded(tx, row.id));
  }
  const current = (await findReturn(deps.db, row.id)) ?? row;
  const out = await presentReturn(deps.db, current);
  mailCustomer(deps, returnReceivedMail(out), row.orderId);
  return out;
}
