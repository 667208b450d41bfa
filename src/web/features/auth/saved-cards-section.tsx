import { useState } from 'react';
import { cardName, type SavedCard } from '../../../contract/saved-cards.ts';
import { CardSection } from '../../components/card-section.tsx';
import { SavedCardFace } from '../../components/saved-card-face.tsx';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useRemoveSavedCard, useSavedCards } from '../payments/saved-cards-api.ts';

/** My Profile's saved cards: each with its brand, last four digits and expiry, and Remove. */
export function SavedCardsSection() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  return (
    <CardSection id="saved-cards-title" heading="Saved cards">
      {cards.isPending ? (
        <SectionSpinner label="Loading your saved cards" />
      ) : cards.isError ? (
        <SectionError error={cards.error} />
      ) : cards.data.data.length === 0 ? (
        <p>
          No saved cards. To keep one, tick &ldquo;Keep this card for next orders&rdquo; when you
          pay an order.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your saved cards">
          {cards.data.data.map((card) => (
            <li
              key={card._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-3"
            >
              <SavedCardFace card={card} />
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                aria-label={`Remove ${cardName(card)}`}
                onClick={() => {
                  remove.reset();
                  setRemoving(card);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-base-content/80">
        We keep only a card&apos;s brand, last four digits and expiry; the card itself stays with
        the payment processor.
      </p>
      <ConfirmModal
        open={removing !== null}
        title="Remove this card?"
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: () => {
              notify('success', 'Card removed');
              setRemoving(null);
            },
          })
        }
      >
        {removing && (
          <Details
            rows={[
              ['Card', cardName(removing)],
              ['Orders', 'Orders already paid with it stay paid.'],
            ]}
          />
        )}
      </ConfirmModal>
    </CardSection>
  );
}
