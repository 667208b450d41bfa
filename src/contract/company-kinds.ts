// Kept apart from the companies' and quotes' schemas so the database schema shares them.

/** What a member of a company may do: the owner and admins manage it; buyers order. */
export const companyRoles = ['owner', 'admin', 'buyer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

/** What an entry of a company's credit ledger records. */
export const creditEntryTypes = ['charge', 'payment', 'credit_note', 'adjustment'] as const;
export type CreditEntryType = (typeof creditEntryTypes)[number];

/**
 * Where a quote stands as stored. A quoted quote past its expiresAt is answered as `expired`
 * (see quoteStatuses), without a write.
 */
export const quoteStates = ['requested', 'quoted', 'accepted', 'declined'] as const;
export const quoteStatuses = [...quoteStates, 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** How an order is paid: by card, or charged to the company's account on its terms. */
export const paymentMethods = ['card', 'account'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
