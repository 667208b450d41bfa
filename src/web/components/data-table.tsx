import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

/** A column's heading; numbers line up on the right (see `numeric`). */
export type Column = string | { label: string; className: string };

/** The heading of a column of numbers, on the right like them. */
export const numeric = (label: string): Column => ({ label, className: 'text-right' });

/** A table's row of column headings. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * An admin list as a table: the spec's columns in its head, one row per record, and the whole
 * in a named box that scrolls sideways on phones.
 */
export function DataTable({
  label,
  columns,
  small = false,
  children,
}: {
  label: string;
  columns: Column[];
  small?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={small ? 'table table-sm' : 'table'}>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** A row's Delete: it opens the confirmation, so it only needs to say whose row it is. */
export function RowDeleteButton({
  label,
  onClick,
  disabled,
  title,
}: {
  /** The accessible name: rows repeat, so it names the record. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-error"
      disabled={disabled}
      title={title}
      aria-label={label}
      onClick={onClick}
    >
      Delete
    </button>
  );
}
