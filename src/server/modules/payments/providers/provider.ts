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
  /**
   * The card a succeeded intent was paid with, when the buyer asked to keep it (Stripe's
   * `setup_future_usage`); null otherwise.
   */
  keptCard: (intentId: string) => Promise<CardOnFile | null>;
  /** A new customer at the provider for a shop account (Stripe's Customer). */
  createCustomer: (input: { userId: string; email: string }) => Promise<string>;
  /** Attaches a kept card to the account's customer, so it can pay again. */
  attachCard: (methodRef: string, customerRef: string) => Promise<void>;
  /** Detaches a card so it can pay nothing more; one the provider does not know counts. */
  detachCard: (methodRef: string) => Promise<void>;
  /**
   * Confirms an intent with a kept card, the buyer present. `requires_action`: the bank asks
   * for 3-D Secure, done in the browser with the intent's client secret. A decline throws
   * AppError('payment_failed') with the bank's words, as a new card's does.
   */
  confirmWithCard: (input: {
    intentId: string;
    methodRef: string;
    customerRef: string;
  }) => Promise<'succeeded' | 'requires_action'>;
};

/** What a provider tells of a card: never its number. */
export type CardOnFile = {
  methodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
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
