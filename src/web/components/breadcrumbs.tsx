import { Link } from 'react-router';
import { JsonLd } from '../lib/json-ld.tsx';
import { useSiteOrigin } from '../lib/site-origin.tsx';
import { breadcrumbList } from '../lib/structured-data.ts';

export type Crumb = { name: string; path: string };

/**
 * The way from the home page to this one (Home › Shop › Drivetrain › Chains): links for people,
 * the same trail as BreadcrumbList JSON-LD for search engines. The last crumb is this page.
 */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const origin = useSiteOrigin();
  return (
    <>
      <JsonLd data={breadcrumbList(origin, trail)} />
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ol>
          {trail.map((crumb, i) =>
            i === trail.length - 1 ? (
              <li key={crumb.path}>
                <span aria-current="page">{crumb.name}</span>
              </li>
            ) : (
              <li key={crumb.path}>
                <Link to={crumb.path} className="link-hover">
                  {crumb.name}
                </Link>
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
