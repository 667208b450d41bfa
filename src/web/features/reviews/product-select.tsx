import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { MAX_PAGE_SIZE } from '../../../contract/common.ts';
import { toolQuery, useTools } from '../catalog/api.ts';

type Props = {
  id: string;
  /** The chosen product's id; empty for a review of the shop. */
  value: string | null | undefined;
  onChange: (productId: string | undefined) => void;
  onBlur?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  error?: string;
};

/** Which product the review is about, if any: the catalogue in name order. */
export function ProductSelect({ id, value, onChange, onBlur, selectRef, error }: Props) {
  const tools = useTools({ limit: MAX_PAGE_SIZE });
  const listed = tools.data?.data ?? [];
  // A product page's "Review this product" may name one past the first page of the catalogue.
  const missing = Boolean(value) && tools.isSuccess && !listed.some((t) => t._id === value);
  const chosen = useQuery({ ...toolQuery(value ?? ''), enabled: missing });
  const options = missing && chosen.data ? [chosen.data, ...listed] : listed;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Product (optional)
      </label>
      <select
        id={id}
        name="productId"
        ref={selectRef}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        onBlur={onBlur}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
        aria-busy={tools.isPending || undefined}
      >
        <option value="">The shop in general</option>
        {options.map((tool) => (
          <option key={tool._id} value={tool._id}>
            {tool.name} ({tool.sku})
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-sm text-base-content/70">
          {tools.isError
            ? `The products could not be loaded: ${tools.error.message}`
            : 'A review of a product also shows on that product’s page.'}
        </p>
      )}
    </div>
  );
}
