import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';
import { FormError } from './form-fields.tsx';

/**
 * A daisyUI modal on a native <dialog>: showModal() moves focus inside and keeps it there,
 * Escape closes it, and closing hands focus back to the control that opened it. The parent
 * owns `open`; every way of closing ends in `onClose`, so the two never disagree.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  wide = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The id of the heading inside, which names the dialog. */
  labelledBy: string;
  /** Room for a table (a product's stock movements) beside the usual form's width. */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The browser delivers `close` later, as a task of its own, and a busy page (a toast
  // mounting, a list refetching) lets a click in first. A click that opens the dialog again
  // before the last close arrives must not have it shut at once by that old event.
  const closed = () => {
    if (!ref.current?.open) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={labelledBy}
      onClose={closed}
    >
      <div className={wide ? 'modal-box sm:max-w-5xl' : 'modal-box'}>{children}</div>
      {/* A click beside the box closes it; keyboard users have Escape and the Cancel button. */}
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}

/**
 * A dialog about one record (a product in Manage Products): open while there is one, its
 * body made for that record.
 */
export function RecordModal<T>({
  record,
  title,
  onClose,
  wide,
  footer,
  children,
}: {
  record: T | null;
  title: string;
  onClose: () => void;
  wide?: boolean;
  /** Under the body, shown while the dialog closes too. */
  footer?: ReactNode;
  children: (record: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal open={record !== null} onClose={onClose} labelledBy={titleId} wide={wide}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      {record !== null && children(record)}
      {footer}
    </Modal>
  );
}

/** A dialog's buttons: the way out first, where focus lands, then what the dialog is for. */
export function ModalActions({
  onCancel,
  cancelLabel = 'Cancel',
  flush = false,
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  /** Under a form whose own gap already spaces it. */
  flush?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={flush ? 'modal-action mt-0' : 'modal-action'}>
      <button type="button" className="btn" onClick={onCancel}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}

/**
 * The end of a dialog's form: the form's error line, then its buttons (the way out, and the
 * submit button, which spins while the request runs). `danger` for a submit that undoes
 * something (cancel an order, reject one).
 */
export function ModalFormFooter({
  error,
  onCancel,
  cancelLabel,
  pending,
  danger = false,
  children,
}: {
  error: string | null | undefined;
  onCancel: () => void;
  cancelLabel?: string;
  pending: boolean;
  danger?: boolean;
  /** What the submit button says. */
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <ModalActions onCancel={onCancel} cancelLabel={cancelLabel} flush>
        <BusyButton
          type="submit"
          className={danger ? 'btn btn-error text-white' : 'btn btn-primary'}
          pending={pending}
        >
          {children}
        </BusyButton>
      </ModalActions>
    </>
  );
}
