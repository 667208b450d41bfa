import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { sitePaths } from '../../contract/site-paths.ts';

/** The cart page's and the checkout's empty state: where to find parts. */
export function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-10 text-center">
      <ShoppingCart size={40} className="text-base-content/50" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Your cart is empty</h2>
      <p>Add parts from the shop, or paste a list of SKUs and quantities.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={sitePaths.shop} className="btn btn-primary">
          Browse the shop
        </Link>
        <Link to={sitePaths.quickOrder} className="btn btn-outline">
          Quick order
        </Link>
      </div>
    </div>
  );
}
