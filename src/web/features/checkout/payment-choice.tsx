import type { MyCompany } from '../../../contract/companies.ts';
import type { PaymentMethod } from '../../../contract/company-kinds.ts';
import { formatDollars } from '../../../contract/money.ts';
import { PoNumberField } from '../../components/po-number-field.tsx';

/** What the buyer picked: card, or the company's account with its PO number. */
export type PaymentPick = { paymentMethod: PaymentMethod; poNumber: string };

/** The account first when it has terms and room for the order; the card otherwise. */
export const initialPick = (
  company: MyCompany | null,
  grandTotal: number,
  /** What a refused post (before the script) had picked. */
  posted?: Record<string, string>,
): PaymentPick => ({
  paymentMethod:
    posted?.paymentMethod === 'account' || posted?.paymentMethod === 'card'
      ? posted.paymentMethod
      : company?.terms && company.available >= grandTotal
        ? 'account'
        : 'card',
  poNumber: posted?.poNumber ?? '',
});

/**
 * How a company member pays: by card on the next page, or "Charge to account" with the PO
 * number and the credit still available. Real radios and a real field inside the Place order
 * form, so the choice is posted with it before the script has loaded too.
 */
export function PaymentChoice({
  company,
  grandTotal,
  pick,
  onPick,
  poError,
}: {
  company: MyCompany;
  grandTotal: number;
  pick: PaymentPick;
  onPick: (pick: PaymentPick) => void;
  poError?: string | null;
}) {
  const onAccount = pick.paymentMethod === 'account';
  const overCredit = company.terms !== null && grandTotal > company.available;
  const overLimit = company.spendingLimit !== null && grandTotal > company.spendingLimit;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">Payment</legend>
      <label className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary has-checked:bg-primary/5">
        <input
          type="radio"
          className="radio mt-0.5 radio-sm radio-primary"
          name="paymentMethod"
          value="card"
          checked={!onAccount}
          onChange={() => onPick({ ...pick, paymentMethod: 'card' })}
        />
        <span className="flex flex-col font-semibold">
          Card
          <span className="text-sm font-normal text-base-content/80">Pay on the next page.</span>
        </span>
      </label>
      <label
        className={`flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary has-checked:bg-primary/5 ${
          company.terms ? 'cursor-pointer' : 'opacity-70'
        }`}
      >
        <input
          type="radio"
          className="radio mt-0.5 radio-sm radio-primary"
          name="paymentMethod"
          value="account"
          disabled={!company.terms}
          checked={onAccount}
          onChange={() => onPick({ ...pick, paymentMethod: 'account' })}
        />
        <span className="flex min-w-0 flex-col font-semibold">
          Charge to account
          {company.terms ? (
            <>
              <span className="text-sm font-normal">
                Available credit: <strong>{formatDollars(company.available)}</strong>
              </span>
              <span className="text-sm font-normal text-base-content/80">
                {company.name}, invoiced now, due in {company.terms.netDays} days.
              </span>
            </>
          ) : (
            <span className="text-sm font-normal text-base-content/80">
              Your company has no payment terms yet: pay by card.
            </span>
          )}
        </span>
      </label>
      {/* Drawn whenever the account can be used, so a post before the script can carry it. */}
      {company.terms && (
        <PoNumberField
          id="checkout-po-number"
          name="poNumber"
          company={company}
          required={onAccount && company.poRequired}
          value={pick.poNumber}
          onChange={(poNumber) => onPick({ ...pick, poNumber })}
          invalid={Boolean(poError)}
          error={poError}
        />
      )}
      {onAccount && overCredit && (
        <p className="text-sm text-warning-content" role="status">
          This order is over the available credit: pay by card, or ask your company to settle its
          balance.
        </p>
      )}
      {overLimit && (
        <p className="rounded-box bg-warning/20 p-2 text-sm" role="status">
          Over your spending limit of {formatDollars(company.spendingLimit ?? 0)}: the order waits
          for approval by your company's owner or an admin.
        </p>
      )}
    </fieldset>
  );
}
