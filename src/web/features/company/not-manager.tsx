import { Link } from 'react-router';
import type { MyCompany } from '../../../contract/companies.ts';
import { sitePaths } from '../../../contract/site-paths.ts';

/** For a buyer, or an account in no company, on a page for the company's owner and admins. */
export function NotManager({ company, what }: { company: MyCompany | null; what: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-100 p-6">
      <p>
        {company
          ? `Only ${company.name}'s owner or admins may ${what}.`
          : `You are not in a company yet. Create one, or ask your company's owner for an invite, to ${what}.`}
      </p>
      <Link to={sitePaths.company} className="btn btn-primary btn-sm">
        Go to Company
      </Link>
    </div>
  );
}
