import type { Product } from '../../contract/catalog.ts';
import { ToolCard, type CardCart } from './tool-card.tsx';

/** `eager`: how many cards open the first screenful (their images load at once, not lazily). */
export function ToolGrid({
  tools,
  className,
  eager = 0,
  cart,
}: {
  tools: Product[];
  className: string;
  eager?: number;
  cart?: CardCart;
}) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {tools.map((tool, i) => (
        <li key={tool._id} className="flex [&>article]:w-full">
          <ToolCard tool={tool} eager={i < eager} cart={cart} />
        </li>
      ))}
    </ul>
  );
}
