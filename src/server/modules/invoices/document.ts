// What an invoice or credit note says, as it was when it was issued. The server fills it from the
// order's checkout copies (never from today's catalog or settings), so a document rendered again
// years later reads the same.

export interface InvoiceSeller {
  legalName: string;
  addressLines: string[];
  vatId: string;
}

export interface InvoiceBuyer {
  name: string;
  company: string;
  email: string;
  /** Empty when the account has none: the line is left out. */
  vatId: string;
  billingAddressLines: string[];
}

export interface InvoiceLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface InvoiceTaxLine {
  name: string;
  /** Integer milli-percent: 20.5% is 20500, 8.875% is 8875. */
  rateMilli: number;
  amountCents: number;
}

interface DocumentBase {
  /** 'INV-2026-000123' or 'CN-2026-000004'. */
  number: string;
  /** The day it was issued; also the PDF's creation date. */
  date: Date;
  orderNumber: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  shipToLines: string[];
  lines: InvoiceLine[];
  subtotalCents: number;
  shippingCents: number;
  shippingMethodName: string | null;
  tax: InvoiceTaxLine[];
  grandTotalCents: number;
  /** An invoice: when the order was paid. A credit note: when the refund was made. */
  paidAt: Date | null;
  reverseCharge: boolean;
  /** The contract's sentence, printed when `reverseCharge` is set. */
  reverseChargeText: string;
  taxExemptCertificate?: string | null;
  /** The buyer's purchase-order number, when they gave one. */
  poNumber?: string | null;
  /** Charged to the company's account: the invoice is due then (not paid by card). */
  dueAt?: Date | null;
}

/** Amounts are given as on the invoice (positive); a credit note prints them as credited. */
export type InvoiceDocument =
  | (DocumentBase & { kind: 'invoice' })
  | (DocumentBase & { kind: 'credit-note'; invoiceNumber: string; reason: string });
