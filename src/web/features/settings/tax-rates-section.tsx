import { useState } from 'react';
import { countryName } from '../../../contract/countries.ts';
import type { TaxRate } from '../../../contract/tax-rules.ts';
import { numeric, RowDeleteButton } from '../../components/data-table.tsx';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { RecordModal } from '../../components/modal.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { notify } from '../../lib/notify.ts';
import { SettingsList } from './settings-list.tsx';
import { SettingsPart } from './settings-part.tsx';
import { TaxRateForm } from './tax-rate-form.tsx';
import { useDeleteTaxRate, useTaxRates } from './tax-rates-api.ts';

/** "Germany", "United States, CA". */
const placeText = (rate: TaxRate) =>
  rate.region ? `${countryName(rate.country)}, ${rate.region}` : countryName(rate.country);

/** What a rate's buttons and dialogs call it: "VAT 21% (Netherlands)". */
const rateName = (rate: TaxRate) => `${rate.name} ${rate.rate}% (${placeText(rate)})`;

/** Admin Settings' tax rates: the list, and a dialog to add or change one. */
export function TaxRatesSection() {
  const rates = useTaxRates();
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const close = () => setEditing(null);

  return (
    <SettingsPart
      title="Tax rates"
      description="The ship-to address picks the rate: its region's first, then its country's; none means no tax."
      addLabel="Add a tax rate"
      onAdd={() => setEditing('new')}
    >
      {rates.isPending ? (
        <SectionSpinner label="Loading the tax rates" />
      ) : rates.isError ? (
        <SectionError error={rates.error} />
      ) : rates.data.data.length === 0 ? (
        <p>No tax rates yet: no order is taxed.</p>
      ) : (
        <SettingsList
          label="All tax rates"
          columns={['Country', 'Region', numeric('Rate'), 'Name', 'Actions']}
          records={rates.data.data.map((rate) => ({
            key: rate._id,
            heading: (
              <>
                {countryName(rate.country)}{' '}
                <span className="font-normal text-base-content/70">({rate.country})</span>
              </>
            ),
            values: [rate.region ?? 'Whole country', `${rate.rate}%`, rate.name],
            actions: (
              <>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Edit ${rateName(rate)}`}
                  onClick={() => setEditing(rate)}
                >
                  Edit
                </button>
                <RowDeleteButton
                  label={`Delete ${rateName(rate)}`}
                  onClick={() => setDeleting(rate)}
                />
              </>
            ),
          }))}
        />
      )}
      <RecordModal
        record={editing}
        title={editing === 'new' ? 'Add a tax rate' : 'Edit tax rate'}
        onClose={close}
      >
        {(shown) => (
          <TaxRateForm
            key={shown === 'new' ? 'new' : shown._id}
            rate={shown === 'new' ? null : shown}
            onDone={close}
          />
        )}
      </RecordModal>
      <DeleteTaxRateModal rate={deleting} onClose={() => setDeleting(null)} />
    </SettingsPart>
  );
}

function DeleteTaxRateModal({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const remove = useDeleteTaxRate();
  const confirm = () => {
    if (!rate) return;
    remove.mutate(rate._id, {
      onSuccess: () => {
        notify('success', `${rateName(rate)} has been deleted.`);
        onClose();
      },
    });
  };
  return (
    <ConfirmModal
      open={rate !== null}
      title="Delete this tax rate?"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.variables === rate?._id ? remove.error?.message : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {rate && (
        <Details
          rows={[
            ['Place', placeText(rate)],
            ['Rate', `${rate.rate}%`],
            ['Name', rate.name],
          ]}
        />
      )}
      <p className="mt-3 text-sm">Orders already placed keep the tax they were charged.</p>
    </ConfirmModal>
  );
}
