import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../../contract/product-path.ts';
import type { SavedListLine } from '../../../contract/saved-lists.ts';

/**
 * A list's lines: one card each on a phone (the part, its quantity box and Remove), the same
 * cards laid out as rows from the md width. Each box saves on its own button (or Enter), and
 * its form posts without the script too.
 */
export function ListLines({
  lines,
  onQuantity,
  onRemove,
  pending,
}: {
  lines: SavedListLine[];
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  pending: boolean;
}) {
  return (
    <ul aria-label="Parts on this list" className="flex flex-col gap-3">
      {lines.map((line) => (
        <ListLineCard
          key={line.productId}
          line={line}
          onQuantity={onQuantity}
          onRemove={onRemove}
          pending={pending}
        />
      ))}
    </ul>
  );
}

function ListLineCard({
  line,
  onQuantity,
  onRemove,
  pending,
}: {
  line: SavedListLine;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  pending: boolean;
}) {
  const [draft, setDraft] = useState(String(line.quantity));
  const boxId = `qty-${line.productId}`;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const quantity = Number(draft);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity !== line.quantity) {
      onQuantity(line.productId, quantity);
    }
  };
  const gone = line.stock === null;
  return (
    <li className="card border border-base-300 bg-base-100" aria-label={line.name}>
      <div className="card-body gap-3 p-4 md:flex-row md:items-center">
        <div className="flex min-w-0 grow items-center gap-3">
          {line.img && (
            <img
              src={line.img}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded object-contain"
            />
          )}
          <div className="min-w-0">
            {gone ? (
              <p className="font-semibold wrap-anywhere">{line.name}</p>
            ) : (
              <Link
                to={productPath({ _id: line.productId, name: line.name })}
                className="link font-semibold wrap-anywhere"
              >
                {line.name}
              </Link>
            )}
            <p className="font-mono text-sm text-base-content/80">{line.sku}</p>
            {line.problem && <p className="text-sm text-warning-content">{line.problem}</p>}
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <form method="post" onSubmit={save} className="flex items-end gap-2">
            <input type="hidden" name="intent" value="line" />
            <input type="hidden" name="productId" value={line.productId} />
            <label htmlFor={boxId} className="flex flex-col gap-1">
              <span className="text-sm">Quantity</span>
              <input
                id={boxId}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                className="input input-sm w-24"
              />
            </label>
            <button
              type="submit"
              className="btn btn-sm btn-outline"
              disabled={pending}
              aria-label={`Save quantity of ${line.sku}`}
            >
              Save
            </button>
          </form>
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              onRemove(line.productId);
            }}
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <button
              type="submit"
              className="btn btn-sm btn-ghost text-error"
              disabled={pending}
              aria-label={`Remove ${line.sku} from the list`}
            >
              Remove
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}
