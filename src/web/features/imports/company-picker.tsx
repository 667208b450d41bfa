import { useQuery } from '@tanstack/react-query';
import { groupDigits } from '../../../contract/number-text.ts';
import { companyChoicesQuery } from '../companies-admin/api.ts';

export const COMPANY_FIELD_ID = 'import-company';

/**
 * The company a dealer-prices file is for: a plain select, drawn by the server with its
 * companies, so the form works before the script does.
 */
export function CompanyPicker({
  defaultValue,
  invalid,
  onChange,
  ref,
}: {
  defaultValue: string;
  invalid: boolean;
  onChange: () => void;
  ref: React.Ref<HTMLSelectElement>;
}) {
  const companies = useQuery(companyChoicesQuery());
  const list = companies.data?.data ?? [];
  const more = (companies.data?.total ?? 0) > list.length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={COMPANY_FIELD_ID} className="font-medium">
        Company (for dealer prices)
      </label>
      <select
        // Drawn again once the companies arrive: a company chosen by the address (the
        // dealer-price table's Import from CSV) is then the one shown.
        key={companies.isPending ? 'loading' : 'loaded'}
        ref={ref}
        id={COMPANY_FIELD_ID}
        name="companyId"
        defaultValue={defaultValue}
        className={`select w-full max-w-md ${invalid ? 'select-error' : ''}`}
        aria-invalid={invalid || undefined}
        aria-busy={companies.isPending || undefined}
        aria-describedby={`${COMPANY_FIELD_ID}-hint`}
        onChange={onChange}
      >
        <option value="">Choose a company…</option>
        {list.map((company) => (
          <option key={company._id} value={company._id}>
            {company.name}
            {company.vatId ? ` (${company.vatId})` : ''}
          </option>
        ))}
      </select>
      <p id={`${COMPANY_FIELD_ID}-hint`} className="text-sm text-base-content/70">
        {companies.isError
          ? `The companies could not be loaded: ${companies.error.message}`
          : more
            ? `The first ${groupDigits(list.length)} companies by name.`
            : 'Its members pay the file’s ladders; nobody else sees them.'}
      </p>
    </div>
  );
}
