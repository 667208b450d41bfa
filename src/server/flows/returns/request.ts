import type { ReturnRequestInput } from '../../../contract/returns.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { notFound } from '../../errors.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import { lockOrder } from '../../modules/orders/documents.ts';
import { linesOfOrders } from '../../modules/orders/repository.ts';
import { shipmentsOfOrders, shippedQuantities } from '../../modules/orders/shipments.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { returnRequestedMail } from '../../modules/returns/mails.ts';
import { presentReturn } from '../../modules/returns/present.ts';
import { askedQuantities, insertReturn } from '../../modules/returns/repository.ts';
import { checkRequestLines, type ReturnableLine } from '../../modules/returns/rules.ts';
import { mailCustomer } from '../steps/payment-deps.ts';
import type { ReturnDeps } from './deps.ts';

/** Return numbers: RMA-2026-000001, gap-free per year as invoices are. */
export const RETURN_PREFIX = 'RMA';

/**
 * Asks to return shipped parts of an order (its buyer or a member of its company: the guard
 * checked). Under the order's lock, so two requests at once cannot both ask for the last piece:
 * each line at most what shipped less what is returned or asked for already, and after
 * RETURN_DAYS from its last shipment only under warranty. Numbered in the same transaction.
 */
export async function requestReturn(
  deps: ReturnDeps,
  user: CurrentUser,
  orderId: string,
  input: ReturnRequestInput & { note: string },
) {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    const [lines, shipped, asked, shipments] = await Promise.all([
      linesOfOrders(tx, [orderId]).then((m) => m.get(orderId) ?? []),
      shippedQuantities(tx, orderId),
      askedQuantities(tx, orderId),
      shipmentsOfOrders(tx, [orderId]).then((m) => m.get(orderId) ?? []),
    ]);
    const lastShipped = new Map<number, Date>();
    for (const shipment of shipments) {
      for (const line of shipment.lines) lastShipped.set(line.lineNo, shipment.createdAt);
    }
    const returnable: ReturnableLine[] = lines.map((line) => ({
      lineNo: line.lineNo,
      productId: line.productId,
      sku: line.sku,
      name: line.productName,
      unitPriceCents: line.unitPriceCents,
      shipped: shipped.get(line.lineNo) ?? 0,
      asked: asked.get(line.lineNo) ?? 0,
      lastShippedAt: lastShipped.get(line.lineNo),
    }));
    const now = new Date();
    const returnLines = checkRequestLines(input.lines, returnable, {
      days: deps.returnDays,
      now,
    });
    const number = await nextDocumentNumber(tx, 'return', RETURN_PREFIX, now);
    const created = await insertReturn(
      tx,
      {
        number,
        orderId,
        orderNumber: order.number,
        orderUserId: order.userId,
        requestedById: user.id,
        requestedByEmail: user.email,
        requestedByName: user.name,
        companyId: order.companyId,
        note: input.note,
      },
      returnLines,
    );
    await addOrderEvent(
      tx,
      orderId,
      'return_requested',
      `${number}: ${returnLines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}`,
    );
    return created;
  });
  const out = await presentReturn(deps.db, row);
  mailCustomer(deps, returnRequestedMail(out), orderId);
  return out;
}
