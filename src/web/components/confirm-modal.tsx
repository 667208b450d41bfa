import { useId, type ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';
import { Modal, ModalActions } from './modal.tsx';

/**
 * "Are you sure…?" before a delete. Cancel comes first, so it is where focus lands when the
 * dialog opens: Enter on a freshly opened dialog never deletes anything.
 */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What is about to go: the details the spec lists for each modal. */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** Why the last try failed, shown in red in the dialog. */
  error: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
      {error && (
        <p role="alert" className="mt-4 text-error">
          {error}
        </p>
      )}
      <ModalActions onCancel={onClose}>
        <BusyButton className="btn btn-error text-white" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
      </ModalActions>
    </Modal>
  );
}

/** The name/value lines inside a confirmation. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
