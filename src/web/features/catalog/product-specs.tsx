import type { Product } from '../../../contract/catalog.ts';
import type { AttributeValue } from '../../../contract/taxonomy.ts';
import { attributeLabel, valueText, type AttributeBook } from './attributes-api.ts';

/**
 * The part's attribute values: one value each in a table (Speeds 11, Tyre width 64 mm), and
 * the multi-valued ones, which say what the part fits (a cassette's freehub bodies), under
 * "Fits". In the attributes' own order; nothing at all for a part without attributes.
 */
export function ProductSpecs({ product, book }: { product: Product; book: AttributeBook }) {
  const order = [...book.keys()];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const entries = Object.entries(product.attributes).sort(
    ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const isFit = (key: string, value: AttributeValue | AttributeValue[]) =>
    Array.isArray(value) || book.get(key)?.multi === true;
  const single = entries.filter(([key, value]) => !isFit(key, value));
  const fits = entries.filter(([key, value]) => isFit(key, value));
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="specs-title" className="flex flex-col gap-4">
      <h2 id="specs-title" className="text-2xl font-bold">
        Specifications
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {single.length > 0 && (
          <table className="table w-full rounded-box border border-base-300 bg-base-100">
            <caption className="sr-only">Attributes of {product.name}</caption>
            <tbody>
              {single.map(([key, value]) => (
                <tr key={key}>
                  <th scope="row" className="w-1/2 font-medium text-base-content/80">
                    {attributeLabel(book, key)}
                  </th>
                  <td>{valuesText(book, key, value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {fits.length > 0 && (
          <div className="flex flex-col gap-3">
            <h3 className="text-lg font-semibold">Fits</h3>
            {fits.map(([key, value]) => (
              <div key={key} className="flex flex-col gap-1">
                <p id={`fits-${key}`} className="text-base-content/80">
                  {attributeLabel(book, key)}
                </p>
                <ul aria-labelledby={`fits-${key}`} className="flex flex-wrap gap-2">
                  {(Array.isArray(value) ? value : [value]).map((one) => (
                    <li key={String(one)} className="badge badge-outline badge-lg">
                      {valueText(book, key, one)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

const valuesText = (book: AttributeBook, key: string, value: AttributeValue | AttributeValue[]) =>
  (Array.isArray(value) ? value : [value]).map((one) => valueText(book, key, one)).join(', ');
