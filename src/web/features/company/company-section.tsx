import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { MyCompany } from '../../../contract/companies.ts';
import type { Call } from '../../lib/api-client.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { canManage, myCompanyQuery, useMyCompany } from './company-api.ts';
import { NotManager } from './not-manager.tsx';

// What the pages about the account's company share (Company, Approvals, Statement).

type Queries = ReturnType<Parameters<typeof ensureSignedIn>[1]>;

/**
 * A company page's route loader: the account's company, then, for the server's one render,
 * what `more` asks for once the company is known (the browser's page asks for those itself as
 * it draws each part).
 */
export function companyLoader(more: (company: MyCompany | null, call: Call) => Queries = () => []) {
  return async ({ context }: LoaderFunctionArgs) => {
    const page = pageOf(context);
    await ensureSignedIn(page, () => [myCompanyQuery(page.call)]);
    if (!page.waitForData) return null;
    const company = page.queryClient.getQueryData(myCompanyQuery().queryKey) ?? null;
    return ensureSignedIn(page, () => more(company, page.call));
  };
}

/** A dashboard page about the account's company: its heading, then the company (null: none). */
export function CompanySection({
  meta,
  children,
}: {
  meta: { title: string; description: string };
  children: (company: MyCompany | null) => ReactNode;
}) {
  const company = useMyCompany();
  return (
    <DashboardSection {...meta}>
      {company.isPending ? (
        <SectionSpinner label="Loading your company" />
      ) : company.isError ? (
        <SectionError error={company.error} />
      ) : (
        children(company.data)
      )}
    </DashboardSection>
  );
}

/** A page for the company's owner and admins, to `what`: anyone else is told who may. */
export function ManagersSection({
  meta,
  what,
  children,
}: {
  meta: { title: string; description: string };
  what: string;
  children: (company: MyCompany) => ReactNode;
}) {
  return (
    <CompanySection meta={meta}>
      {(company) =>
        company && canManage(company) ? (
          children(company)
        ) : (
          <NotManager company={company} what={what} />
        )
      }
    </CompanySection>
  );
}

/**
 * A titled part of a company page (the ledger, the members, the invites): its h2 names the
 * section for assistive technology, shown or for screen readers only (`titleHidden`).
 */
export function CompanyPart({
  id,
  title,
  titleHidden = false,
  className = 'flex flex-col gap-3',
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  titleHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleHidden ? 'sr-only' : 'text-xl font-semibold'}>
        {title}
      </h2>
      {children}
    </section>
  );
}
