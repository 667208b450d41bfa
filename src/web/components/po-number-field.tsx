import type { MyCompany } from '../../contract/companies.ts';

// As contract/credit.ts's MAX_PO_NUMBER, without bringing zod into the pages' code.
const MAX_PO_NUMBER = 40;

/**
 * The PO number an order is charged to the company's account with (the checkout, the payment
 * page): its label says whether the company asks for one on every order. A refused number
 * marks the box, and `error`, when given, is said under it.
 */
export function PoNumberField({
  id,
  name,
  company,
  required,
  value,
  onChange,
  invalid,
  error,
}: {
  id: string;
  /** Posted with its form (before the script too). */
  name?: string;
  company: Pick<MyCompany, 'poRequired'>;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  error?: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        PO number{company.poRequired ? '' : ' (optional)'}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        className={`input w-full ${invalid ? 'input-error' : ''}`}
        maxLength={MAX_PO_NUMBER}
        required={required}
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
