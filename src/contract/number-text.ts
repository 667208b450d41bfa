// Numbers as the shop writes them (en-US: 1,234), without Intl. A phone's first Intl formatter
// loads the locale's data on the main thread: on the product page that was the longest task.

/** A whole number with its thousands grouped: 1234567 is "1,234,567", -1234 is "-1,234". */
export const groupDigits = (whole: number) =>
  String(Math.trunc(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
