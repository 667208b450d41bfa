import { importApplyResult } from '../../../contract/imports.ts';
import type { Job } from '../../../contract/jobs.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { DataTable, numeric } from '../../components/data-table.tsx';

/**
 * After a products import: how many `image_url` links became the products' pictures, and the
 * lines whose link could not be stored, as the preview lists its errors. The products are there
 * all the same; a fixed file imported again fetches only the links still missing.
 */
export function ImageOutcome({ job }: { job: Job }) {
  const read = importApplyResult.safeParse(job.result);
  if (!read.success || read.data.images.wanted === 0) return null;
  const { images, imageErrors } = read.data;
  const more = images.failed - imageErrors.length;
  return (
    <section aria-labelledby="import-images-title" className="flex flex-col gap-2">
      <h3 id="import-images-title" className="text-lg font-semibold">
        Images
      </h3>
      <p>
        {groupDigits(images.stored)} of {groupDigits(images.wanted)} image links stored as the
        products’ pictures.
        {images.failed > 0 &&
          ' The lines below were applied without their picture: fix their links and import the file again.'}
      </p>
      {imageErrors.length > 0 && (
        <DataTable
          label="Image links not stored, by line"
          columns={[numeric('Line'), 'Column', 'Message']}
          small
        >
          {imageErrors.map((error) => (
            <tr key={error.line}>
              <th scope="row" className="text-right font-normal tabular-nums">
                {groupDigits(error.line)}
              </th>
              <td className="font-mono text-xs break-all">{error.column}</td>
              <td className="min-w-48">{error.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {more > 0 && <p className="text-sm">… and {groupDigits(more)} more, not listed.</p>}
    </section>
  );
}
