import { useAudit } from './audit-api.ts';
import { AuditTable } from './audit-table.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';

const PAGE_SIZE = 25;

/** Every admin write (roles, users, products, orders): who, what, which object, when. */
export function AuditPage() {
  const { page, paging } = useListParams();
  const audit = useAudit({ page, limit: PAGE_SIZE });
  return (
    <DashboardSection
      title="Audit Trail"
      description="Every change ECParts admins made to users, products and orders, newest first."
    >
      <PagedList
        result={audit}
        {...paging}
        loadingLabel="Loading the audit trail"
        emptyText="No admin changes yet."
        count={(n) => `${counted(n, 'entry', 'entries')}, newest first`}
      >
        {(rows) => <AuditTable entries={rows} />}
      </PagedList>
    </DashboardSection>
  );
}
