import type { AuditEntry } from '../../../contract/audit.ts';
import { DataTable } from '../../components/data-table.tsx';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "product.create" reads as "Product create". */
const actionName = (action: string) => {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The audit trail: who did what to which object, and when; newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable label="Audit trail" columns={['When', 'Who', 'Action', 'Object', 'Summary']}>
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
    </DataTable>
  );
}
