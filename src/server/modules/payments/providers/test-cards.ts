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
