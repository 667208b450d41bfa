/**
 * Stripe's documented test cards and messages, for the built-in processor. Anything that
 * passes the Luhn check and is not listed here succeeds, as in Stripe's test mode.
 */
const declines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

export function luhnValid(number: string) {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The decline message for this card, or null when the charge goes through. */
export function testCardOutcome(card: { number: string; expiry: string }, now = new Date()) {
  if (!luhnValid(card.number)) return 'Your card number is invalid.';
  const [month = 0, year = 0] = card.expiry.split('/').map((part) => Number(part.trim()));
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  if (endOfMonth <= now) return "Your card's expiration year is in the past.";
  return declines[card.number] ?? null;
}

/** Stripe's 3-D Secure test cards: the bank asks the buyer to confirm the payment. */
const authenticate: Record<string, 'always' | 'unless_kept'> = {
  // "Always authenticate": every payment, a kept card's too.
  '4000002760003184': 'always',
  '4000000000003220': 'always',
  // "Authenticate unless set up": once kept, it pays without asking again.
  '4000002500003155': 'unless_kept',
};

/** Stripe's card that is kept without trouble, and whose later charges are declined. */
const declinesOnceKept: Record<string, string> = {
  '4000000000000341': 'Your card was declined.',
};

/** What Stripe says when the buyer fails (or closes) the 3-D Secure page. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The card network, by the number's first digits, as Stripe names it. */
export function cardBrand(number: string) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/**
 * What the processor keeps of a card (a PaymentMethod): never the number, only what shows
 * and how the test card behaves later.
 */
export function testPaymentMethodOf(card: { number: string; expiry: string }) {
  const [month = 0, year = 0] = card.expiry.split('/').map((part) => Number(part.trim()));
  return {
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    expMonth: month,
    expYear: 2000 + year,
    alwaysAuthenticate: authenticate[card.number] === 'always',
    laterDecline: declinesOnceKept[card.number] ?? null,
    // For this payment, as a new card.
    authenticateNow: authenticate[card.number] !== undefined,
  };
}

/** A kept card past the end of its expiry month is declined, as a bank does. */
export const cardExpired = (card: { expMonth: number; expYear: number }, now = new Date()) =>
  new Date(Date.UTC(card.expYear, card.expMonth, 1)) <= now;
