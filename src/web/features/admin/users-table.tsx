import type { UserRecord } from '../../../contract/users.ts';
import { DataTable, RowDeleteButton } from '../../components/data-table.tsx';
import { BusyButton } from '../../components/busy-button.tsx';

export const roleName = (user: UserRecord) => (user.role === 'admin' ? 'Admin' : 'User');

type Props = {
  users: UserRecord[];
  firstNo: number;
  /** The signed-in admin, whose own row cannot be deleted. */
  myEmail: string;
  /** The email being promoted right now, if any. */
  promoting: string | null;
  onMakeAdmin: (user: UserRecord) => void;
  /** Opens the tax exemption dialog. */
  onTax: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
};

/**
 * Spec's Manage User table: No, Name (the real one), Email, Role, Action, Delete. Action also
 * holds ours: the account's tax exemption.
 */
export function UsersTable({
  users,
  firstNo,
  myEmail,
  promoting,
  onMakeAdmin,
  onTax,
  onDelete,
}: Props) {
  return (
    <DataTable label="Users" columns={['No', 'Name', 'Email', 'Role', 'Action', 'Delete']}>
      {users.map((user, i) => {
        const admin = user.role === 'admin';
        const me = user.email === myEmail;
        const busy = promoting === user.email;
        return (
          <tr key={user._id}>
            <th scope="row">{firstNo + i}</th>
            <td className="min-w-32">
              {user.name}
              {/* Says why this row's Delete is off: nobody deletes their own account here. */}
              {me && <span className="badge badge-ghost badge-sm ml-2">You</span>}
            </td>
            <td className="whitespace-nowrap">{user.email}</td>
            <td>{roleName(user)}</td>
            <td>
              <div className="flex gap-2">
                <BusyButton
                  className="btn btn-sm btn-secondary whitespace-nowrap"
                  pending={busy}
                  spinner="xs"
                  disabled={admin}
                  aria-label={admin ? `Admin: ${user.email}` : `Make Admin: ${user.email}`}
                  onClick={() => onMakeAdmin(user)}
                >
                  {admin ? 'Admin' : 'Make Admin'}
                </BusyButton>
                <button
                  type="button"
                  className="btn btn-sm btn-outline whitespace-nowrap"
                  aria-label={`Tax exempt: ${user.email}`}
                  onClick={() => onTax(user)}
                >
                  Tax exempt…
                </button>
              </div>
            </td>
            <td>
              <RowDeleteButton
                label={`Delete ${user.email}`}
                disabled={me}
                title={me ? 'You cannot delete your own account.' : undefined}
                onClick={() => onDelete(user)}
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
