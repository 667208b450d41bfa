/** Server-side paging: fine at 10,000 rows, since only one page loads. */
export function Pager({
  page,
  totalPages,
  onPage,
  edges = true,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** First and Last too: the admin tables run to hundreds of pages, the shop to a few. */
  edges?: boolean;
}) {
  if (totalPages <= 1) return null;
  const button = (label: string, target: number, disabled: boolean) => (
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
