import { z } from 'zod';

/** POST /create-payment-intent. The spec sends totalPrice; the server ignores it. */
export const paymentIntentInput = z.object({
  orderId: z.string().max(100),
  totalPrice: z.number().optional().describe('ignored: the amount comes from the order'),
});

export const paymentIntentResult = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test']),
  amountTotal: z.number().describe('dollars'),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResult>;

/** PATCH /order/{id}: the client reports a payment; the server verifies it with the provider. */
export const recordPaymentInput = z.object({
  orderId: z.string().max(100).optional(),
  transactionId: z.string().min(1).max(200),
  amountTotal: z.number().optional().describe('ignored: the provider says what was paid'),
  keepCard: z
    .boolean()
    .optional()
    .describe('keep the card this payment was made with, when it was confirmed to be kept'),
});

/** The built-in test processor's card form (Stripe's test cards). */
export const testCardInput = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  /** "Keep this card for next orders": Stripe's setup_future_usage. */
  keepCard: z.boolean().optional(),
});
export type TestCardInput = z.input<typeof testCardInput>;

/** `requires_action`: the card's bank asks for 3-D Secure before it is charged. */
export const testCardResult = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  paymentIntentId: z.string(),
});
export type TestCardResult = z.infer<typeof testCardResult>;

/** What the shop answers the provider's webhook: received, and whether it had seen the event. */
export const webhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The built-in processor's 3-D Secure page: the buyer completes it, or fails it. */
export const testAuthenticateInput = z.object({
  clientSecret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});
