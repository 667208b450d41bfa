import { formatAddressLines } from '../../../contract/addresses.ts';
import { REVERSE_CHARGE_TEXT } from '../../../contract/order-totals.ts';
import type { orderLines, orders, shopSettings } from '../../db/schema.ts';
import type { InvoiceDocument } from './document.ts';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type ShopRow = typeof shopSettings.$inferSelect;

export type DocumentKind = InvoiceDocument['kind'];

/**
 * The invoice or credit note of an order, from the copies it kept when it was priced (its
 * addresses, lines, shipping and tax). The seller is the shop's details as they are now: the
 * order keeps no copy of them. A credit note says "Refunded" on the day the refund went
 * through (`refundedAt`), none while it has not. Undefined when the order has no such document
 * (yet).
 */
export function documentOfOrder(
  kind: DocumentKind,
  order: OrderRow,
  lines: LineRow[],
  shop: ShopRow,
  refundedAt: Date | null = null,
): InvoiceDocument | undefined {
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
      company: order.buyerCompany,
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
  if (kind === 'invoice') {
    if (!order.invoiceNumber) return undefined;
    const date = order.invoicedAt ?? order.paidAt ?? order.createdAt;
    // On account the invoice is not paid when it is issued: it is due (base.dueAt).
    const paidAt = base.dueAt ? null : order.paidAt;
    return { ...base, kind, number: order.invoiceNumber, date, paidAt };
  }
  if (!order.creditNoteNumber) return undefined;
  const date = order.creditedAt ?? order.cancelledAt ?? order.createdAt;
  return {
    ...base,
    kind,
    number: order.creditNoteNumber,
    date,
    paidAt: refundedAt,
    invoiceNumber: order.invoiceNumber ?? '',
    reason: order.cancelReason ?? '',
  };
}
