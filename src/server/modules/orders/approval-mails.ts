import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { composeMail, orderRef } from '../../mail/compose.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { customer, orderTable, orderTitle, quoteIt, seeOrder } from './mails.ts';

// The buyer hears how their company decided on an order that waited for approval.

/** "25 Nov 2026, 14:05 UTC": when the hold of an approved order ends. */
const holdEnd = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

/** Approved: charged to the account already (placed so), or to be paid before the hold ends. */
export const orderApprovedMail = (order: Order, approver: string) =>
  composeMail(customer(order), `${orderRef(order.number)} approved: ${orderTitle(order)}`, {
    heading: `${orderRef(order.number)} is approved`,
    paragraphs: [
      `${approver} approved ${orderRef(order.number)} (${formatDollars(order.grandTotal)}).`,
    ],
    table: orderTable(order),
    after: [
      order.paid
        ? `It is charged to your company's account${order.invoiceNumber ? ` on invoice ${order.invoiceNumber}` : ''}; we ship it from here.`
        : `Pay for it from My Orders in your dashboard${order.expiresAt ? ` by ${holdEnd(order.expiresAt)}` : ''}; we hold the parts until then and ship once it is paid.`,
      quoteIt(order),
    ],
    action: seeOrder(order._id),
  });

/** Rejected: the parts went back on the shelf; the reason, when one was given. */
export const orderRejectedMail = (order: Order, approver: string, reason: string | undefined) =>
  composeMail(customer(order), `${orderRef(order.number)} rejected: ${orderTitle(order)}`, {
    heading: `${orderRef(order.number)} was not approved`,
    paragraphs: [
      `${approver} rejected ${orderRef(order.number)}.`,
      ...(reason ? [`The reason given: ${reason}`] : []),
    ],
    table: orderTable(order),
    after: [
      'The parts are no longer reserved for you and nothing is charged. Ask them, or place a smaller order.',
      quoteIt(order),
    ],
    action: seeOrder(order._id),
  });

/** To the company's owner and each admin: an order waits for one of them to decide it. */
export const approvalNeededMail = (to: { email: string; name: string }, order: Order) =>
  composeMail(to, `${orderRef(order.number)} waits for your approval: ${orderTitle(order)}`, {
    heading: `${orderRef(order.number)} waits for your approval`,
    paragraphs: [
      `${order.userName} (${order.email}) ordered these parts: ${formatDollars(order.grandTotal)} in all, over their spending limit.`,
    ],
    table: orderTable(order),
    after: [
      `Approve or reject it under Approvals in your dashboard${order.expiresAt ? ` by ${holdEnd(order.expiresAt)}` : ''}; we hold the parts until then, and the order expires if nobody decides.`,
      quoteIt(order),
    ],
    action: { label: 'Open Approvals', url: sitePaths.approvals },
  });
