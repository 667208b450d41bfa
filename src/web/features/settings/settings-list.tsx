import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../components/data-table.tsx';

/** One record of a settings list: its name, a value per column between, and its buttons. */
export type ListedRecord = {
  key: string;
  heading: ReactNode;
  values: ReactNode[];
  actions: ReactNode;
};

const labelOf = (column: Column) => (typeof column === 'string' ? column : column.label);
const classOf = (column: Column | undefined) =>
  column && typeof column !== 'string' ? column.className : undefined;

/**
 * A list of settings records: a table from the md width up, and below it one card per record
 * with the same names and values, so a phone reaches every value and button without scrolling
 * sideways. `columns` names the heading's column first and the buttons' last.
 */
export function SettingsList({
  label,
  columns,
  records,
}: {
  label: string;
  columns: Column[];
  records: ListedRecord[];
}) {
  const between = columns.slice(1, -1);
  return (
    <>
      <div className="hidden md:block">
        <DataTable label={label} small columns={columns}>
          {records.map(({ key, heading, values, actions }) => (
            <tr key={key}>
              <th scope="row">{heading}</th>
              {values.map((value, i) => (
                <td key={i} className={classOf(between[i])}>
                  {value}
                </td>
              ))}
              <td>
                <div className="flex gap-2">{actions}</div>
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      <ul aria-label={label} className="flex flex-col gap-3 md:hidden">
        {records.map(({ key, heading, values, actions }) => (
          <li key={key} className="rounded-box border border-base-300 p-3">
            <p className="font-semibold">{heading}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {between.map((column, i) => (
                <div key={labelOf(column)} className="contents">
                  <dt className="text-base-content/80">{labelOf(column)}</dt>
                  <dd className="min-w-0 wrap-anywhere">{values[i]}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
