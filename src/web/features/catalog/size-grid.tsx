import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  SIZE_GRID_FIELD,
  type CartLinesLineResult,
  type CartLinesResult,
} from '../../../contract/cart.ts';
import type { AttributeValue } from '../../../contract/taxonomy.ts';
import type { Variant } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormAnswer } from '../../lib/form-action.ts';
import { useSession } from '../../lib/session.ts';
import { signInPath } from '../../lib/sign-in-path.ts';
import { sizeGridRule, useAddCartLines } from '../cart/api.ts';
import { QuickAddResults } from '../../components/quick-add-results.tsx';
import { attributeLabel, valueText, type AttributeBook } from './attributes-api.ts';
import { axisValues, scalar, type Family, type FamilyProps } from './family.ts';

/** The form's `intent`: the product page's action tells the grid from the one-part add by it. */
export const SIZE_GRID_INTENT = 'size-grid';

/** A family's two axes laid out: row values, column values and the variant in each cell. */
function gridOf(family: Family, book: AttributeBook) {
  const [rowKey = '', columnKey = ''] = family.axes;
  const rows = axisValues(family, book, rowKey);
  const columns = axisValues(family, book, columnKey);
  const at = new Map(
    family.variants.map((v) => [
      `${String(v.attributes[rowKey])}\u0000${String(v.attributes[columnKey])}`,
      v,
    ]),
  );
  const cell = (row: AttributeValue, column: AttributeValue) =>
    at.get(`${String(row)}\u0000${String(column)}`);
  return { rowKey, columnKey, rows, columns, cell };
}

/**
 * A family that differs by two attributes (a tyre's wheel size and width) as a grid: rows by
 * columns, a quantity box in each cell that has a variant, an empty cell where none is made.
 * One Add to cart puts every filled box in the cart (POST /cart/lines), each box going in, raised
 * or refused on its own, and the answer says which. Without script the form reaches the page's
 * action, which adds the same lines and comes back saying what happened.
 */
export function SizeGrid({ family, currentId, book }: FamilyProps) {
  const id = useId();
  const add = useAddCartLines();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const answer = useFormAnswer();
  const answered = answer?.values.intent === SIZE_GRID_INTENT ? answer : undefined;
  const [errors, setErrors] = useState<Record<string, string>>(answered?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(answered?.formError ?? null);
  const [result, setResult] = useState<CartLinesResult | null>(null);

  const { rowKey, columnKey, rows, columns, cell } = gridOf(family, book);
  const rowLabel = attributeLabel(book, rowKey);
  const columnLabel = attributeLabel(book, columnKey);
  const sizeOf = (variant: Variant) =>
    `${valueText(book, rowKey, scalar(variant.attributes[rowKey])[0] ?? '')} × ${valueText(
      book,
      columnKey,
      scalar(variant.attributes[columnKey])[0] ?? '',
    )}`;
  const byId = new Map(family.variants.map((v) => [v._id, v]));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!user) {
      void navigate(signInPath(`${pathname}${search}`, 'order'));
      return;
    }
    const form = event.currentTarget;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string') fields[name] = value;
    }
    const parsed = (await sizeGridRule.schema()).safeParse(fields);
    setFormError(null);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        setResult(answer);
        // What went in must not go in twice: only the boxes to fix keep their numbers.
        for (const line of answer.results) {
          if (line.status === 'error') continue;
          const box = form.elements.namedItem(`${SIZE_GRID_FIELD}${line.productId}`);
          if (box instanceof HTMLInputElement) box.value = '';
        }
      },
      onError: (error) => setFormError(errorMessage(error)),
    });
  };

  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <form
        // Sent by script; before it has loaded, the page's action adds it (docs/decisions/0018).
        method="post"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <input type="hidden" name="intent" value={SIZE_GRID_INTENT} />
        <h2 id={titleId} className="text-lg font-semibold">
          Order by size
        </h2>
        <p className="text-sm text-base-content/80">
          Type how many of each size you want, then add them all at once. A quantity under a
          size&apos;s minimum or off its pack is raised to the next one it is sold in.
        </p>
        <TableScroll label={`Sizes: ${rowLabel} by ${columnLabel}`}>
          <table className="table table-sm">
            <caption className="sr-only">
              {family.name}: {rowLabel} in rows, {columnLabel} in columns
            </caption>
            <thead>
              <tr>
                <th scope="col" className="w-24 align-bottom text-xs font-normal max-sm:px-1.5">
                  <span className="block">
                    {columnLabel} <span aria-hidden="true">→</span>
                  </span>
                  <span className="block">
                    {rowLabel} <span aria-hidden="true">↓</span>
                  </span>
                </th>
                {columns.map((column) => (
                  <th
                    key={String(column)}
                    scope="col"
                    className="text-sm whitespace-nowrap max-sm:px-1.5"
                  >
                    {valueText(book, columnKey, column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row)}>
                  <th scope="row" className="text-sm whitespace-nowrap max-sm:px-1.5">
                    {valueText(book, rowKey, row)}
                  </th>
                  {columns.map((column) => {
                    const variant = cell(row, column);
                    const name = variant ? `${SIZE_GRID_FIELD}${variant._id}` : '';
                    return (
                      <td key={String(column)} className="align-top max-sm:px-1.5">
                        {variant ? (
                          <QuantityCell
                            variant={variant}
                            current={variant._id === currentId}
                            label={`Quantity of ${rowLabel} ${valueText(book, rowKey, row)}, ${columnLabel} ${valueText(book, columnKey, column)}`}
                            initial={answered?.values[name] ?? ''}
                            error={errors[name]}
                          />
                        ) : (
                          <span className="text-base-content/60">
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">Not made in this size</span>
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <FormError message={errors.lines ?? formError} />
        <BusyButton type="submit" pending={add.isPending} className="btn self-start btn-primary">
          Add to cart
        </BusyButton>
      </form>
      {result && (
        <QuickAddResults<CartLinesLineResult>
          result={result}
          label="Sizes added to your cart"
          lineName={{
            header: 'Size',
            text: (line) => {
              const variant = byId.get(line.productId);
              return variant ? sizeOf(variant) : `Line ${line.line}`;
            },
          }}
        />
      )}
    </section>
  );
}

/** One variant's box: its quantity, and under it its price and how it is sold (or sold out). */
function QuantityCell({
  variant,
  current,
  label,
  initial,
  error,
}: {
  variant: Variant;
  current: boolean;
  label: string;
  initial: string;
  error: string | undefined;
}) {
  const id = useId();
  const soldOut = variant.availability === 'out_of_stock';
  const sold =
    variant.packSize > 1
      ? `min ${variant.moq}, packs of ${variant.packSize}`
      : `min ${variant.moq}`;
  return (
    <div className={`flex min-w-20 flex-col gap-1 ${current ? 'rounded bg-base-200 p-1' : ''}`}>
      <label htmlFor={id} className="sr-only">
        {label} ({variant.sku})
      </label>
      <input
        id={id}
        name={`${SIZE_GRID_FIELD}${variant._id}`}
        type="number"
        inputMode="numeric"
        min={0}
        step={variant.packSize}
        defaultValue={initial}
        disabled={soldOut}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-info${error ? ` ${id}-error` : ''}`}
        className={`input input-sm w-20 ${error ? 'input-error' : ''}`}
      />
      <span id={`${id}-info`} className="text-xs text-base-content/80">
        {soldOut ? 'Sold out' : `${formatDollars(variant.price)} · ${sold}`}
        {current && <span className="block font-medium">This page&apos;s size</span>}
      </span>
      {error && (
        <span id={`${id}-error`} className="text-xs text-error">
          {error}
        </span>
      )}
    </div>
  );
}
