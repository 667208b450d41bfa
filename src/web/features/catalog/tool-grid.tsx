import type { Product } from '../../../contract/catalog.ts';
import { ToolCard } from './tool-card.tsx';

export function ToolGrid({ tools, className }: { tools: Product[]; className: string }) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {tools.map((tool) => (
        <li key={tool._id} className="flex [&>article]:w-full">
          <ToolCard tool={tool} />
        </li>
      ))}
    </ul>
  );
}
