/** What the shop needs from a card processor; `stripe` and `test` implement it. */
export type PaymentProvider = {
  kind: 'stripe' | 'test';
  /**
   * Creates an intent to charge `amountCents`, or returns the order's live one again (same
   * client secret): an order never has two intents that could both take money. `current` is
   * the intent the order last noted, if any. The customer's email goes with it, so a refund
   * can be mailed even if the order is gone by then.
   */
  createIntent: (input: {
    orderId: string;
    amountCents: number;
    customerEmail: string;
    current?: string | null;
  }) => Promise<{
    id: string;
    clientSecret: string;
  }>;
  /** The provider's own account of an intent, or null when it does not know the id. */
  retrieveIntent: (id: string) => Promise<VerifiedIntent | null>;
  /**
   * Cancels an intent that has not taken money, so that it never can. Repeating it changes
   * nothing; an id the provider does not know counts as cancelled (it can charge nothing).
   */
  cancelIntent: (id: string) => Promise<CancelOutcome>;
  /** Gives back the whole amount of a succeeded intent; repeating it refunds nothing more. */
  refund: (id: string) => Promise<void>;
  /**
   * Gives back part of a succeeded intent (a credit note's amount). The same key again refunds
   * nothing more; it throws when the intent has less left to give back than asked.
   */
  refundPart: (id: string, part: { amountCents: number; key: string }) => Promise<void>;
};

export type IntentStatus =
  'succeeded' | 'processing' | 'requires_payment_method' | 'canceled' | 'other';

export type VerifiedIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  orderId: string | null;
  customerEmail: string | null;
};

/**
 * `canceled` when the intent is (now or already) cancelled. Otherwise the status that kept it
 * from being cancelled; for a succeeded one, whether its money has been given back already.
 */
export type CancelOutcome = { status: IntentStatus; refunded: boolean };
