import { Minus, Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { quantityProblem, type QuantityRule } from '../../contract/price-ladder.ts';
import { draftQuantity, stepDown, stepUp } from '../lib/quantity-steps.ts';

/**
 * − / number / + for one quantity (a cart line, or the product page's choice). The buttons
 * move by the pack size and never below the minimum; a typed number is sent on Enter or when
 * the field is left, and only if the rule allows it: otherwise the rule's own sentence shows
 * under it and nothing is sent. What is typed and not yet taken (`draft`) is kept by the
 * caller, who must not act on `quantity` while there is one: it is not what the field shows.
 * The caller also ends the draft, once `onChange` has taken it (a cart line: once saved).
 */
export function QuantityStepper({
  name,
  rule,
  quantity,
  draft,
  stock,
  pending,
  serverError,
  describedBy,
  inputName,
  onDraft,
  onChange,
}: {
  /** The part's name: it names the buttons and the field ("More Chain Wear Checker"). */
  name: string;
  rule: QuantityRule;
  /** What the cart holds now, or what is being sent. */
  quantity: number;
  /** The text typed in the field and not yet taken, or null. */
  draft: string | null;
  stock: number;
  pending: boolean;
  /** The server's refusal of the last change, if any. */
  serverError: string | null;
  /** More text that describes the field, by element id (a price hint beside it). */
  describedBy?: string;
  /** The field's name in a form posted without script (the product page's Add to cart). */
  inputName?: string;
  onDraft: (draft: string | null) => void;
  onChange: (quantity: number) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const down = stepDown(rule, quantity);
  const up = stepUp(rule, quantity);
  const upTooMany = up > stock;

  // Buttons are only marked disabled (aria-disabled): a truly disabled button drops the
  // keyboard focus of whoever just pressed it, once while the change is on its way.
  const step = (to: number | undefined, refused: boolean) => {
    if (pending || refused || to === undefined) return;
    onDraft(null);
    setProblem(null);
    onChange(to);
  };

  const commit = () => {
    if (draft === null || pending) return;
    const typed = draftQuantity(draft);
    const why = quantityProblem(rule, typed);
    if (why) {
      setProblem(why);
      return;
    }
    setProblem(null);
    if (typed === quantity) onDraft(null);
    else onChange(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      onDraft(null);
      setProblem(null);
    }
  };

  const message = problem ?? serverError;
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const hint =
    rule.packSize > 1 ? `Minimum ${rule.moq}, in packs of ${rule.packSize}` : `Minimum ${rule.moq}`;

  return (
    <div className="flex min-w-44 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-base-content/70">
        Quantity<span className="sr-only"> of {name}</span>
      </label>
      <div className="join">
        <button
          type="button"
          className={`btn btn-sm btn-square join-item ${down === undefined ? 'btn-disabled' : ''}`}
          aria-label={`Fewer ${name}`}
          aria-disabled={down === undefined || pending || undefined}
          title={down === undefined ? `The minimum for this part is ${rule.moq}` : undefined}
          onClick={() => step(down, false)}
        >
          <Minus size={16} aria-hidden="true" />
        </button>
        <input
          id={id}
          name={inputName}
          type="number"
          inputMode="numeric"
          min={rule.moq}
          step={rule.packSize}
          className={`input input-sm join-item w-24 text-center ${message ? 'input-error' : ''}`}
          value={draft ?? String(quantity)}
          aria-invalid={message ? true : undefined}
          aria-describedby={[message && messageId, hintId, describedBy].filter(Boolean).join(' ')}
          readOnly={pending}
          onChange={(event) => {
            onDraft(event.target.value);
            setProblem(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={`btn btn-sm btn-square join-item ${upTooMany ? 'btn-disabled' : ''}`}
          aria-label={`More ${name}`}
          aria-disabled={upTooMany || pending || undefined}
          title={upTooMany ? `Only ${stock} in stock` : undefined}
          onClick={() => step(up, upTooMany)}
        >
          <Plus size={16} aria-hidden="true" />
        </button>
      </div>
      <p id={hintId} className="text-xs text-base-content/70">
        {hint}
      </p>
      {message && (
        <p id={messageId} role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
