import { PageMeta } from '../../lib/page-meta.tsx';
import { useAudit } from './audit-api.ts';
import { AuditTable } from './audit-table.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';

const PAGE_SIZE = 25;

/** Every admin write (roles, users, products, orders): who, what, which object, when. */
export function AuditPage() {
  const { page, update } = useListParams();
  const audit = useAudit({ page, limit: PAGE_SIZE });
  return (
    <section className="flex flex-col gap-6">
      <PageMeta
        title="Audit Trail"
        description="Every change ECParts admins made to users, products and orders, newest first."
      />
      <h1 className="text-2xl font-bold">Audit Trail</h1>
      <PagedList
        result={audit}
        page={page}
        onPage={(n) => update({ page: n })}
        loadingLabel="Loading the audit trail"
        emptyText="No admin changes yet."
        count={(n) => `${counted(n, 'entry', 'entries')}, newest first`}
      >
        {(rows) => <AuditTable entries={rows} />}
      </PagedList>
    </section>
  );
}
