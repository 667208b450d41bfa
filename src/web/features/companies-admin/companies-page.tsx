import { Link } from 'react-router';
import type { CompanySummary } from '../../../contract/companies.ts';
import { balanceFigure, balanceText } from '../../../contract/credit-rules.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { DataTable, numeric } from '../../components/data-table.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useCompanies } from './api.ts';
import { termsText } from './company-text.ts';
import { vatIdText } from './company-vat-id.tsx';

const PAGE_SIZE = 20;

/** The shop admin's Companies: each trade account's terms, credit and dealer discount. */
export function CompaniesPage() {
  const { page, q, update, paging } = useListParams();
  const companies = useCompanies({ q: q || undefined, page, limit: PAGE_SIZE });
  return (
    <DashboardSection
      title="Companies"
      description="Trade accounts: payment terms, credit limits, dealer prices and payments."
    >
      <PagedList
        result={companies}
        {...paging}
        search={{
          id: 'company-search',
          name: 'Company search',
          label: 'Search companies',
          placeholder: 'Name or VAT ID',
          query: q,
          onSearch: (value) => update({ q: value }),
        }}
        loadingLabel="Loading companies"
        emptyText={q ? `No companies match “${q}”.` : 'No companies yet.'}
        count={(n) => counted(n, 'company', 'companies') + (q ? ` matching “${q}”` : '')}
      >
        {(rows) => (
          <>
            <div className="hidden md:block">
              <CompaniesTable companies={rows} />
            </div>
            <CompanyCards companies={rows} />
          </>
        )}
      </PagedList>
    </DashboardSection>
  );
}

function CompanyLink({ company }: { company: CompanySummary }) {
  return (
    <Link
      to={toPath(sitePaths.companyDetail, { companyid: company._id })}
      className="link font-semibold"
    >
      {company.name}
    </Link>
  );
}

function CompaniesTable({ companies }: { companies: CompanySummary[] }) {
  return (
    <DataTable
      label="Companies"
      columns={[
        'Company',
        'Terms',
        numeric('Credit limit'),
        numeric('Balance'),
        numeric('Available'),
        numeric('Discount'),
        numeric('Members'),
      ]}
    >
      {companies.map((company) => (
        <tr key={company._id}>
          <th scope="row" className="min-w-44 font-normal">
            <CompanyLink company={company} />
            {company.vatId && <p className="text-sm text-base-content/80">{vatIdText(company)}</p>}
          </th>
          <td className="whitespace-nowrap">{termsText(company.terms)}</td>
          <td className="text-right">{formatDollars(company.creditLimit)}</td>
          <td className="text-right">{balanceText(company.balance)}</td>
          <td className="text-right font-semibold">{formatDollars(company.available)}</td>
          <td className="text-right">{company.discountPercent}%</td>
          <td className="text-right">{company.members}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The same companies, one card each, below the md width. */
function CompanyCards({ companies }: { companies: CompanySummary[] }) {
  return (
    <ul aria-label="Companies" className="flex flex-col gap-3 md:hidden">
      {companies.map((company) => (
        <li key={company._id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <CompanyLink company={company} />
            <p className="text-sm wrap-anywhere text-base-content/80">
              {[
                company.vatId && vatIdText(company),
                termsText(company.terms),
                `${company.discountPercent}% off`,
                counted(company.members, 'member', 'members'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              {(
                [
                  ['Credit limit', formatDollars(company.creditLimit)],
                  [balanceFigure(company.balance).label, balanceFigure(company.balance).value],
                  ['Available', formatDollars(company.available)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-base-content/80">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
