import { recordAudit } from '../../audit/record.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';
import type { ImportApplyResult } from '../../../contract/imports.ts';
import { fetchImportImages } from './import-images.ts';
import {
  findImport,
  importRowsAfter,
  linkedImageRows,
  lockUnapplied,
  markApplied,
} from '../../modules/imports/repository.ts';
import type { JobKind } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { importRules } from './check-file.ts';

const BATCH = 1000;

/**
 * The apply of a checked import: every line in one transaction, so a server killed halfway
 * leaves nothing of it, and the import marked applied in that same transaction, so a try that
 * runs again (a retry, a restart) finds it applied and changes nothing twice. While it runs
 * on PGlite nothing else reads the database (one connection), so its progress is written only
 * where other connections can read it meanwhile: PostgreSQL.
 */
export const applyImportJob = ({
  db,
  cache,
  view,
  progressWhileRunning,
  fetchAllowPrivate,
}: {
  db: Db;
  cache: ReadCache;
  view: CatalogView;
  progressWhileRunning: boolean;
  /** MEDIA_FETCH_ALLOW_PRIVATE: image links on loopback and private addresses (tests). */
  fetchAllowPrivate: boolean;
}): JobKind => ({
  ...queues.applyImport,
  async work({ input, progress }) {
    const importId = String(input.importId);
    const found = await findImport(db, importId);
    if (!found) throw new Error(`Import ${importId} is gone`);
    const rules = importRules[found.kind];
    if (!rules) throw new Error(`Imports of ${found.kind} are not taken`);
    const lines = found.preview.creates + found.preview.updates;
    // The image links are fetched after the lines, by this same job: it is done, and its bar
    // full, once every product has its picture or its line error.
    const linked = found.kind === 'products' ? await linkedImageRows(db, importId) : [];
    const total = lines + linked.length;
    const actor = { id: found.createdBy, name: found.createdByEmail };
    const write = () =>
      db.transaction(async (tx) => {
        if (!(await lockUnapplied(tx, importId))) return { applied: 0, already: true };
        const apply = await rules.beginApply(tx, {
          importId,
          companyId: found.companyId,
          actor,
          view,
        });
        let after = 0;
        let done = 0;
        for (;;) {
          const rows = await importRowsAfter(tx, importId, after, BATCH);
          const last = rows.at(-1);
          if (!last) break;
          await apply(rows);
          after = last.line;
          done += rows.length;
          if (progressWhileRunning) await progress(done, total);
        }
        await apply.finish?.();
        await markApplied(tx, importId);
        await recordAudit(
          tx,
          { id: actor.id ?? '', email: actor.name },
          {
            action: `import.${found.kind}`,
            targetType: 'import',
            targetId: importId,
            summary: `Import of ${found.kind} applied: ${found.preview.creates} created, ${found.preview.updates} changed`,
          },
        );
        return { applied: done, already: false };
      });
    const result = await cache.write(
      'product',
      write,
      found.kind === 'stock' ? 'stock' : undefined,
    );
    await progress(lines, total);
    const images = await fetchImportImages(
      { db, cache, view, allowPrivate: fetchAllowPrivate },
      linked,
      (done) => progress(lines + done, total),
    );
    const answer: ImportApplyResult = { importId, ...result, ...images };
    return answer;
  },
});
