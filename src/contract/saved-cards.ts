import { z } from 'zod';

/**
 * A card the buyer kept at payment: what the provider tells of it, never its number.
 * `expired`: past its month, so it cannot pay any more (the buyer may remove it).
 */
export const savedCard = z.object({
  _id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const savedCardList = z.object({ data: z.array(savedCard) });

export const savedCardRemoved = z.object({ deleted: z.literal(true), _id: z.string() });

/** Pay an order with a kept card, in one click: the order's intent is confirmed with it. */
export const savedCardPayInput = z.object({
  orderId: z.string().max(100),
  cardId: z.string().max(100),
});

/**
 * `succeeded`: report it as any payment (PATCH /order/{id}). `requires_action`: the bank asks
 * for 3-D Secure first, through the client secret (Stripe.js, or the test processor's page).
 */
export const savedCardPayResult = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
});
export type SavedCardPayResult = z.infer<typeof savedCardPayResult>;

/** How a card reads to a person: "Visa ending in 4242, expires 12/34". */
export const cardBrandName = (brand: string) =>
  (
    ({
      visa: 'Visa',
      mastercard: 'Mastercard',
      amex: 'American Express',
      discover: 'Discover',
      diners: 'Diners Club',
      jcb: 'JCB',
      unionpay: 'UnionPay',
    }) as Record<string, string>
  )[brand] ?? 'Card';

export const cardExpiry = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${cardBrandName(card.brand)} ending in ${card.last4}`;
