import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';

const columns = [
  {
    title: 'Services',
    links: [
      { label: 'Bulk orders', to: `${sitePaths.shop}` },
      { label: 'Workshop tools', to: `${sitePaths.shop}?q=tool` },
      { label: 'Contact sales', to: `${sitePaths.home}#contact` },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About us', to: `${sitePaths.home}#why-us` },
      { label: 'Blog', to: sitePaths.blog },
      { label: 'Portfolio', to: sitePaths.portfolio },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of use', to: `${sitePaths.legal}#terms` },
      { label: 'Privacy policy', to: `${sitePaths.legal}#privacy` },
      { label: 'Cookie policy', to: `${sitePaths.legal}#cookies` },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <div className="max-w-xs">
          <img src="/images/logo.svg" alt="ECParts" width={160} height={40} loading="lazy" />
          <p>
            ECParts: bicycle spare parts and workshop tools.
            <br />
            Providing reliable services since 2019.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.label} to={link.to} className="link link-hover">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <p className="border-t border-base-300 py-4 text-center text-sm">All Right reserved - 2022</p>
    </footer>
  );
}
