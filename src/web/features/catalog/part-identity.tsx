import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';

/**
 * What identifies the part in the trade: our SKU, who makes it (a link to the brand's page), the
 * maker's part number and the barcode's GTIN. A dealer reads the codes off the old part's box
 * and compares them here; those the part does not have are left out.
 */
export function PartIdentity({ product }: { product: Product }) {
  const { brand, mpn, gtin } = product;
  return (
    <dl aria-label="Part codes" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <Fact term="SKU">
        <span className="font-mono">{product.sku}</span>
      </Fact>
      {brand && (
        <Fact term="Brand">
          <Link to={toPath(sitePaths.brand, { slug: brand.slug })} className="link link-primary">
            {brand.name}
          </Link>
        </Fact>
      )}
      {mpn && (
        <Fact term="MPN">
          <span className="font-mono">{mpn}</span>
        </Fact>
      )}
      {gtin && (
        <Fact term="GTIN">
          <span className="font-mono">{gtin}</span>
        </Fact>
      )}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const full = TERMS[term];
  return (
    <div className="contents">
      <dt className="text-base-content/80">
        {full ? (
          <abbr title={full} className="no-underline">
            {term}
          </abbr>
        ) : (
          term
        )}
      </dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The codes' names in full, for whoever does not know the trade's letters. */
const TERMS: Record<string, string | undefined> = {
  SKU: 'Our stock keeping unit',
  MPN: 'Manufacturer part number',
  GTIN: 'Global Trade Item Number (the EAN or UPC barcode)',
};
