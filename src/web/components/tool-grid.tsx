import type { Product } from '../../contract/catalog.ts';
import type { ListedProduct } from '../../contract/catalog-list.ts';
import { ToolCard, type CardCart } from './tool-card.tsx';

/** `eager`: how many cards open the first screenful (their images load at once, not lazily). */
export function ToolGrid({
  tools,
  className,
  eager = 0,
  cart,
  rowsOnPhone = false,
}: {
  /** A list's entries may be families shown once (`variantCount`). */
  tools: (Product | ListedProduct)[];
  className: string;
  eager?: number;
  cart?: CardCart;
  /** Compact rows below `md`, as the shop's lists show them (see ToolCard). */
  rowsOnPhone?: boolean;
}) {
  return (
    <ul className={`grid ${rowsOnPhone ? 'gap-2 md:gap-6' : 'gap-6'} ${className}`}>
      {tools.map((tool, i) => (
        <li key={tool._id} className="flex [&>article]:w-full">
          <ToolCard tool={tool} eager={i < eager} cart={cart} rowOnPhone={rowsOnPhone} />
        </li>
      ))}
    </ul>
  );
}
