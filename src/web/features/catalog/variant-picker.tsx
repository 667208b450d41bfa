import { Link } from 'react-router';
import type { Variant } from '../../../contract/catalog.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { attributeLabel, valueText } from './attributes-api.ts';
import { axisValues, type FamilyProps } from './family.ts';

/** A variant's own page: the id finds it (its name is not in the family's answer). */
export const variantPath = (variant: Pick<Variant, '_id'>) =>
  toPath(sitePaths.product, { productid: variant._id });

/**
 * A family that differs by one attribute (a chain's links, a rotor's size): a link per value,
 * to that variant's page, the one shown marked as current. Links, so it works without script
 * and each size has an address to share.
 */
export function VariantPicker({ family, currentId, book }: FamilyProps) {
  const [axis] = family.axes;
  if (!axis) return null;
  const byValue = new Map(family.variants.map((v) => [String(v.attributes[axis]), v]));
  const values = axisValues(family, book, axis);
  const titleId = `variant-axis-${axis}`;
  return (
    <nav aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="font-medium">
        {attributeLabel(book, axis)}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {values.map((value) => {
          const variant = byValue.get(String(value));
          if (!variant) return null;
          const current = variant._id === currentId;
          const soldOut = variant.availability === 'out_of_stock';
          return (
            <li key={variant._id}>
              <Link
                to={variantPath(variant)}
                aria-current={current ? 'page' : undefined}
                className={`btn btn-sm h-auto min-h-10 flex-col gap-0 py-1 ${
                  current ? 'btn-primary' : 'btn-outline'
                }`}
              >
                <span>{valueText(book, axis, value)}</span>
                <span className="text-xs font-normal">
                  {soldOut ? 'Sold out' : formatDollars(variant.price)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
