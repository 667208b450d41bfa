import { Link, useLocation } from 'react-router';
import { offersStockAlert } from '../../contract/stock-alert-offer.ts';
import type { Product } from '../../contract/catalog.ts';
import { productPath } from '../../contract/product-path.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';
import { formatDollars } from '../../contract/money.ts';
import { buyingRuleText } from '../lib/ladder-text.ts';
import { Picture } from './picture.tsx';
import { PriceLadder } from './price-ladder.tsx';
import { BusyButton } from './busy-button.tsx';
import { NOTIFY_ME_INTENT } from './notify-me-intents.ts';

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
function AddToCart({
  tool,
  cart,
  soldOut,
  size,
}: {
  tool: Product;
  cart: CardCart;
  soldOut: boolean;
  /** The button's size classes, as the card's Order Now has them. */
  size: string;
}) {
  const button = (
    <BusyButton
      type={cart.formAction ? 'submit' : 'button'}
      className={`btn btn-outline btn-primary ${size}`}
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

/**
 * Notify me on a card of a part that cannot be ordered: a form sent to the part's page, whose
 * action sets the alert (or asks a visitor to sign in) and comes back to this listing, with or
 * without the script. The intent is the product page's (features/stock-alerts/notify-me-api.ts).
 */
function NotifyMe({ tool, size }: { tool: Product; size: string }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={productPath(tool)}>
      <input type="hidden" name="intent" value={NOTIFY_ME_INTENT} />
      <input type="hidden" name="productId" value={tool._id} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button
        type="submit"
        className={`btn btn-outline btn-primary ${size}`}
        aria-label={`Notify me: ${tool.name}`}
      >
        Notify me
      </button>
    </form>
  );
}

const AVAILABILITY = {
  in_stock: { text: 'In stock', dot: 'bg-success' },
  low_stock: { text: 'Low stock', dot: 'bg-warning' },
  out_of_stock: { text: 'Out of stock', dot: 'bg-error' },
} as const;

/** The lowest price per piece the ladder reaches: what a phone's row shows as "from". */
const lowestPrice = (tool: Product) => Math.min(tool.price, ...tool.tiers.map((t) => t.price));

// A card's classes as a card everywhere, and as a compact row below `md` (a list's rows on a
// phone). Written out whole: Tailwind finds its classes in the source as they are written.
const CARD = {
  article: 'card relative border border-base-300 bg-base-100 shadow-sm',
  figure: 'bg-base-200 p-4',
  picture: 'h-48 w-full object-contain',
  body: 'card-body',
  title: 'card-title',
  sku: 'grow-0 font-mono text-sm text-base-content/80',
  desc: 'grow-0 line-clamp-3',
  ladder: 'mt-auto',
  from: 'hidden',
  stock: 'flex grow-0 items-center gap-1.5 text-sm text-base-content/80',
  actions: 'card-actions relative z-10 justify-end',
  button: '',
};
const ROW_ON_PHONE: typeof CARD = {
  article: 'card relative flex-row border border-base-300 bg-base-100 shadow-sm md:flex-col',
  figure:
    'm-2 w-20 shrink-0 self-start rounded-box bg-base-200 p-1 md:m-0 md:w-auto md:self-auto md:rounded-none md:p-4',
  picture: 'h-16 w-full object-contain md:h-48',
  body: 'card-body min-w-0 gap-0.5 py-2 pr-3 pl-1 md:gap-2 md:p-6',
  title: 'line-clamp-2 text-sm leading-5 font-semibold md:line-clamp-none md:text-xl md:leading-7',
  sku: 'grow-0 font-mono text-xs text-base-content/80 md:text-sm',
  desc: 'hidden grow-0 md:line-clamp-3',
  ladder: 'hidden md:mt-auto md:block',
  from: 'grow-0 text-sm font-semibold md:hidden',
  stock: 'flex grow-0 items-center gap-1.5 text-xs text-base-content/80 md:text-sm',
  actions: 'card-actions relative z-10 mt-1 justify-start gap-2 md:mt-0 md:justify-end',
  button: 'btn-xs md:btn-md',
};

/**
 * A product in a list: picture, name, SKU, description, the price ladder, availability and the
 * buttons. `rowOnPhone` (the shop's lists): below `md` a compact row instead, a thumbnail beside
 * name, SKU, the price from and availability, so that a phone's screen shows five or more parts
 * instead of one. A family listed once says how many variants it has ("4 sizes").
 *
 * `eager`: the card is in the first screenful, so its image is the page's largest paint.
 */
export function ToolCard({
  tool,
  eager = false,
  cart,
  rowOnPhone = false,
}: {
  tool: Product & { variantCount?: number };
  eager?: boolean;
  cart?: CardCart;
  rowOnPhone?: boolean;
}) {
  const headingId = `tool-${tool._id}`;
  const soldOut = tool.stock < tool.moq;
  const page = productPath(tool);
  // Fewer on hand than the minimum order is out of stock for a buyer, whatever the count says.
  const availability = AVAILABILITY[soldOut ? 'out_of_stock' : tool.availability];
  const from = lowestPrice(tool);
  const look = rowOnPhone ? ROW_ON_PHONE : CARD;
  return (
    <article aria-labelledby={headingId} className={look.article}>
      <figure className={look.figure}>
        <Picture
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          lead={eager}
          // A card is a column of the grid, or a thumbnail beside its row on a phone.
          sizes={rowOnPhone ? '(min-width: 768px) 22rem, 5rem' : '(min-width: 768px) 22rem, 90vw'}
          className={look.picture}
        />
      </figure>
      <div className={look.body}>
        <h3 id={headingId} className={look.title}>
          {/* Stretched over the card, so the picture leads to the product page too: one link
              for keyboards and screen readers. The buttons below sit above it. */}
          <Link to={page} className="link-hover after:absolute after:inset-0">
            {tool.name}
          </Link>
        </h3>
        <p className={look.sku}>
          SKU {tool.sku}
          {tool.variantCount !== undefined && tool.variantCount > 1 && (
            <span className="font-sans"> · {tool.variantCount} sizes</span>
          )}
        </p>
        <p className={look.desc}>{tool.desc}</p>
        {/* Pushed down, so the prices and buttons of a row of cards line up. */}
        <div className={look.ladder}>
          <PriceLadder product={tool} compact />
        </div>
        {rowOnPhone && (
          <p className={look.from}>
            {from < tool.price && 'from '}
            {formatDollars(from)}
            <span className="font-normal"> per piece</span>
          </p>
        )}
        <p className={look.stock}>
          <span className={`size-2 shrink-0 rounded-full ${availability.dot}`} aria-hidden="true" />
          <span>
            {availability.text}
            {!soldOut && ` · ${buyingRuleText(tool)}`}
          </span>
        </p>
        <div className={look.actions}>
          {offersStockAlert(tool) ? (
            <NotifyMe tool={tool} size={look.button} />
          ) : (
            <>
              {cart && <AddToCart tool={tool} cart={cart} soldOut={soldOut} size={look.button} />}
              <Link
                to={toPath(sitePaths.tool, { toolsid: tool._id })}
                className={`btn btn-primary ${look.button}`}
                aria-label={`Order Now: ${tool.name}`}
              >
                Order Now
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
