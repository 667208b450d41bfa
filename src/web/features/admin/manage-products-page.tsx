import { useState } from 'react';
import type { Product } from '../../../contract/catalog.ts';
import { DeleteProductModal } from './delete-product-modal.tsx';
import { EditProductModal } from './edit-product-modal.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { ProductsTable } from './products-table.tsx';
import { ReceiveStockModal } from './receive-stock-modal.tsx';
import { StockMovementsModal } from './stock-movements-modal.tsx';
import { useTools } from '../catalog/api.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';

const PAGE_SIZE = 20;

export function ManageProductsPage() {
  const { page, q, update, paging } = useListParams();
  // The shop's own list call and cache: an edit here shows in the shop at once, and back.
  const products = useTools({ q: q || undefined, page, limit: PAGE_SIZE });
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [receiving, setReceiving] = useState<Product | null>(null);
  const [viewingMovements, setViewingMovements] = useState<Product | null>(null);

  return (
    <DashboardSection
      title="Manage Products"
      description="Edit or delete ECParts catalogue products, receive stock and see its movements."
    >
      <PagedList
        result={products}
        {...paging}
        search={{
          id: 'product-search',
          name: 'Product search',
          label: 'Find products',
          placeholder: 'Name or SKU, e.g. chain',
          query: q,
          onSearch: (value) => update({ q: value }),
        }}
        loadingLabel="Loading products"
        emptyText={q ? `No products match “${q}”.` : 'No products yet.'}
        count={(n) => counted(n, 'product', 'products') + (q ? ` matching “${q}”` : '')}
      >
        {(rows, firstNo) => (
          <ProductsTable
            products={rows}
            firstNo={firstNo}
            onManage={setEditing}
            onReceive={setReceiving}
            onMovements={setViewingMovements}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      <EditProductModal product={editing} onClose={() => setEditing(null)} />
      <DeleteProductModal product={deleting} onClose={() => setDeleting(null)} />
      <ReceiveStockModal product={receiving} onClose={() => setReceiving(null)} />
      <StockMovementsModal product={viewingMovements} onClose={() => setViewingMovements(null)} />
    </DashboardSection>
  );
}
