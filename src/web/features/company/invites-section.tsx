import type { Resolver } from 'react-hook-form';
import type { CompanyInvite, MyCompany } from '../../../contract/companies.ts';
import { bindingLimit, limitRefusal } from '../../../contract/company-authority.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { FormError, SelectField, SubmitButton, TextField } from '../../components/form-fields.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ruleResolver } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { useIntentForm } from '../../lib/use-intent-form.ts';
import { authorityOf, inviteRule, useInvite, useInvites, useRevokeInvite } from './company-api.ts';
import type { InviteForm } from './company-forms.ts';
import { roleText } from './company-overview.tsx';
import { CompanyPart } from './company-section.tsx';

const checkInvite = ruleResolver(inviteRule);
export const inviteSent = (email: string) => `Invite sent to ${email}.`;

type InviteValues = { email: string; role: 'admin' | 'buyer'; spendingLimit: string };

/** Invite someone by email, and the invites not yet accepted (owner and admins only). */
export function InvitesSection({ company }: { company: MyCompany }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <InviteForm company={company} />
      <CompanyPart id="company-invites" title="Pending invites">
        <PendingInvites />
      </CompanyPart>
    </div>
  );
}

/**
 * An admin bound by a limit of their own invites with a limit no higher: the form says so, and
 * refuses with the server's sentence before it posts (the server refuses it too, 403).
 */
function InviteForm({ company }: { company: MyCompany }) {
  const authority = authorityOf(company);
  const own = bindingLimit(authority);
  const invite = useInvite();
  // The resolver turns the typed limit into dollars (or none), as the page's action does.
  const { form, field, showRefusal, formError } = useIntentForm<InviteValues, InviteForm>({
    intent: 'invite',
    names: ['email', 'role', 'spendingLimit'],
    resolver: checkInvite as unknown as Resolver<InviteValues, unknown, InviteForm>,
    keep: (posted) => ({
      email: posted?.email ?? '',
      role: posted?.role === 'admin' ? 'admin' : 'buyer',
      spendingLimit: posted?.spendingLimit ?? '',
    }),
  });

  const submit = form.handleSubmit((input) => {
    const cents = input.spendingLimit === undefined ? null : dollarsToCents(input.spendingLimit);
    const refusal = limitRefusal(authority, cents, 'invite');
    if (refusal) {
      form.setError('spendingLimit', { message: refusal });
      return;
    }
    invite.mutate(input, {
      onSuccess: () => {
        notify('success', inviteSent(input.email));
        form.reset({ email: '', role: 'buyer', spendingLimit: '' });
      },
      onError: showRefusal,
    });
  });

  return (
    <FormCard titleId="invite-title" title="Invite" heading="h2" onSubmit={submit} method="post">
      <input type="hidden" name="intent" value="invite" />
      <p className="text-sm text-base-content/80">
        We mail a link that works once, for 7 days, for this email only.
      </p>
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        autoComplete="off"
        required
        {...field('email')}
      />
      <SelectField id="invite-role" label="Role" {...field('role')}>
        <option value="buyer">Buyer: places orders</option>
        <option value="admin">Admin: also manages the company</option>
      </SelectField>
      <TextField
        id="invite-limit"
        label={own === null ? 'Spending limit ($, optional)' : 'Spending limit ($)'}
        inputMode="decimal"
        required={own !== null}
        hint={
          own === null
            ? 'Their orders over it wait for your approval. Empty: no limit.'
            : `Their orders over it wait for approval. At most ${formatDollars(own / 100)}, your own limit: only the owner invites without one.`
        }
        {...field('spendingLimit')}
      />
      <SubmitButton pending={invite.isPending}>Send invite</SubmitButton>
      <FormError message={formError(invite.error)} />
    </FormCard>
  );
}

function PendingInvites() {
  const invites = useInvites();
  const revoke = useRevokeInvite();
  if (invites.isPending) return <SectionSpinner label="Loading the invites" />;
  if (invites.isError) return <SectionError error={invites.error} />;
  if (invites.data.data.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
        No invites waiting.
      </p>
    );
  }
  return (
    <ul aria-label="Pending invites" className="flex flex-col gap-3">
      {invites.data.data.map((invite) => (
        <PendingInvite
          key={invite._id}
          invite={invite}
          pending={revoke.isPending && revoke.variables === invite._id}
          onRevoke={() =>
            revoke.mutate(invite._id, {
              onSuccess: () => notify('success', `The invite to ${invite.email} is revoked.`),
              onError: (error) => notify('error', errorMessage(error)),
            })
          }
        />
      ))}
    </ul>
  );
}

function PendingInvite({
  invite,
  pending,
  onRevoke,
}: {
  invite: CompanyInvite;
  pending: boolean;
  onRevoke: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{invite.email}</p>
        <p className="text-sm text-base-content/80">
          {roleText[invite.role]}
          {invite.spendingLimit !== null && `, limit ${formatDollars(invite.spendingLimit)}`} ·
          until <time dateTime={invite.expiresAt}>{dayText(invite.expiresAt)}</time>
        </p>
      </div>
      <BusyButton
        className="btn btn-outline btn-error btn-sm"
        pending={pending}
        aria-label={`Revoke the invite to ${invite.email}`}
        onClick={onRevoke}
      >
        Revoke
      </BusyButton>
    </li>
  );
}
