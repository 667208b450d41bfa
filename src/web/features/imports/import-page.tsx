import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import type { ImportPreview as Preview } from '../../../contract/imports.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { companyChoicesQuery } from '../companies-admin/api.ts';
import { importKeys, importQuery, jobQuery, useImport } from './api.ts';
import { importAction } from './import-action.ts';
import { ImportApply } from './import-apply.tsx';
import { ImportForm } from './import-form.tsx';
import { kindLabel } from './import-kinds.ts';
import { ImportPreview } from './import-preview.tsx';

/**
 * The import named in the address (`?import=`), so a reload finds it again, and its apply's
 * job once it has one: on the server both are drawn in the one render.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const id = new URL(request.url).searchParams.get('import');
  // The dealer-prices company picker's companies, drawn with the form.
  const companies = companyChoicesQuery(page.call);
  if (!id) return ensureSignedIn(page, () => [companies]);
  await ensureSignedIn(page, () => [importQuery(id, page.call), companies]);
  const jobId = page.queryClient.getQueryData<Preview>(importKeys.detail(id))?.jobId;
  if (jobId) await ensureSignedIn(page, () => [jobQuery(jobId, page.call)]);
  return null;
}

export const action = importAction;

const META = {
  title: 'Import',
  description:
    'Add and change products, stock counts, list prices and a company’s dealer prices from a CSV file: check the file, see what it would change, then apply it all at once.',
};

/**
 * Dashboard, Import (issue 33): the checked file first when there is one (its errors, Apply
 * and progress), then the form to check a file, a first one or the fixed one.
 */
export function ImportPage() {
  const [params] = useSearchParams();
  const id = params.get('import');
  const preview = useImport(id);
  const heading = useFocusOnChange(id);
  const companies = useQuery(companyChoicesQuery());
  const company = companies.data?.data.find((c) => c._id === preview.data?.companyId);
  const title = preview.data
    ? `Checked: ${kindLabel(preview.data.kind)}${company ? ` for ${company.name}` : ''}`
    : 'Checked file';
  return (
    <DashboardSection {...META}>
      {id && (
        <section
          aria-labelledby="import-checked-title"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-4 p-4 sm:p-6">
            <h2
              id="import-checked-title"
              ref={heading}
              tabIndex={-1}
              className="card-title text-lg"
            >
              {title}
            </h2>
            {preview.isPending ? (
              <SectionSpinner label="Loading the checked file" />
            ) : preview.isError ? (
              <Missing error={preview.error} />
            ) : (
              <>
                <ImportPreview preview={preview.data} />
                <ImportApply preview={preview.data} />
                {preview.data.companyId && (
                  <Link
                    to={toPath(sitePaths.companyPrices, { companyid: preview.data.companyId })}
                    className="link self-start"
                  >
                    See the dealer prices of {company?.name ?? 'this company'}
                  </Link>
                )}
              </>
            )}
          </div>
        </section>
      )}
      {/* A link may choose the kind and company (the dealer-price table's Import from CSV). */}
      <ImportForm
        kind={preview.data?.kind ?? params.get('kind') ?? undefined}
        companyId={preview.data?.companyId ?? params.get('company')}
      />
    </DashboardSection>
  );
}

/**
 * A file just checked: its heading takes the focus, so a screen reader reads on from the
 * preview that appeared (the page itself shows it at the top). Not on the page's first draw.
 */
function useFocusOnChange(id: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(id);
  useEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    heading.current?.focus();
  }, [id]);
  return heading;
}

function Missing({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 404) {
    return <p>This import does not exist. Check a file above to start one.</p>;
  }
  return <SectionError error={error} />;
}
