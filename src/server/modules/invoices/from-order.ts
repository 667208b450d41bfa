import { formatAddressLines } from '../../../contract/addresses.ts';
import { REVERSE_CHARGE_TEXT } from '../../../contract/order-totals.ts';
import type { orderLines, orders, shopSettings } from '../../db/schema.ts';
import type { InvoiceDocument } from './document.ts';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type ShopRow = typeof shopSettings.$inferSelect;

/**
 * What an order's documents share, from the copies it kept when it was priced (its addresses,
 * lines, shipping and tax). The seller is the shop's details as they are now: the order keeps no
 * copy of them.
 */
function documentBase(order: OrderRow, lines: LineRow[], shop: ShopRow) {
  const billTo = order.billingAddress ?? order.shippingAddress;
  const base = {
    orderNumber: order.number,
    seller: {
      legalName: shop.legalName,
      addressLines: formatAddressLines(shop.address),
      vatId: shop.vatId,
    },
    buyer: {
      name: billTo?.name || order.userName,
      // The company the buyer bought for (a trade account's), else the billing address's own:
      // a card order by a workshop with no trade account still bills its company.
      company: order.buyerCompany || billTo?.company || '',
      email: order.email,
      vatId: order.buyerVatId,
      // The name and company are printed above the address already.
      billingAddressLines: billTo ? formatAddressLines({ ...billTo, name: '', company: '' }) : [],
    },
    shipToLines: order.shippingAddress ? formatAddressLines(order.shippingAddress) : [],
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.productName,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: order.totalCents,
    shippingCents: order.shippingCents,
    shippingMethodName: order.shippingMethodName,
    tax: order.tax,
    grandTotalCents: order.grandTotalCents,
    reverseCharge: order.reverseCharge,
    reverseChargeText: REVERSE_CHARGE_TEXT,
    taxExemptCertificate: order.taxExemptCertificate,
    poNumber: order.poNumber,
    dueAt: order.paymentMethod === 'account' ? order.dueAt : null,
  };
  return base;
}

/** The invoice of an order; undefined while it has none. */
export function invoiceOfOrder(
  order: OrderRow,
  lines: LineRow[],
  shop: ShopRow,
): InvoiceDocument | undefined {
  if (!order.invoiceNumber) return undefined;
  const base = documentBase(order, lines, shop);
  const date = order.invoicedAt ?? order.paidAt ?? order.createdAt;
  // On account the invoice is not paid when it is issued: it is due (base.dueAt).
  const paidAt = base.dueAt ? null : order.paidAt;
  return { ...base, kind: 'invoice', number: order.invoiceNumber, date, paidAt };
}

/** The credit-note side of a document: what one note gave back, line by line. */
export type CreditedPart = {
  number: string;
  issuedAt: Date;
  reason: string;
  refund: 'card' | 'account';
  refundedAt: Date | null;
  lines: { lineNo: number; quantity: number; lineTotalCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  tax: InvoiceDocument['tax'];
  totalCents: number;
};

/**
 * One credit note of an order: the lines and money it gave back, the order's parties and
 * addresses. It says "Refunded" on the day the money went back, none while it is owed.
 */
export function documentOfCreditNote(
  order: OrderRow,
  lines: LineRow[],
  shop: ShopRow,
  note: CreditedPart,
): InvoiceDocument {
  return {
    ...documentBase(order, lines, shop),
    kind: 'credit-note',
    number: note.number,
    date: note.issuedAt,
    // On account the note is credited, not refunded: the PDF says so (base.dueAt).
    paidAt: note.refund === 'card' ? note.refundedAt : null,
    lines: note.lines.map((credited) => {
      const line = lines.find((l) => l.lineNo === credited.lineNo);
      return {
        sku: line?.sku ?? '',
        name: line?.productName ?? '',
        quantity: credited.quantity,
        unitPriceCents: line?.unitPriceCents ?? 0,
        lineTotalCents: credited.lineTotalCents,
      };
    }),
    subtotalCents: note.subtotalCents,
    shippingCents: note.shippingCents,
    tax: note.tax,
    grandTotalCents: note.totalCents,
    invoiceNumber: order.invoiceNumber ?? '',
    reason: note.reason,
  };
}
