import type { CartLine } from '../../../contract/cart.ts';
import { quantityProblem } from '../../../contract/price-ladder.ts';
import { draftQuantity } from '../../lib/quantity-steps.ts';

/** What the cart page knows of each line beyond the server's cart. */
export type LineState = {
  /** Typed in its field and not saved yet (refused, or not sent). */
  drafts: Readonly<Record<string, string>>;
  /** Lines whose new quantity, or removal, is on its way. */
  saving: ReadonlySet<string>;
  removing: ReadonlySet<string>;
};

/**
 * Why Checkout must wait, one sentence per line whose field does not show what the cart on the
 * server holds: checkout orders the server's cart, so it would order something not on screen.
 */
export function checkoutHolds(lines: readonly CartLine[], { drafts, saving, removing }: LineState) {
  return lines.flatMap((line) => {
    if (removing.has(line.productId)) return [`${line.name}: being taken out of your cart…`];
    if (saving.has(line.productId)) return [`${line.name}: saving the new quantity…`];
    const draft = drafts[line.productId];
    if (draft === undefined) return [];
    if (draft.trim() === '') return [`${line.name}: type a quantity, or press Escape.`];
    const problem = quantityProblem(line, draftQuantity(draft));
    if (problem) return [`${line.name}: ${draft.trim()} cannot be ordered. ${problem}.`];
    return [
      `${line.name}: ${draft.trim()} is not saved yet. Press Enter to save it, or Escape to keep ${line.quantity}.`,
    ];
  });
}
