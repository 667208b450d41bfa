import { useState } from 'react';
import type { UserRecord } from '../../../contract/users.ts';
import { notify } from '../../lib/notify.ts';
import { useMakeAdmin, useUsers } from './users-api.ts';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { TaxExemptModal } from './tax-exempt-modal.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { UsersTable } from './users-table.tsx';
import { useSession } from '../../lib/session.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';

const PAGE_SIZE = 20;

export function ManageUsersPage() {
  const { user: me } = useSession();
  const { page, q, update, paging } = useListParams();
  const users = useUsers({ q: q || undefined, page, limit: PAGE_SIZE });
  const promote = useMakeAdmin();
  const [deleting, setDeleting] = useState<UserRecord | null>(null);
  const [taxOf, setTaxOf] = useState<UserRecord | null>(null);

  const makeAdmin = ({ email }: UserRecord) =>
    promote.mutate(email, {
      onSuccess: () => notify('success', `${email} is now an admin.`),
      onError: (error) => notify('error', error.message),
    });

  return (
    <DashboardSection
      title="Manage Users"
      description="Manage ECParts users: roles, tax exemptions and accounts."
    >
      <PagedList
        result={users}
        {...paging}
        search={{
          id: 'user-search',
          name: 'User search',
          label: 'Search users',
          placeholder: 'Name or email',
          query: q,
          onSearch: (value) => update({ q: value }),
        }}
        loadingLabel="Loading users"
        emptyText={q ? `No users match “${q}”.` : 'No users yet.'}
        count={(n) => counted(n, 'user', 'users') + (q ? ` matching “${q}”` : '')}
      >
        {(rows, firstNo) => (
          <UsersTable
            users={rows}
            firstNo={firstNo}
            myEmail={me?.email ?? ''}
            promoting={promote.isPending ? (promote.variables ?? null) : null}
            onMakeAdmin={makeAdmin}
            onTax={setTaxOf}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <TaxExemptModal user={taxOf} onClose={() => setTaxOf(null)} />
    </DashboardSection>
  );
}
