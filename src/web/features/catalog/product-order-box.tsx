import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import {
  ladderInCents,
  lineTotalCents,
  quantityProblem,
  unitPriceCents,
} from '../../../contract/price-ladder.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { QuantityStepper } from '../../components/quantity-stepper.tsx';
import { draftQuantity, nextTierHint } from '../../lib/quantity-steps.ts';
import { useCardAddToCart } from './add-to-cart-api.ts';

/**
 * The product page's quantity (minimum, packs, the ladder's next step) and its Add to cart,
 * which adds the quantity shown: a typed one is taken when the field is left, which a click on
 * the button does first; one that cannot be ordered keeps the button off.
 */
export function ProductOrderBox({ product, soldOut }: { product: Product; soldOut: boolean }) {
  const cart = useCardAddToCart();
  const id = useId();
  const rule = { moq: product.moq, packSize: product.packSize };
  const [quantity, setQuantity] = useState(product.moq);
  const [draft, setDraft] = useState<string | null>(null);
  const adding = cart.addingId === product._id;

  const typed = draft === null ? undefined : draftQuantity(draft);
  const typedProblem = typed === undefined ? undefined : quantityProblem(rule, typed);
  // The number in the field, once it can be ordered: what the price and the add are for.
  const shown = typed !== undefined && !typedProblem ? typed : quantity;
  const unit = unitPriceCents(ladderInCents(product.tiers), shown);
  const hint = nextTierHint(rule, product.tiers, shown);

  return (
    <form
      // Sent by script; before it has loaded, the page's action adds it (docs/decisions/0018).
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        cart.add(product, shown);
      }}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <input type="hidden" name="productId" value={product._id} />
      <QuantityStepper
        inputName="quantity"
        name={product.name}
        rule={rule}
        quantity={quantity}
        draft={draft}
        // Beyond the stock of a part that allows backorders, the rest waits for the next delivery.
        stock={product.backorder.allowed ? Number.MAX_SAFE_INTEGER : product.stock}
        pending={false}
        serverError={null}
        describedBy={`${id}-price`}
        onDraft={setDraft}
        onChange={(next) => {
          setQuantity(next);
          setDraft(null);
        }}
      />
      <div id={`${id}-price`}>
        {unit !== undefined && !typedProblem && (
          <p>
            {shown} × {formatDollars(unit / 100)} ={' '}
            <strong>{formatDollars(lineTotalCents(unit, shown) / 100)}</strong>
          </p>
        )}
        {hint && !typedProblem && <p className="text-sm text-base-content/80">{hint}</p>}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn btn-outline btn-primary"
          disabled={adding || soldOut || typedProblem !== undefined}
          aria-busy={adding || undefined}
          aria-describedby={typedProblem ? `${id}-hold` : undefined}
        >
          {adding && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Add to cart
        </button>
        <Link to={toPath(sitePaths.tool, { toolsid: product._id })} className="btn btn-primary">
          Order Now
        </Link>
      </div>
      {typedProblem && (
        <p id={`${id}-hold`} className="text-sm">
          Add to cart waits for a quantity this part is sold in.
        </p>
      )}
    </form>
  );
}
