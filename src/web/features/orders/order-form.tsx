import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { MIN_ORDER_QUANTITY, orderTotalCents } from '../../../contract/order-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { notify } from '../../lib/notify.ts';
import type { SessionUser } from '../../lib/session.ts';
import { usePlaceOrder } from './api.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** Spec §5: the whole-number part of what was typed; nothing usable counts as 0. */
function wholeQuantity(raw: string) {
  const n = Math.trunc(Number(raw));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The rules checked before anything is sent; the server checks them again. */
function quantityProblem(quantity: number, stock: number) {
  if (quantity < MIN_ORDER_QUANTITY) return 'Quantity must Be 10 or more';
  if (quantity > stock) return `Only ${stock} in stock`;
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
  const [raw, setRaw] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const place = usePlaceOrder();
  const navigate = useNavigate();

  const quantity = wholeQuantity(raw);
  const totalCents = orderTotalCents(dollarsToCents(product.price), quantity);
  const totalPrice = centsToDollars(totalCents);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = quantityProblem(quantity, product.stock);
    setProblem(refused);
    if (refused) return;
    const order = {
      productId: product._id,
      quantity,
      email: user.email,
      name: product.name,
      price: product.price,
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
      noValidate
      aria-labelledby="order-heading"
      className="card flex flex-col gap-4 border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <h2 id="order-heading" className="text-xl font-bold">
        Place your order
      </h2>
      <ReadOnlyField id="order-name" label="Name" value={user.name} />
      <ReadOnlyField id="order-email" label="Email" value={user.email} />
      <div className="flex flex-col gap-1">
        <label htmlFor="order-quantity" className="font-medium">
          Quantity
        </label>
        {/* noValidate on the form: the spec's own message shows instead of the browser's. */}
        <input
          id="order-quantity"
          type="number"
          inputMode="numeric"
          placeholder="Minimum 10"
          min={MIN_ORDER_QUANTITY}
          step={1}
          required
          value={raw}
          onChange={(event) => {
            setRaw(event.target.value);
            setProblem(null);
          }}
          className={`input w-full ${problem ? 'input-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby="order-error"
        />
      </div>

      <section aria-labelledby="summary-heading" className="rounded-box bg-base-200 p-4">
        <h3 id="summary-heading" className="font-semibold">
          Order summary
        </h3>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>Quantity</dt>
          <dd className="text-right">{quantity}</dd>
          <dt>Total price</dt>
          <dd className="text-right font-semibold">{formatDollars(totalPrice)}</dd>
        </dl>
      </section>

      <p id="order-error" role="alert" className="min-h-6 text-error">
        {problem}
      </p>

      <button
        type="submit"
        className="btn btn-primary"
        disabled={place.isPending}
        aria-busy={place.isPending || undefined}
      >
        {place.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Place Order
      </button>
    </form>
  );
}
