import type { ImportPreview as Preview } from '../../../contract/imports.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { DataTable, numeric } from '../../components/data-table.tsx';

const plural = (n: number, one: string, many: string) =>
  `${groupDigits(n)} ${n === 1 ? one : many}`;

/**
 * What a checked file would do, in the order the issue asks: the counts, then the errors by
 * line and column, then the categories and brands applying it would make.
 */
export function ImportPreview({ preview }: { preview: Preview }) {
  const valid = preview.status === 'valid';
  return (
    <div className="flex flex-col gap-5">
      <p className={valid ? '' : 'font-medium text-error'}>
        {valid && preview.jobId
          ? 'What the file changes, all at once:'
          : valid
            ? 'The file is ready. Nothing has changed yet.'
            : `${plural(preview.errorCount, 'error', 'errors')} in the file. Nothing can be applied: fix the lines below in the file and check it again.`}
      </p>
      <Counts preview={preview} />
      {preview.errorCount > 0 && <Errors preview={preview} />}
      <Made title="New categories" names={preview.newCategories} />
      <Made title="New brands" names={preview.newBrands} />
    </div>
  );
}

function Counts({ preview }: { preview: Preview }) {
  const counts = [
    { label: 'Rows', value: preview.rows },
    { label: 'New', value: preview.creates },
    { label: 'Changed', value: preview.updates },
    { label: 'Unchanged', value: preview.unchanged },
  ];
  return (
    <dl aria-label="Counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counts.map(({ label, value }) => (
        <div key={label} className="rounded-box border border-base-300 bg-base-200/40 px-4 py-3">
          <dt className="text-sm text-base-content/70">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{groupDigits(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Errors({ preview }: { preview: Preview }) {
  const more = preview.errorCount - preview.errors.length;
  return (
    <section aria-labelledby="import-errors-title" className="flex flex-col gap-2">
      <h3 id="import-errors-title" className="text-lg font-semibold">
        Errors ({groupDigits(preview.errorCount)})
      </h3>
      <DataTable label="Errors by line" columns={[numeric('Line'), 'Column', 'Message']} small>
        {preview.errors.map((error, index) => (
          <tr key={`${error.line}-${error.column}-${index}`}>
            <th scope="row" className="text-right font-normal tabular-nums">
              {groupDigits(error.line)}
            </th>
            <td className="font-mono text-xs break-all">{error.column}</td>
            <td className="min-w-48">{error.message}</td>
          </tr>
        ))}
      </DataTable>
      {more > 0 && (
        <p className="text-sm">
          … and {plural(more, 'more error', 'more errors')}, not listed: fix these and check the
          file again to see them.
        </p>
      )}
    </section>
  );
}

/** The categories or brands the file names that do not exist yet: applying makes them. */
function Made({ title, names }: { title: string; names: readonly string[] }) {
  if (names.length === 0) return null;
  const id = `import-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="text-lg font-semibold">
        {title} ({groupDigits(names.length)})
      </h3>
      <p className="text-sm text-base-content/70">Applying the file makes these.</p>
      <ul className="list-inside list-disc">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </section>
  );
}
