// TEMPORARY LEAD STUB so the build runs: the product-page engineer replaces this whole file.
export function ProductPage() {
  return <p>Product</p>;
}
