import { CreditCard } from 'lucide-react';
import { cardExpiry, cardName, type SavedCard } from '../../contract/saved-cards.ts';

/** A kept card as the buyer recognises it: brand, last four digits and expiry (or expired). */
export function SavedCardFace({ card }: { card: SavedCard }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CreditCard size={24} aria-hidden="true" className="shrink-0" />
      <span className="flex flex-col">
        <span className="font-medium">{cardName(card)}</span>
        <span className="text-sm text-base-content/80">
          {card.expired ? 'Expired' : 'Expires'} {cardExpiry(card)}
        </span>
      </span>
    </span>
  );
}
