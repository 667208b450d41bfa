import type { UserRecord } from '../../../contract/users.ts';
import { notify } from '../../lib/notify.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { useDeleteUser } from './users-api.ts';
import { roleName } from './users-table.tsx';

export function DeleteUserModal({
  user,
  onClose,
}: {
  user: UserRecord | null;
  onClose: () => void;
}) {
  const remove = useDeleteUser();
  const mine = remove.variables === user?._id;

  const confirm = () => {
    if (!user) return;
    remove.mutate(user._id, {
      onSuccess: ({ email }) => {
        notify('success', `The user ${email} has been deleted.`);
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      open={user !== null}
      title="Are you sure want to delete this User?"
      confirmLabel="Delete"
      pending={remove.isPending && mine}
      // The server's reason (your own account, the last admin) shows in the dialog.
      error={mine ? remove.error?.message : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {user && (
        <Details
          rows={[
            ['Email', user.email],
            ['Role', roleName(user)],
          ]}
        />
      )}
    </ConfirmModal>
  );
}
