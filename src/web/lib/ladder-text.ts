/** How a product is sold, in words: "Minimum 10" or "Minimum 36, in packs of 36". */
export const buyingRuleText = ({ moq, packSize }: { moq: number; packSize: number }) =>
  packSize > 1 ? `Minimum ${moq}, in packs of ${packSize}` : `Minimum ${moq}`;
