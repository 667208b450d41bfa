import type { Product } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { ladderText } from '../../../contract/price-ladder.ts';
import { buyingRuleText } from '../../lib/ladder-text.ts';

/** The product being ordered: the purchase page's main image is its largest paint. */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <div className="flex flex-col gap-4">
      <figure className="rounded-box bg-base-200 p-4">
        <img
          src={product.img}
          alt={product.name}
          width={600}
          height={450}
          fetchPriority="high"
          decoding="async"
          className="h-auto max-h-96 w-full object-contain"
        />
      </figure>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{product.name}</h1>
        <span className="badge badge-secondary badge-lg">In-Stock: {product.stock} ps</span>
      </div>
      <p className="font-mono text-base-content/80">SKU {product.sku}</p>
      <p className="leading-relaxed">{product.desc}</p>
      <p className="text-2xl font-semibold">
        <span className="sr-only">Price: </span>
        {formatDollars(product.price)}
        <span className="text-base font-normal"> per piece</span>
      </p>
      <p>
        <span className="font-medium">Bulk prices: </span>
        {ladderText(product.tiers)}
      </p>
      <p className="text-base-content/80">{buyingRuleText(product)}</p>
    </div>
  );
}
