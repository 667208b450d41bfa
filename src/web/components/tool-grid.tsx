import type { Product } from '../../contract/catalog.ts';
import { ToolCard } from './tool-card.tsx';

/** `eager`: how many cards open the first screenful (their images load at once, not lazily). */
export function ToolGrid({
  tools,
  className,
  eager = 0,
}: {
  tools: Product[];
  className: string;
  eager?: number;
}) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {tools.map((tool, i) => (
        <li key={tool._id} className="flex [&>article]:w-full">
          <ToolCard tool={tool} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
