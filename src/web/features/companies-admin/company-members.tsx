import type { CompanyMember } from '../../../contract/companies.ts';
import { formatDollars } from '../../../contract/money.ts';

const roleText: Record<CompanyMember['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  buyer: 'Buyer',
};

/** Who orders for the company (the company's owner and admins manage them on their side). */
export function CompanyMembers({ members }: { members: CompanyMember[] }) {
  if (members.length === 0) return <p>No members.</p>;
  return (
    <ul aria-label="Members" className="flex flex-col divide-y divide-base-300">
      {members.map((member) => (
        <li
          key={member.userId}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 py-2"
        >
          <div className="min-w-0">
            <p className="font-medium">{member.name}</p>
            <p className="text-sm wrap-anywhere text-base-content/80">{member.email}</p>
          </div>
          <div className="flex flex-col items-end gap-1 text-sm">
            <span className="badge badge-ghost">{roleText[member.role]}</span>
            {member.spendingLimit !== null && (
              <span>Spending limit {formatDollars(member.spendingLimit)}</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
