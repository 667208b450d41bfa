import type { ComponentProps, ReactNode } from 'react';
import { NumberField } from '../../components/form-fields.tsx';

/**
 * One order line in a dialog that takes pieces of it (to ship, to cancel): its name, its SKU
 * and what has happened to it, beside the quantity to take, whole pieces from 0 to `max`.
 */
export function PiecesRow({
  name,
  sku,
  children,
  quantity,
}: {
  name: string;
  sku: string;
  /** What the line's pieces are so far: "ordered 20, shipped 5, 15 left". */
  children: ReactNode;
  quantity: Omit<ComponentProps<typeof NumberField>, 'label' | 'step' | 'min'>;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-t border-base-300 pt-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium wrap-anywhere">{name}</p>
        <p className="text-sm text-base-content/80">
          <span className="font-mono">{sku}</span> · {children}
        </p>
      </div>
      <div className="w-32">
        <NumberField label="Quantity" step={1} min={0} {...quantity} />
      </div>
    </div>
  );
}
