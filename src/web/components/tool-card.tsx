import { Link } from 'react-router';
import type { Product } from '../../contract/catalog.ts';
import { productPath } from '../../contract/product-path.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';
import { buyingRuleText } from '../lib/ladder-text.ts';
import { Picture } from './picture.tsx';
import { PriceLadder } from './price-ladder.tsx';
import { BusyButton } from './busy-button.tsx';

/** Add to cart on the cards: the page that lists them brings the cart (components reach no feature). */
export type CardCart = {
  add: (tool: Product) => void;
  /** The product being added right now, if any. */
  addingId: string | null;
  /**
   * Where a card's Add to cart posts before the script has taken over: a page whose route
   * action adds the part (docs/decisions/0018). Without it the button works with script only.
   */
  formAction?: string;
};

/** Add to cart: a form when the page can take it without script, a button otherwise. */
function AddToCart({ tool, cart, soldOut }: { tool: Product; cart: CardCart; soldOut: boolean }) {
  const button = (
    <BusyButton
      type={cart.formAction ? 'submit' : 'button'}
      className="btn btn-outline btn-primary"
      pending={cart.addingId === tool._id}
      spinner="xs"
      disabled={soldOut}
      aria-label={`Add to cart: ${tool.name}`}
      onClick={cart.formAction ? undefined : () => cart.add(tool)}
    >
      Add to cart
    </BusyButton>
  );
  if (!cart.formAction) return button;
  return (
    <form
      method="post"
      action={cart.formAction}
      onSubmit={(event) => {
        event.preventDefault();
        cart.add(tool);
      }}
    >
      <input type="hidden" name="productId" value={tool._id} />
      <input type="hidden" name="quantity" value={tool.moq} />
      {button}
    </form>
  );
}

/** `eager`: the card is in the first screenful, so its image is the page's largest paint. */
export function ToolCard({
  tool,
  eager = false,
  cart,
}: {
  tool: Product;
  eager?: boolean;
  cart?: CardCart;
}) {
  const headingId = `tool-${tool._id}`;
  const soldOut = tool.stock < tool.moq;
  const page = productPath(tool);
  return (
    <article
      aria-labelledby={headingId}
      className="card relative border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="bg-base-200 p-4">
        <Picture
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          lead={eager}
          className="h-48 w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <h3 id={headingId} className="card-title">
          {/* Stretched over the card, so the picture leads to the product page too: one link
              for keyboards and screen readers. The buttons below sit above it. */}
          <Link to={page} className="link-hover after:absolute after:inset-0">
            {tool.name}
          </Link>
        </h3>
        <p className="font-mono text-sm text-base-content/80">SKU {tool.sku}</p>
        <p className="line-clamp-3">{tool.desc}</p>
        <PriceLadder product={tool} compact />
        <p className="text-sm text-base-content/80">
          {soldOut ? 'Out of stock' : buyingRuleText(tool)}
        </p>
        <div className="card-actions relative z-10 justify-end">
          {cart && <AddToCart tool={tool} cart={cart} soldOut={soldOut} />}
          <Link
            to={toPath(sitePaths.tool, { toolsid: tool._id })}
            className="btn btn-primary"
            aria-label={`Order Now: ${tool.name}`}
          >
            Order Now
          </Link>
        </div>
      </div>
    </article>
  );
}
