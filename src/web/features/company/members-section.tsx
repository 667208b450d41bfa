import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CompanyMember, MyCompany } from '../../../contract/companies.ts';
import { bindingLimit, limitRefusal, type Authority } from '../../../contract/company-authority.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { ConfirmModal, Details } from '../../components/confirm-modal.tsx';
import { FormError, SelectField, TextField } from '../../components/form-fields.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { useSession } from '../../lib/session.ts';
import {
  authorityOf,
  canManage,
  useMakeOwner,
  useMembers,
  useRemoveMember,
  useUpdateMember,
} from './company-api.ts';
import { roleText } from './company-overview.tsx';
import { CompanyPart } from './company-section.tsx';

const limitText = (limit: number | null) => (limit === null ? 'None' : formatDollars(limit));

/** Who orders for the company: their role and spending limit; the owner and admins change them. */
export function MembersSection({ company }: { company: MyCompany }) {
  const members = useMembers();
  const { user } = useSession();
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const remove = useRemoveMember();
  const leaving = removing?.email === user?.email;
  const [handing, setHanding] = useState<CompanyMember | null>(null);
  const makeOwner = useMakeOwner();
  const owner = company.role === 'owner';

  return (
    <CompanyPart id="company-members" title="Members" className="flex flex-col gap-4">
      {members.isPending ? (
        <SectionSpinner label="Loading the members" />
      ) : members.isError ? (
        <SectionError error={members.error} />
      ) : (
        <ul aria-label="Members" className="grid items-start gap-4 lg:grid-cols-2">
          {members.data.data.map((member) => (
            <MemberCard
              key={member.userId}
              member={member}
              manage={canManage(company) && member.role !== 'owner'}
              authority={authorityOf(company)}
              self={member.email === user?.email}
              onRemove={() => {
                remove.reset();
                setRemoving(member);
              }}
              onMakeOwner={
                owner && member.role !== 'owner'
                  ? () => {
                      makeOwner.reset();
                      setHanding(member);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <ConfirmModal
        open={removing !== null}
        title={leaving ? `Leave ${company.name}?` : `Remove ${removing?.name ?? ''}?`}
        confirmLabel={leaving ? 'Leave company' : 'Remove'}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              notify(
                'success',
                leaving ? `You have left ${company.name}.` : `${removing.name} has been removed.`,
              );
              setRemoving(null);
            },
          })
        }
      >
        {removing && (
          <Details
            rows={[
              ['Member', `${removing.name} (${removing.email})`],
              ['Orders', 'Orders already placed stay with the company.'],
            ]}
          />
        )}
      </ConfirmModal>
      <ConfirmModal
        open={handing !== null}
        title={`Make ${handing?.name ?? ''} the owner of ${company.name}?`}
        confirmLabel="Make owner"
        pending={makeOwner.isPending}
        error={makeOwner.isError ? errorMessage(makeOwner.error) : null}
        onClose={() => setHanding(null)}
        onConfirm={() =>
          handing &&
          makeOwner.mutate(handing.userId, {
            onSuccess: () => {
              notify('success', `${handing.name} now owns ${company.name}: you are an admin.`);
              setHanding(null);
            },
          })
        }
      >
        {handing && (
          <Details
            rows={[
              ['New owner', `${handing.name} (${handing.email})`],
              ['Their limit', 'None: an owner approves any order and sets any limit.'],
              ['You', 'Become an admin. Only the new owner can hand the company on again.'],
            ]}
          />
        )}
      </ConfirmModal>
    </CompanyPart>
  );
}

function MemberCard({
  member,
  manage,
  authority,
  self,
  onRemove,
  onMakeOwner,
}: {
  member: CompanyMember;
  manage: boolean;
  authority: Authority;
  self: boolean;
  onRemove: () => void;
  /** Only for the owner, on another member. */
  onMakeOwner: (() => void) | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const label = `${member.name}${self ? ' (you)' : ''}`;
  return (
    <li aria-label={label} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{label}</h3>
          <span className="badge badge-outline">{roleText[member.role]}</span>
        </div>
        <p className="text-sm wrap-anywhere text-base-content/80">{member.email}</p>
        {editing ? (
          <EditMemberForm member={member} authority={authority} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/80">Spending limit</dt>
            <dd>{limitText(member.spendingLimit)}</dd>
            <dt className="text-base-content/80">Joined</dt>
            <dd>
              <time dateTime={member.joinedAt}>{dayText(member.joinedAt)}</time>
            </dd>
          </dl>
        )}
        {!editing && (manage || (self && member.role !== 'owner')) && (
          <div className="card-actions">
            {manage && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Change ${member.name}`}
                onClick={() => setEditing(true)}
              >
                Change
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={self ? 'Leave the company' : `Remove ${member.name}`}
              onClick={onRemove}
            >
              {self ? 'Leave' : 'Remove'}
            </button>
            {onMakeOwner && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Make ${member.name} the owner`}
                onClick={onMakeOwner}
              >
                Make owner
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

type MemberValues = { role: 'admin' | 'buyer'; spendingLimit: string };

/**
 * The role, and the spending limit in dollars (empty: none). A limit the caller may not give
 * (none, or above their own) is refused here with the server's own sentence, before it posts.
 */
function EditMemberForm({
  member,
  authority,
  onDone,
}: {
  member: CompanyMember;
  authority: Authority;
  onDone: () => void;
}) {
  const update = useUpdateMember();
  const form = useForm<MemberValues>({
    defaultValues: {
      role: member.role === 'admin' ? 'admin' : 'buyer',
      spendingLimit: member.spendingLimit === null ? '' : String(member.spendingLimit),
    },
  });
  const id = (name: string) => `member-${member.userId}-${name}`;
  const own = bindingLimit(authority);
  const submit = form.handleSubmit(({ role, spendingLimit }) => {
    const limit = spendingLimit.trim() === '' ? null : Number(spendingLimit);
    if (limit !== null && !(Number.isFinite(limit) && limit >= 0)) {
      form.setError('spendingLimit', {
        message: 'Enter the limit in dollars, like 500 or 1250.50',
      });
      return;
    }
    const cents = limit === null ? null : dollarsToCents(limit);
    const before = member.spendingLimit === null ? null : dollarsToCents(member.spendingLimit);
    const refusal = cents === before ? null : limitRefusal(authority, cents, 'member');
    if (refusal) {
      form.setError('spendingLimit', { message: refusal });
      return;
    }
    update.mutate(
      { userId: member.userId, role, spendingLimit: limit },
      {
        onSuccess: () => {
          notify('success', `${member.name}'s role and limit have been saved.`);
          onDone();
        },
      },
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Change ${member.name}`}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField id={id('role')} label="Role" registration={form.register('role')}>
          <option value="buyer">Buyer</option>
          <option value="admin">Admin</option>
        </SelectField>
        <TextField
          id={id('limit')}
          label="Spending limit ($)"
          inputMode="decimal"
          hint={
            own === null
              ? 'Empty: no limit.'
              : `At most ${formatDollars(own / 100)}, your own limit: only the owner can lift a limit.`
          }
          registration={form.register('spendingLimit')}
          error={form.formState.errors.spendingLimit?.message}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <BusyButton type="submit" className="btn btn-primary btn-sm" pending={update.isPending}>
          Save
        </BusyButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
      <FormError message={update.isError ? errorMessage(update.error) : null} />
    </form>
  );
}
