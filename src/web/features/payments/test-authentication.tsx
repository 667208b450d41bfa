import { useId, useRef, useState } from 'react';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { authenticateTestCard } from './api.ts';

type Outcome = 'complete' | 'fail';

/**
 * The built-in test processor's 3-D Secure page, as Stripe's test modal: the buyer completes
 * or fails it, and closing it fails it. `ask` opens it and answers the paid intent's id, or
 * throws the decline the processor says (the same words as Stripe's).
 */
export function useTestAuthentication() {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const answer = useRef<((outcome: Outcome) => void) | null>(null);

  const ask = async (clientSecret: string) => {
    const outcome = await new Promise<Outcome>((resolve) => {
      answer.current = resolve;
      setOpen(true);
    });
    return (await authenticateTestCard(clientSecret, outcome)).paymentIntentId;
  };

  const choose = (outcome: Outcome) => {
    setOpen(false);
    answer.current?.(outcome);
    answer.current = null;
  };

  const dialog = (
    <Modal open={open} onClose={() => choose('fail')} labelledBy={titleId}>
      <h2 id={titleId} className="text-lg font-bold">
        Confirm this payment with your bank
      </h2>
      <p className="mt-3">Your card&apos;s bank asks you to confirm this payment (3-D Secure).</p>
      <p className="mt-2 text-sm text-base-content/80">
        Test mode: complete or fail the authentication as the bank&apos;s page would.
      </p>
      <ModalActions onCancel={() => choose('fail')} cancelLabel="Fail authentication">
        <button type="button" className="btn btn-primary" onClick={() => choose('complete')}>
          Complete authentication
        </button>
      </ModalActions>
    </Modal>
  );
  return { ask, dialog };
}
