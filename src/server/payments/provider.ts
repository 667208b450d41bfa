/** What the shop needs from a card processor; `stripe` and `test` implement it. */
export type PaymentProvider = {
  kind: 'stripe' | 'test';
  /** Creates (or, for the same order, returns again) an intent to charge `amountCents`. */
  createIntent: (input: { orderId: string; amountCents: number }) => Promise<{
    id: string;
    clientSecret: string;
  }>;
  /** The provider's own account of an intent, or null when it does not know the id. */
  retrieveIntent: (id: string) => Promise<VerifiedIntent | null>;
};

export type VerifiedIntent = {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'canceled' | 'other';
  amountCents: number;
  currency: string;
  orderId: string | null;
};
