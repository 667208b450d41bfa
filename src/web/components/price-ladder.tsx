import type { Product } from '../../contract/catalog.ts';
import { formatDollars } from '../../contract/money.ts';
import { ladderText } from '../../contract/price-ladder.ts';

/**
 * The price per piece and the bulk prices under it, as the product page, the purchase page and
 * the shop's cards show them. `compact` is the card's size, whose bulk prices go unlabelled
 * on screen (the list of tiers reads as prices there).
 */
export function PriceLadder({ product, compact = false }: { product: Product; compact?: boolean }) {
  const perPiece = compact ? 'text-sm font-normal' : 'text-base font-normal';
  return (
    <>
      <p className={compact ? 'text-lg font-semibold' : 'text-2xl font-semibold'}>
        <span className="sr-only">Price: </span>
        {formatDollars(product.price)}
        <span className={perPiece}> per piece</span>
      </p>
      <p className={compact ? 'text-sm' : undefined}>
        <span className={compact ? 'sr-only' : 'font-medium'}>Bulk prices: </span>
        {ladderText(product.tiers)}
      </p>
    </>
  );
}
