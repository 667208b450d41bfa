import { Link } from 'react-router';

/** Server-side paging: fine at 10,000 rows, since only one page loads. */
export function Pager({
  page,
  totalPages,
  onPage,
  edges = true,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** First and Last too: the admin tables run to hundreds of pages, the shop to a few. */
  edges?: boolean;
  /**
   * The address of a page, where the page is in the address (the shop): the pager is then made
   * of links, which work before the script has loaded and which crawlers follow.
   */
  hrefFor?: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const button = (label: string, target: number, disabled: boolean) =>
    hrefFor && !disabled ? (
      <Link
        to={hrefFor(target)}
        className="btn btn-sm btn-outline join-item"
        onClick={(event) => {
          // A new tab or window is the browser's to open; otherwise the list changes page in
          // place, as the tables' buttons do.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onPage(target);
        }}
      >
        {label}
      </Link>
    ) : (
      <button
        type="button"
        className="btn btn-sm btn-outline join-item"
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        {label}
      </button>
    );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-3">
      <div className="join">
        {edges && button('First', 1, page <= 1)}
        {button('Previous', page - 1, page <= 1)}
      </div>
      <p aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <div className="join">
        {button('Next', page + 1, page >= totalPages)}
        {edges && button('Last', totalPages, page >= totalPages)}
      </div>
    </nav>
  );
}
