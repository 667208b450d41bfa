import { useState } from 'react';
import type { ShippingMethod } from '../../../contract/shipping-rules.ts';
import { RowDeleteButton } from '../../components/data-table.tsx';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { RecordModal } from '../../components/modal.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { notify } from '../../lib/notify.ts';
import { SettingsList } from './settings-list.tsx';
import { SettingsPart } from './settings-part.tsx';
import { ShippingMethodForm } from './shipping-method-form.tsx';
import { countriesText, daysText, freeOverText, rateLines } from './shipping-method-text.ts';
import { useDeleteShippingMethod, useShippingMethods } from './shipping-methods-api.ts';

/** Admin Settings' shipping methods: the list, and a dialog to add or change one. */
export function ShippingMethodsSection() {
  const methods = useShippingMethods();
  const [editing, setEditing] = useState<ShippingMethod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShippingMethod | null>(null);
  const close = () => setEditing(null);

  return (
    <SettingsPart
      title="Shipping methods"
      description="What buyers may choose at checkout, priced for their cart and address."
      addLabel="Add a shipping method"
      onAdd={() => setEditing('new')}
    >
      {methods.isPending ? (
        <SectionSpinner label="Loading the shipping methods" />
      ) : methods.isError ? (
        <SectionError error={methods.error} />
      ) : methods.data.data.length === 0 ? (
        <p>No shipping methods yet: buyers cannot check out until there is one.</p>
      ) : (
        <SettingsList
          label="All shipping methods"
          columns={['Name', 'Countries', 'Rate', 'Free over', 'Delivery', 'Actions']}
          records={methods.data.data.map((method) => ({
            key: method._id,
            heading: method.name,
            values: [
              countriesText(method.countries),
              rateLines(method.rate).map((line) => (
                <span key={line} className="block whitespace-nowrap">
                  {line}
                </span>
              )),
              freeOverText(method),
              <span key="days" className="whitespace-nowrap">
                {daysText(method.deliveryDays)}
              </span>,
            ],
            actions: (
              <>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Edit ${method.name}`}
                  onClick={() => setEditing(method)}
                >
                  Edit
                </button>
                <RowDeleteButton
                  label={`Delete ${method.name}`}
                  onClick={() => setDeleting(method)}
                />
              </>
            ),
          }))}
        />
      )}
      <RecordModal
        record={editing}
        title={editing === 'new' ? 'Add a shipping method' : 'Edit shipping method'}
        onClose={close}
      >
        {(shown) => (
          <ShippingMethodForm
            key={shown === 'new' ? 'new' : shown._id}
            method={shown === 'new' ? null : shown}
            onDone={close}
          />
        )}
      </RecordModal>
      <DeleteShippingMethodModal method={deleting} onClose={() => setDeleting(null)} />
    </SettingsPart>
  );
}

function DeleteShippingMethodModal({
  method,
  onClose,
}: {
  method: ShippingMethod | null;
  onClose: () => void;
}) {
  const remove = useDeleteShippingMethod();
  const confirm = () => {
    if (!method) return;
    remove.mutate(method._id, {
      onSuccess: () => {
        notify('success', `${method.name} has been deleted.`);
        onClose();
      },
    });
  };
  return (
    <ConfirmModal
      open={method !== null}
      title="Delete this shipping method?"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.variables === method?._id ? remove.error?.message : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {method && (
        <Details
          rows={[
            ['Name', method.name],
            ['Countries', countriesText(method.countries)],
            ['Rate', rateLines(method.rate).join('; ')],
          ]}
        />
      )}
      <p className="mt-3 text-sm">Orders already placed keep the method and price they had.</p>
    </ConfirmModal>
  );
}
