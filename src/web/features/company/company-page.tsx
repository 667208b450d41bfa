import { sitePaths } from '../../../contract/site-paths.ts';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import {
  canManage,
  createCompanyRule,
  invitesQuery,
  inviteRule,
  membersQuery,
} from './company-api.ts';
import { CompanyOverview } from './company-overview.tsx';
import { companyLoader, CompanySection } from './company-section.tsx';
import { COMPANY_CREATED, CreateCompanyForm } from './create-company-form.tsx';
import { inviteSent, InvitesSection } from './invites-section.tsx';
import { MembersSection } from './members-section.tsx';

// The members once there is a company, and its invites for its owner and admins.
export const loader = companyLoader((company, call) =>
  company ? [membersQuery(call), ...(canManage(company) ? [invitesQuery(call)] : [])] : [],
);

/** The page's two forms posted before the script took over: create a company, and invite. */
export const action = intentAction({
  'create-company': () =>
    formAction(
      createCompanyRule,
      () => ({ to: sitePaths.company, toast: { kind: 'success', message: COMPANY_CREATED } }),
      { signedIn: true },
    ),
  invite: () =>
    formAction(
      inviteRule,
      (_invite, input) => ({
        to: sitePaths.company,
        toast: { kind: 'success', message: inviteSent(input.email) },
      }),
      { signedIn: true },
    ),
});

const META = {
  title: 'Company',
  description: 'Your company at ECParts: its details, members, invites and spending limits.',
};

/** Company: create one, or see it with its members; the owner and admins invite and manage. */
export function CompanyPage() {
  return (
    <CompanySection meta={META}>
      {(company) =>
        company === null ? (
          <CreateCompanyForm />
        ) : (
          <>
            <CompanyOverview company={company} />
            <MembersSection company={company} />
            {canManage(company) && <InvitesSection company={company} />}
          </>
        )
      }
    </CompanySection>
  );
}
