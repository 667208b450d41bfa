// Shapes what is typed into the test card form the way a card reads, while typing.

/** Digits in groups of four, as printed on the card. */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * MM/YY with the slash added for the user: a numeric keypad has none. Browser autofill may
 * hand over MM/YYYY, which becomes MM/YY.
 */
export function formatExpiry(value: string) {
  const filled = /^(\d{1,2})\s*\/\s*\d{0,2}(\d{2})$/.exec(value.trim());
  if (filled) return `${(filled[1] ?? '').padStart(2, '0')}/${filled[2] ?? ''}`;
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string) => value.replace(/\D/g, '').slice(0, 4);
