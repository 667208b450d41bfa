import type { LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import {
  canManage,
  createCompanyRule,
  invitesQuery,
  inviteRule,
  membersQuery,
  myCompanyQuery,
  useMyCompany,
} from './company-api.ts';
import { CompanyOverview } from './company-overview.tsx';
import { COMPANY_CREATED, CreateCompanyForm } from './create-company-form.tsx';
import { inviteSent, InvitesSection } from './invites-section.tsx';
import { MembersSection } from './members-section.tsx';

export async function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  await ensureSignedIn(page, () => [myCompanyQuery(page.call)]);
  // The members once there is a company, and its invites for its owner and admins: the server
  // draws them all; the browser's page asks for them as it draws each part.
  const company = page.queryClient.getQueryData(myCompanyQuery().queryKey);
  if (!page.waitForData || !company) return null;
  return ensureSignedIn(page, () => [
    membersQuery(page.call),
    ...(canManage(company) ? [invitesQuery(page.call)] : []),
  ]);
}

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
  const company = useMyCompany();
  return (
    <DashboardSection {...META}>
      {company.isPending ? (
        <SectionSpinner label="Loading your company" />
      ) : company.isError ? (
        <SectionError error={company.error} />
      ) : company.data === null ? (
        <CreateCompanyForm />
      ) : (
        <>
          <CompanyOverview company={company.data} />
          <MembersSection company={company.data} />
          {canManage(company.data) && <InvitesSection company={company.data} />}
        </>
      )}
    </DashboardSection>
  );
}
