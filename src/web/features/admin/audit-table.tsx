import type { AuditEntry } from '../../../contract/audit.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "product.create" reads as "Product create". */
const actionName = (action: string) => {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The audit trail: who did what to which object, and when; newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableScroll label="Audit trail">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Object</th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="whitespace-nowrap">
                <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
              </td>
              <td className="whitespace-nowrap">{entry.actorEmail}</td>
              <td className="whitespace-nowrap">{actionName(entry.action)}</td>
              <td>
                <span className="capitalize">{entry.targetType}</span>{' '}
                {/* Ids are long: the first characters tell rows apart, the title has it all. */}
                <code className="text-xs" title={entry.targetId}>
                  {entry.targetId.slice(0, 8)}
                </code>
              </td>
              <td className="min-w-48">{entry.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
