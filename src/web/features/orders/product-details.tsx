import { backorderText } from '../../../contract/backorder-text.ts';
import type { Product } from '../../../contract/catalog.ts';
import { ProductPicture } from '../../components/picture.tsx';
import { PriceLadder } from '../../components/price-ladder.tsx';
import { buyingRuleText } from '../../lib/ladder-text.ts';

/** The product being ordered: the purchase page's main image is its largest paint. */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <div className="flex flex-col gap-4">
      <ProductPicture src={product.img} name={product.name} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{product.name}</h1>
        <span className="badge badge-secondary badge-lg">In-Stock: {product.stock} ps</span>
        {product.backorder.allowed && (
          <span className="badge badge-info badge-lg">
            {backorderText(product.backorder.expectedAt)}
          </span>
        )}
      </div>
      {product.backorder.allowed && (
        <p className="text-sm">More than the stock can be ordered: the rest is backordered.</p>
      )}
      <p className="font-mono text-base-content/80">SKU {product.sku}</p>
      <p className="leading-relaxed">{product.desc}</p>
      <PriceLadder product={product} />
      <p className="text-base-content/80">{buyingRuleText(product)}</p>
    </div>
  );
}
