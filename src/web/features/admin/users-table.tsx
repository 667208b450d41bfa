import type { UserRecord } from '../../../contract/users.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

export const roleName = (user: UserRecord) => (user.role === 'admin' ? 'Admin' : 'User');

type Props = {
  users: UserRecord[];
  firstNo: number;
  /** The signed-in admin, whose own row cannot be deleted. */
  myEmail: string;
  /** The email being promoted right now, if any. */
  promoting: string | null;
  onMakeAdmin: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
};

/** Spec's Manage User table: No, Name (the real one), Email, Role, Action, Delete. */
export function UsersTable({ users, firstNo, myEmail, promoting, onMakeAdmin, onDelete }: Props) {
  return (
    <TableScroll label="Users">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Action</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
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
                  <button
                    type="button"
                    className="btn btn-sm btn-secondary"
                    disabled={admin || busy}
                    aria-busy={busy || undefined}
                    aria-label={admin ? `Admin: ${user.email}` : `Make Admin: ${user.email}`}
                    onClick={() => onMakeAdmin(user)}
                  >
                    {busy && (
                      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    )}
                    {admin ? 'Admin' : 'Make Admin'}
                  </button>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    disabled={me}
                    title={me ? 'You cannot delete your own account.' : undefined}
                    aria-label={`Delete ${user.email}`}
                    onClick={() => onDelete(user)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
