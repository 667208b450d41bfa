import type { Product } from '../../../contract/catalog.ts';
import { ToolGrid } from '../../components/tool-grid.tsx';
import { useCardAddToCart } from '../catalog/add-to-cart-api.ts';

/** Cycle Tools' cards with Add to cart; loaded below the fold, so the cart's code is too. */
export function CycleToolGrid({ tools }: { tools: Product[] }) {
  const cart = useCardAddToCart();
  return <ToolGrid tools={tools} className="grid-cols-1 md:grid-cols-2" cart={cart} />;
}
