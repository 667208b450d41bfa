import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { minimumMessage } from '../../../contract/order-rules.ts';
import {
  ladderInCents,
  lineTotalCents,
  nextTier,
  quantityProblem as ladderQuantityProblem,
  unitPriceCents,
} from '../../../contract/price-ladder.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { productPath } from '../../../contract/product-path.ts';
import { buyingRuleText } from '../../lib/ladder-text.ts';
import { notify } from '../../lib/notify.ts';
import type { SessionUser } from '../../lib/session.ts';
import { notifyAddedToCart } from '../catalog/add-to-cart-api.ts';
import { useAddToCart } from '../cart/api.ts';
import { usePlaceOrder } from './api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormAnswer } from '../../lib/form-action.ts';
import { BusyButton } from '../../components/busy-button.tsx';

/** Spec §5: the whole-number part of what was typed; nothing usable counts as 0. */
function wholeQuantity(raw: string) {
  const n = Math.trunc(Number(raw));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The rules checked before anything is sent; the server checks them again. The spec's own
 * sentence stays for the spec's minimum of 10; a part an admin set otherwise names its own.
 */
function quantityProblem(product: Product, quantity: number) {
  if (quantity < product.moq) return minimumMessage(product.moq);
  const ruled = ladderQuantityProblem(product, quantity);
  if (ruled) return ruled;
  if (quantity > product.stock) return `Only ${product.stock} in stock`;
  return null;
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} type="text" readOnly value={value} className="input w-full bg-base-200" />
    </div>
  );
}

export function OrderForm({ product, user }: { product: Product; user: SessionUser }) {
  // Sent before the script took over and refused: the quantity typed, and why (the action).
  const answer = useFormAnswer();
  // The smallest quantity that can be ordered is where a buyer starts.
  const [raw, setRaw] = useState(() => answer?.values.quantity ?? String(product.moq));
  const [problem, setProblem] = useState<string | null>(
    () => answer?.fieldErrors.quantity ?? answer?.formError ?? null,
  );
  const place = usePlaceOrder();
  const addToCart = useAddToCart();
  const navigate = useNavigate();

  const quantity = wholeQuantity(raw);
  const tiers = ladderInCents(product.tiers);
  // Under the minimum no tier applies; the summary still shows what the first one would cost.
  const unitCents = unitPriceCents(tiers, quantity) ?? dollarsToCents(product.price);
  const totalPrice = centsToDollars(lineTotalCents(unitCents, quantity));
  const next = quantity >= product.moq ? nextTier(tiers, quantity) : undefined;

  /** Checks the quantity and shows why it cannot be ordered; true when it can. */
  const acceptable = () => {
    const refused = quantityProblem(product, quantity);
    setProblem(refused);
    return refused === null;
  };

  const add = () => {
    if (!acceptable()) return;
    addToCart.mutate(
      { productId: product._id, quantity },
      {
        onSuccess: () => notifyAddedToCart(navigate, product.name, quantity),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!acceptable()) return;
    const order = {
      productId: product._id,
      quantity,
      email: user.email,
      name: product.name,
      price: centsToDollars(unitCents),
      totalPrice,
      userName: user.name,
    };
    place.mutate(order, {
      onSuccess: () => {
        notify('success', 'Order Placed Success');
        void navigate(sitePaths.dashboard);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <form
      onSubmit={submit}
      // Sent by script; before it has loaded, the page's action places it (docs/decisions/0018).
      method="post"
      noValidate
      aria-labelledby="order-heading"
      className="card flex flex-col gap-4 border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <h2 id="order-heading" className="text-xl font-bold">
        Place your order
      </h2>
      <ReadOnlyField id="order-name" label="Name" value={user.name} />
      <ReadOnlyField id="order-email" label="Email" value={user.email} />
      <input type="hidden" name="productId" value={product._id} />
      <input type="hidden" name="email" value={user.email} />
      <div className="flex flex-col gap-1">
        <label htmlFor="order-quantity" className="font-medium">
          Quantity
        </label>
        {/* noValidate on the form: the spec's own message shows instead of the browser's. */}
        <input
          id="order-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          placeholder={`Minimum ${product.moq}`}
          min={product.moq}
          step={product.packSize}
          required
          value={raw}
          onChange={(event) => {
            setRaw(event.target.value);
            setProblem(null);
          }}
          className={`input w-full ${problem ? 'input-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby="order-quantity-rule order-error"
        />
        <p id="order-quantity-rule" className="text-sm text-base-content/80">
          {buyingRuleText(product)}
        </p>
      </div>

      <section aria-labelledby="summary-heading" className="rounded-box bg-base-200 p-4">
        <h3 id="summary-heading" className="font-semibold">
          Order summary
        </h3>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>Quantity</dt>
          <dd className="text-right">{quantity}</dd>
          <dt>Unit price</dt>
          <dd className="text-right">{formatDollars(centsToDollars(unitCents))}</dd>
          <dt>Subtotal</dt>
          <dd className="text-right font-semibold">{formatDollars(totalPrice)}</dd>
        </dl>
        <p className="mt-2 text-sm">Shipping and tax are added once you choose where it ships.</p>
        {next && (
          <p className="mt-2 text-sm">
            Order {next.minQuantity} for {formatDollars(centsToDollars(next.priceCents))} each
          </p>
        )}
      </section>

      <p id="order-error" role="alert" className="min-h-6 text-error">
        {problem}
      </p>

      <div className="flex flex-col gap-3 sm:flex-row">
        <BusyButton
          type="submit"
          // Sent before the script took over, it goes to the product page's action, which adds
          // it to the cart (docs/decisions/0018); the app adds it itself.
          formAction={productPath(product)}
          className="btn btn-outline btn-primary sm:flex-1"
          pending={addToCart.isPending}
          onClick={(event) => {
            event.preventDefault();
            add();
          }}
        >
          Add to cart
        </BusyButton>
        <BusyButton type="submit" className="btn btn-primary sm:flex-1" pending={place.isPending}>
          Place Order
        </BusyButton>
      </div>
    </form>
  );
}
