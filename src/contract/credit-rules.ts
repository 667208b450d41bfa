import { centsToDollars, formatDollars } from './money.ts';

// A company's credit in whole cents, written once: the server checks charges and payments with
// it, the pages show its figures. The balance is what the company owes; below zero it is a
// credit balance (the company paid more than it owed), which the next invoices use up.

/** A payment over this needs confirming: $100,000. */
export const LARGE_PAYMENT_CENTS = 10_000_000;

/** A payment over this many times what the company owes needs confirming. */
export const LARGE_PAYMENT_MULTIPLE = 10;

/** What the company owes: its balance, or nothing while it has a credit balance. */
export const owedCents = (balanceCents: number) => Math.max(0, balanceCents);

/** The credit balance the company holds: what it paid beyond what it owed, else nothing. */
export const creditBalanceCents = (balanceCents: number) => Math.max(0, -balanceCents);

/**
 * What the company may still charge to its account: its limit less what it owes, never below
 * nothing and never above the limit. A credit balance pays the next invoices; it does not
 * raise the limit.
 */
export const availableCreditCents = ({
  creditLimitCents,
  balanceCents,
}: {
  creditLimitCents: number;
  balanceCents: number;
}) => Math.max(0, creditLimitCents - owedCents(balanceCents));

const money = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * Why a payment of `amountCents` needs `confirmLarge`, or undefined when it does not: over
 * $100,000, or over ten times what the company owes (anything, when it owes nothing). Such an
 * amount is more often a slip of the keyboard than money received.
 */
export function largePaymentReason(amountCents: number, balanceCents: number) {
  const owed = owedCents(balanceCents);
  if (amountCents > LARGE_PAYMENT_CENTS) {
    return `A payment of ${money(amountCents)} is over ${money(LARGE_PAYMENT_CENTS)}: check the amount and confirm it.`;
  }
  if (amountCents > LARGE_PAYMENT_MULTIPLE * owed) {
    const owes = owed === 0 ? 'the company owes nothing' : `the company owes ${money(owed)}`;
    return `A payment of ${money(amountCents)} is more than ten times what is owed (${owes}): check the amount and confirm it.`;
  }
  return undefined;
}

/** "$120.00", or "Credit balance $80.00" when the company is in credit: never a negative owed. */
export const balanceText = (balance: number) =>
  balance < 0 ? `Credit balance ${formatDollars(-balance)}` : formatDollars(balance);

/** A balance as a labelled figure: "Balance" $120.00, or "Credit balance" $80.00. */
export const balanceFigure = (balance: number) =>
  balance < 0
    ? { label: 'Credit balance', value: formatDollars(-balance) }
    : { label: 'Balance', value: formatDollars(balance) };
