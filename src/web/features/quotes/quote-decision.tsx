import { useState } from 'react';
import { useNavigate } from 'react-router';
import { quoteNumberText, type Quote } from '../../../contract/quotes.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { orderRef } from '../../lib/order-text.ts';
import { useAcceptQuote, useDeclineQuote } from './api.ts';

/**
 * The quote's buttons. The buyer accepts a quoted quote (one order at its prices, then on to
 * paying for it) or declines it; the shop declines a request it will not quote.
 */
export function QuoteDecision({ quote, admin = false }: { quote: Quote; admin?: boolean }) {
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const ref = quoteNumberText(quote.number);
  const open = quote.status === 'requested' || quote.status === 'quoted';
  const canAccept = !admin && quote.status === 'quoted';
  if (!open && !(admin && quote.status === 'expired')) return null;

  const acceptQuote = () =>
    accept.mutate(quote._id, {
      onSuccess: (order) => {
        notify(
          'success',
          `Quote ${ref} accepted: ${orderRef(order)} holds the parts at the quoted prices.`,
        );
        void navigate(toPath(sitePaths.payment, { orderid: order._id }));
      },
      onError: (error) => notify('error', errorMessage(error)),
    });

  const declineQuote = () =>
    decline.mutate(
      { id: quote._id },
      {
        onSuccess: () => {
          setConfirming(false);
          notify('success', `Quote ${ref} is declined.`);
        },
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-3">
      {canAccept && (
        <BusyButton className="btn btn-primary" pending={accept.isPending} onClick={acceptQuote}>
          Accept quote
        </BusyButton>
      )}
      <button
        type="button"
        className="btn btn-outline btn-error"
        disabled={accept.isPending}
        onClick={() => {
          decline.reset();
          setConfirming(true);
        }}
      >
        Decline
      </button>
      {canAccept && (
        <p className="basis-full text-sm text-base-content/80">
          Accepting places one order at these prices and holds the parts; you then choose how to
          pay, as for any order.
        </p>
      )}
      <ConfirmModal
        open={confirming}
        title={`Decline quote ${ref}?`}
        confirmLabel="Decline"
        pending={decline.isPending}
        error={decline.error && errorMessage(decline.error)}
        onConfirm={declineQuote}
        onClose={() => setConfirming(false)}
      >
        <p>
          {admin
            ? 'The buyer sees that the shop declined it, and can no longer accept it.'
            : 'The shop sees that you declined it. Ask for a new quote from your cart at any time.'}
        </p>
      </ConfirmModal>
    </div>
  );
}
