import { MapPin } from 'lucide-react';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { Address } from '../../../contract/addresses.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { Details, ConfirmModal } from '../../components/confirm-modal.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { notify } from '../../lib/notify.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { AddressLines, DefaultBadges } from '../../components/address-lines.tsx';
import { AddressForm } from '../../components/address-form.tsx';
import {
  addressesQuery,
  addressRule,
  useAddresses,
  useDeleteAddress,
  useSaveAddress,
} from './api.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [addressesQuery(page.call)]);
}

const SAVED = 'Address saved';

/** An address added or changed before the script took over: the page again, saying so. */
export const action = intentAction({
  address: (fields) =>
    formAction(
      addressRule(String(fields.get('id') ?? '') || undefined),
      () => ({ to: sitePaths.myAddresses, toast: { kind: 'success', message: SAVED } }),
      { signedIn: true },
    ),
});

/** My Addresses: where orders go and who they are billed to, with the two defaults. */
export function MyAddressesPage() {
  const addresses = useAddresses();
  return (
    <DashboardSection
      title="My Addresses"
      description="Your ECParts address book: where orders are shipped and billed."
    >
      {addresses.isPending ? (
        <SectionSpinner label="Loading your addresses" />
      ) : addresses.isError ? (
        <SectionError error={addresses.error} />
      ) : (
        <AddressBook addresses={addresses.data.data} />
      )}
    </DashboardSection>
  );
}

function AddressBook({ addresses }: { addresses: Address[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  const save = useSaveAddress();
  const add = useSaveAddress();

  return (
    <>
      {addresses.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-8 text-center">
          <MapPin size={36} className="text-base-content/50" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No addresses yet</h2>
          <p>Add where your orders should go, and who they are billed to.</p>
        </div>
      ) : (
        <ul aria-label="Your addresses" className="grid gap-4 lg:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address._id}
              className="card border border-base-300 bg-base-100 shadow-sm"
              aria-label={address.label || address.name}
            >
              <div className="card-body gap-3">
                {editing === address._id ? (
                  <AddressForm
                    idPrefix={`edit-${address._id}`}
                    title={`Edit ${address.label || address.name}`}
                    address={address}
                    intent="address"
                    submitLabel="Save address"
                    save={save}
                    onSaved={() => {
                      notify('success', SAVED);
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="card-title text-base">{address.label || address.name}</h2>
                      <DefaultBadges address={address} />
                    </div>
                    <AddressLines address={address} />
                    <div className="card-actions">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        aria-label={`Edit ${address.label || address.name}`}
                        onClick={() => setEditing(address._id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-error"
                        aria-label={`Delete ${address.label || address.name}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(address);
                        }}
                      >
                        Delete
                      </button>
                    </div>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <AddressForm
            idPrefix="new-address"
            title="Add an address"
            intent="address"
            submitLabel="Add address"
            save={add}
            onSaved={() => notify('success', 'Address added')}
          />
        </div>
      </div>
      <ConfirmModal
        open={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              notify('success', 'Address deleted');
              setDeleting(null);
            },
          })
        }
      >
        {deleting && (
          <Details
            rows={[
              ['Address', <AddressLines key="a" address={deleting} />],
              ['Orders', 'Orders already placed keep their own copy.'],
            ]}
          />
        )}
      </ConfirmModal>
    </>
  );
}
