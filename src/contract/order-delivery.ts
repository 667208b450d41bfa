import { z } from 'zod';
import { orderAddress } from './addresses.ts';
import { paymentMethods } from './company-kinds.ts';
import { poNumberField } from './credit.ts';
import { orderEvents } from './order-events.ts';

// What an order says about its delivery: where it goes, what shipping and tax cost, its
// invoice and credit note, its parcels and its history. Money in dollars.

/** One tax line: the rate's name, the rate in percent (up to 3 decimals), the amount. */
export const taxLine = z.object({
  name: z.string(),
  rate: z.number().describe('percent, up to 3 decimals'),
  amount: z.number().describe('dollars: each line taxed and rounded once, plus shipping'),
});
export type TaxLine = z.infer<typeof taxLine>;

/** A parcel sent for an order. */
export const shipment = z.object({
  _id: z.string(),
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Shipment = z.infer<typeof shipment>;

export const creditNoteKinds = ['cancelled', 'return'] as const;

/** A credit note as an order shows it; money in dollars. */
export const creditNote = z.object({
  number: z.string().describe("'CN-2026-000004'"),
  issuedAt: z.iso.datetime(),
  kind: z
    .enum(creditNoteKinds)
    .describe("'cancelled': lines (or the whole order) cancelled before shipping; 'return'"),
  reason: z.string(),
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  subtotal: z.number(),
  shipping: z.number().describe('dollars: the shipping given back (0 unless nothing had shipped)'),
  tax: z.array(taxLine),
  total: z.number().describe('dollars given back'),
  refund: z
    .enum(['card', 'account'])
    .describe("'card': refunded through the card's provider; 'account': credited to the company"),
  refundedAt: z.iso
    .datetime()
    .nullable()
    .describe('when the card was refunded or the account credited; null while it is owed'),
});
export type CreditNote = z.infer<typeof creditNote>;

/** GET /orders/{id}/credit-notes/{number}. */
export const creditNoteParams = z.object({
  id: z.string().max(100),
  number: z.string().max(40),
});

export const timelineEntry = z.object({
  at: z.iso.datetime(),
  event: z.enum(orderEvents),
  detail: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** The fields issue 22 adds to an order. */
export const orderDelivery = z.object({
  shippingAddress: orderAddress.nullable().describe('null until a ship-to address is chosen'),
  billingAddress: orderAddress.nullable(),
  shippingMethod: z.object({ name: z.string(), price: z.number() }).nullable(),
  subtotal: z.number().describe('dollars: the goods, the same as totalPrice'),
  shipping: z.number().describe('dollars'),
  tax: z.array(taxLine),
  taxTotal: z.number(),
  grandTotal: z.number().describe('dollars: subtotal + shipping + taxTotal; what is charged'),
  reverseCharge: z.boolean(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z
    .string()
    .nullable()
    .describe('the credit note that cancelled the whole order; see creditNotes for all'),
  creditNotes: z.array(creditNote).describe('what was given back, oldest first'),
  paymentMethod: z
    .enum(paymentMethods)
    .describe("'account': charged to the company's account on its terms, not paid by card"),
  poNumber: z.string().nullable().describe("the buyer's purchase-order number, on the invoice"),
  dueAt: z.iso.datetime().nullable().describe('on account: when the invoice is due'),
  shipments: z.array(shipment),
  timeline: z.array(timelineEntry),
});

/** PUT /orders/{id}/shipping: where an unpaid order goes and how. */
export const orderShippingInput = z.object({
  shippingAddressId: z.string({ error: 'Choose where to ship' }).max(100),
  shippingMethodId: z.string({ error: 'Choose a shipping method' }).max(100),
});
export type OrderShippingInput = z.infer<typeof orderShippingInput>;

/** POST /checkout's body: the ship-to address, the method and, when it differs, the billing address. */
export const checkoutInput = z.object({
  shippingAddressId: z.string({ error: 'Choose where to ship' }).max(100),
  shippingMethodId: z.string({ error: 'Choose a shipping method' }).max(100),
  billingAddressId: z.string().max(100).optional(),
  paymentMethod: z.enum(paymentMethods).default('card'),
  poNumber: poNumberField.optional(),
  shipTogether: z
    .boolean()
    .default(false)
    .describe(
      'backordered lines: true ships everything together once all is in; false (default) ships what is in stock now and the rest when it arrives',
    ),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

// At most this many lines in one parcel or one cancel.
const MAX_SHIPMENT_LINES = 200;

/** Some pieces of one line of an order, by its product: what a parcel or a cancel takes. */
const piecesOfLine = z.object({
  productId: z.string().max(100),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1'),
});

/** POST /orders/{id}/shipments (admin). */
export const shipmentInput = z.object({
  lines: z.array(piecesOfLine).min(1, 'Choose at least one line to ship').max(MAX_SHIPMENT_LINES),
  carrier: z.string().trim().min(1, 'Enter the carrier').max(60),
  trackingNumber: z.string().trim().min(1, 'Enter the tracking number').max(100),
  trackingUrl: z
    .url({ protocol: /^https?$/, error: 'Enter the tracking link as an http(s) address' })
    .max(500)
    .optional(),
});
export type ShipmentInput = z.infer<typeof shipmentInput>;

/**
 * PATCH /orders/{id}/ship (admin): ships everything left in one parcel. Carrier and tracking are
 * optional there (Manage All Orders sends no body: the shop's own delivery).
 */
export const shipRestInput = shipmentInput
  .omit({ lines: true })
  .partial()
  // A PATCH without a body reaches the schema as null.
  .nullish()
  .describe('optional: carrier and tracking of the one parcel');
export type ShipRestInput = z.infer<typeof shipRestInput>;

/**
 * POST /orders/{id}/cancel: the whole order (the shop, with why), or `lines`: some pieces of the
 * lines that have not shipped (the shop any; the buyer those waiting on backorder).
 */
export const cancelInput = z
  .object({
    reason: z.string().trim().min(1, 'Say why the order is cancelled').max(500).optional(),
    lines: z
      .array(piecesOfLine)
      .min(1, 'Choose at least one line to cancel')
      .max(MAX_SHIPMENT_LINES)
      .optional(),
  })
  .refine((input) => input.lines !== undefined || input.reason !== undefined, {
    message: 'Say why the order is cancelled',
    path: ['reason'],
  });
export type CancelInput = z.infer<typeof cancelInput>;
