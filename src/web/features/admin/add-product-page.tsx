import { PageMeta } from '../../lib/page-meta.tsx';
import { AddProductForm } from './add-product-form.tsx';

export function AddProductPage() {
  return (
    <section>
      <PageMeta title="Add New Product" description="Add a product to the ECParts catalogue." />
      <AddProductForm />
    </section>
  );
}
