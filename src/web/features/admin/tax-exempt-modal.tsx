import { useForm, useWatch } from 'react-hook-form';
import type { UserRecord } from '../../../contract/users.ts';
import { taxExemptInput, type TaxDetails, type TaxExemptInput } from '../../../contract/vat-id.ts';
import { Details } from '../../components/confirm-modal.tsx';
import { FormError, TextField } from '../../components/form-fields.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { ModalActions, RecordModal } from '../../components/modal.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { notify } from '../../lib/notify.ts';
import { useSetTaxExempt, useUserTax } from './users-api.ts';
import { VatVerifiedButton, vatIdText } from './vat-verified-button.tsx';

/**
 * Whether an account pays tax: an exempt one names its exemption certificate. Its VAT ID is
 * marked verified here too (only a verified one zero-rates EU orders).
 */
export function TaxExemptModal({
  user,
  onClose,
}: {
  user: UserRecord | null;
  onClose: () => void;
}) {
  return (
    <RecordModal record={user} title="Tax exemption" onClose={onClose}>
      {(shown) => <TaxExemptBody key={shown._id} user={shown} onDone={onClose} />}
    </RecordModal>
  );
}

function TaxExemptBody({ user, onDone }: { user: UserRecord; onDone: () => void }) {
  const tax = useUserTax(user._id);
  return (
    <div className="mt-2 flex flex-col gap-4">
      <p className="wrap-anywhere">
        {user.name} ({user.email})
      </p>
      {tax.isPending ? (
        <SectionSpinner label="Loading the tax details" />
      ) : tax.isError ? (
        <>
          <SectionError error={tax.error} />
          <ModalActions onCancel={onDone} flush />
        </>
      ) : (
        <TaxExemptForm user={user} tax={tax.data} onDone={onDone} />
      )}
    </div>
  );
}

type Values = { exempt: boolean; certificate: string };
const fieldOf: FieldOf<Values> = (path) =>
  path === 'exempt' || path === 'certificate' ? path : undefined;
const resolver = inputResolver(taxExemptInput, (values: Values) => values, fieldOf);

function TaxExemptForm({
  user,
  tax,
  onDone,
}: {
  user: UserRecord;
  tax: TaxDetails;
  onDone: () => void;
}) {
  const save = useSetTaxExempt();
  const form = useForm<Values, unknown, TaxExemptInput>({
    resolver,
    defaultValues: { exempt: tax.taxExempt, certificate: tax.exemptCertificate },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const exempt = useWatch({ control, name: 'exempt' });
  const id = `tax-exempt-${user._id}`;

  const submit = form.handleSubmit((input) =>
    save.mutate(
      // A taxed account keeps no certificate.
      { id: user._id, input: input.exempt ? input : { exempt: false, certificate: '' } },
      {
        onSuccess: (saved) => {
          notify(
            'success',
            saved.taxExempt
              ? `${user.email} is tax-exempt (certificate ${saved.exemptCertificate}).`
              : `${user.email} pays tax.`,
          );
          onDone();
        },
        onError: (error) => showFieldIssue(form, error, fieldOf),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Details
        rows={[
          ['Company', tax.companyName || '—'],
          ['VAT ID', vatIdText(tax)],
        ]}
      />
      <VatVerifiedButton userId={user._id} email={user.email} tax={tax} />
      <label className="flex items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary" {...register('exempt')} />
        <span className="font-medium">Tax-exempt: this account pays no tax</span>
      </label>
      {exempt && (
        <TextField
          id={`${id}-certificate`}
          label="Exemption certificate reference"
          maxLength={120}
          required
          spellCheck={false}
          hint="Each new order of the account keeps it"
          registration={register('certificate')}
          error={errors.certificate?.message}
        />
      )}
      <FormError message={errors.root?.message ?? formErrorOf(save.error, fieldOf)} />
      <ModalActions onCancel={onDone} flush>
        <BusyButton type="submit" className="btn btn-primary" pending={save.isPending}>
          Save
        </BusyButton>
      </ModalActions>
    </form>
  );
}
