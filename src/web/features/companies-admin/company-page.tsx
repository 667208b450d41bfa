import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { CompanyDetail } from '../../../contract/companies.ts';
import { balanceFigure } from '../../../contract/credit-rules.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { companyQuery, useCompany } from './api.ts';
import { CompanyMembers } from './company-members.tsx';
import { CompanyStatement } from './company-statement.tsx';
import { termsText } from './company-text.ts';
import { CompanyTermsForm } from './company-terms-form.tsx';
import { CompanyVatId, vatIdText } from './company-vat-id.tsx';
import { DealerPrices } from './dealer-prices-form.tsx';
import { AdjustBalanceForm, RecordPaymentForm } from './ledger-forms.tsx';

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [companyQuery(params.companyid ?? '', page.call)]);
}

const META = {
  title: 'Company',
  description: 'A trade account: its terms, credit limit, dealer prices, payments and statement.',
};

/** One company for the shop admin: its terms, credit, prices, payments and statement. */
export function CompanyPage() {
  const { companyid = '' } = useParams();
  const company = useCompany(companyid);
  if (company.isPending) {
    return (
      <DashboardSection {...META}>
        <SectionSpinner label="Loading the company" />
      </DashboardSection>
    );
  }
  if (company.isError) {
    const missing = company.error instanceof ApiError && company.error.status === 404;
    return (
      <DashboardSection {...META}>
        {missing ? <p>This company does not exist.</p> : <SectionError error={company.error} />}
        <Link to={sitePaths.companies} className="btn btn-primary self-start">
          Go to Companies
        </Link>
      </DashboardSection>
    );
  }
  return <CompanyDetails company={company.data} />;
}

function CompanyDetails({ company }: { company: CompanyDetail }) {
  const { _id: id, name } = company;
  return (
    <DashboardSection title={name} description={META.description}>
      <p className="-mt-4 text-base-content/80">
        {[
          vatIdText(company),
          termsText(company.terms),
          company.poRequired ? 'PO number required' : 'PO number optional',
        ].join(' · ')}
      </p>
      <CompanyVatId company={company} />
      <CreditFigures company={company} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Terms and credit limit">
          <CompanyTermsForm company={company} />
        </SectionCard>
        <SectionCard title="Record payment">
          <RecordPaymentForm companyId={id} name={name} />
        </SectionCard>
      </div>
      <SectionCard title="Dealer prices">
        <DealerPrices companyId={id} name={name} />
      </SectionCard>
      <SectionCard title="Statement">
        <CompanyStatement companyId={id} name={name} />
      </SectionCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Adjustments">
          <AdjustBalanceForm companyId={id} name={name} />
        </SectionCard>
        <SectionCard title="Members">
          <CompanyMembers members={company.members} />
        </SectionCard>
      </div>
    </DashboardSection>
  );
}

/**
 * Where the company's credit stands: owed (or its credit balance: paid beyond what it owed),
 * still available, the limit, and overdue.
 */
function CreditFigures({ company }: { company: CompanyDetail }) {
  const balance = balanceFigure(company.balance);
  const figures: [label: string, value: string, tone?: string][] = [
    [balance.label, balance.value],
    ['Available credit', formatDollars(company.available)],
    ['Credit limit', formatDollars(company.creditLimit)],
    ['Overdue', formatDollars(company.overdue), company.overdue > 0 ? 'text-error' : undefined],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, value, tone]) => (
        <div key={label} className="rounded-box border border-base-300 bg-base-100 p-4">
          <dt className="text-sm text-base-content/80">{label}</dt>
          <dd className={`text-xl font-bold tabular-nums ${tone ?? ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
